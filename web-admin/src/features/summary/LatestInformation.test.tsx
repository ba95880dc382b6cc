import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { storeSession, userInfoBody } from '../../test/fixtures.ts'
import { mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'

describe('latest information on the summary', () => {
  it('shows what the account reads now, newest first, with its link', async () => {
    storeSession({ user_type_segment: 'adminuser' })
    mockApi({
      'GET /auth/user-info': {
        body: userInfoBody({ user_type_segment: 'adminuser', account_type: 'USER', menu_areas: ['summary'] }),
      },
      'GET /summary': { body: { users: null, sites: { total: 0, by_status: [] } } },
      'GET /news/show': {
        body: {
          items: [
            {
              id: 'n1',
              title: 'パートナー勉強会',
              content: '30分でご紹介します。',
              content_url: 'https://example.com/seminar',
              distribute_site_url: '',
              image_url: null,
              publication_date: '2026-11-20T01:00:00.000Z',
            },
          ],
        },
      },
    })
    renderWithProviders({ at: '/adminuser/summary' })
    const card = await screen.findByRole('region', { name: '最新情報' })
    expect(await within(card).findByText('パートナー勉強会')).toBeTruthy()
    expect(within(card).getByText('30分でご紹介します。')).toBeTruthy()
    expect(within(card).getByRole('link', { name: '詳しく見る' }).getAttribute('href')).toBe(
      'https://example.com/seminar',
    )
  })
})
