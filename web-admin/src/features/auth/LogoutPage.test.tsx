import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../../lib/storage.ts'
import { storeSession, userInfoBody } from '../../test/fixtures.ts'
import { mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'

describe('log out', () => {
  it('revokes the refresh token, forgets the session and shows the login screen', async () => {
    storeSession()
    const { requests } = mockApi({
      'GET /auth/user-info': { body: userInfoBody() },
      'POST /auth/logout': { status: 204 },
    })
    const { user, router } = renderWithProviders({ at: '/master/summary' })

    await user.click(await screen.findByRole('button', { name: '山田 太郎 アカウントメニュー' }))
    await user.click(await screen.findByRole('menuitem', { name: 'ログアウト' }))

    expect(await screen.findByRole('button', { name: 'ログイン' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
    const logout = requests.find((request) => request.path === '/auth/logout')
    expect(logout?.body).toEqual({ refresh_token: 'refresh-1' })
    expect(logout?.headers.get('authorization')).toBe('Bearer access-1')
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull()
  })

  it('still signs out when the API cannot be reached', async () => {
    storeSession()
    mockApi({ 'POST /auth/logout': { status: 500 } })
    const { router } = renderWithProviders({ at: '/log-out' })
    expect(await screen.findByRole('button', { name: 'ログイン' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull()
  })
})
