import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { storeSession, userInfoBody } from '../../test/fixtures.ts'
import { mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'

// The analytics screen's chunk "fails to download", as after a release replaced the files.
vi.mock('../analytics/AnalyticsPage.tsx', () => {
  throw new TypeError(
    'Failed to fetch dynamically imported module: http://127.0.0.1:5173/assets/AnalyticsPage-1a2b.js',
  )
})
// The summary screen crashes while rendering.
vi.mock('../summary/SummaryPage.tsx', () => ({
  SummaryPage: () => {
    throw new Error('boom')
  },
}))

describe('route errors', () => {
  it('offers a reload when a screen chunk cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    storeSession()
    mockApi({ 'GET /auth/user-info': { body: userInfoBody() } })
    renderWithProviders({ at: '/master/analytics' })

    expect(await screen.findByRole('heading', { name: '画面の読み込みに失敗しました' })).toBeTruthy()
    const reload = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload })
    screen.getByRole('button', { name: '再読み込み' }).click()
    expect(reload).toHaveBeenCalledOnce()
  })

  it('shows the generic error page when a screen throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    storeSession()
    mockApi({ 'GET /auth/user-info': { body: userInfoBody() } })
    renderWithProviders({ at: '/master/summary' })

    expect(await screen.findByRole('heading', { name: 'エラーが発生しました' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeTruthy()
  })
})
