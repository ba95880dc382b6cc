import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../../lib/storage.ts'
import { storeSession, userInfoBody } from '../../test/fixtures.ts'
import { mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'

const signedInAs = (info: Record<string, unknown>) => {
  storeSession(info)
  return mockApi({ 'GET /auth/user-info': { body: userInfoBody(info) } })
}

describe('console shell', () => {
  it('shows only the menu areas of the user, linked under the user-type segment', async () => {
    signedInAs({
      user_type_segment: 'adminuser',
      account_type: 'USER',
      menu_areas: ['summary', 'siteProduction', 'checkPlan'],
    })
    renderWithProviders({ at: '/adminuser/summary' })

    const nav = await screen.findByRole('navigation', { name: 'メインメニュー' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['サマリー', '/adminuser/summary'],
      ['サイト制作', '/adminuser/site-list'],
      ['プラン確認', '/adminuser/check-plan'],
    ])
    expect(within(nav).queryByRole('link', { name: 'ユーザー管理' })).toBeNull()
  })

  it('opens an allowed area page with its title and an empty state', async () => {
    storeSession({})
    mockApi({
      'GET /auth/user-info': { body: userInfoBody({ menu_areas: ['summary', 'latestInformation'] }) },
      'GET /news': { body: { items: [], next_cursor: null } },
    })
    const { user, router } = renderWithProviders({ at: '/master/summary' })

    await user.click(await screen.findByRole('link', { name: '最新情報' }))
    expect(await screen.findByRole('heading', { name: '最新情報一覧', level: 1 })).toBeTruthy()
    expect(await screen.findByText('最新情報はまだありません。')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/master/latest-information')
  })

  it('sends an area outside the menu areas to the forbidden page', async () => {
    signedInAs({ menu_areas: ['summary'] })
    const { router } = renderWithProviders({ at: '/master/latest-information/edit/n-1' })

    expect(await screen.findByRole('heading', { name: 'アクセス権限がありません' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/errors/403')
  })

  it("sends another user type's segment to the forbidden page", async () => {
    signedInAs({ user_type_segment: 'master' })
    const { router } = renderWithProviders({ at: '/admin/summary' })

    expect(await screen.findByRole('heading', { name: 'アクセス権限がありません' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/errors/403')
  })

  it('sends a visitor without a session to the login screen', async () => {
    mockApi({})
    const { router } = renderWithProviders({ at: '/master/summary' })
    expect(await screen.findByRole('button', { name: 'ログイン' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
  })

  it.each(['/no-such-page', '/master/no-such-page', '/errors/404'])(
    'shows the not-found page for %s',
    async (path) => {
      signedInAs({})
      renderWithProviders({ at: path })
      expect(await screen.findByRole('heading', { name: 'ページが見つかりません' })).toBeTruthy()
    },
  )

  it('shows the company logo and account menu, and changes the language of the console', async () => {
    signedInAs({ logo_url: 'https://cdn.example.com/logo.png', main_color: '#123456', text_color: '#ffffff' })
    const { user, router } = renderWithProviders({ at: '/master/summary' })

    expect(await screen.findByRole('img', { name: 'Swipe Inc.のロゴ' })).toBeTruthy()
    await user.selectOptions(screen.getByRole('combobox', { name: '言語' }), 'English')
    expect(await screen.findByRole('heading', { name: 'Summary', level: 1 })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Users' })).toBeTruthy()
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe('en')

    // Named by its visible text, then what it opens (label in name, WCAG 2.5.3).
    await user.click(screen.getByRole('button', { name: '山田 太郎 Account menu' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Change password' }))
    expect(await screen.findByRole('heading', { name: 'Change password', level: 1 })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/master/change-password')
  })

  it('redirects the bare segment to its summary', async () => {
    signedInAs({})
    const { router } = renderWithProviders({ at: '/master' })
    expect(await screen.findByRole('heading', { name: 'サマリー', level: 1 })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/master/summary')
  })
})
