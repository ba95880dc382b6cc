import { screen, waitFor, within } from '@testing-library/react'
import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { storeSession, userInfoBody } from '../../../test/fixtures.ts'
import { type MockReply, type MockRequest, mockApi } from '../../../test/mockApi.ts'
import { mockDownloads } from '../../../test/mockUpload.ts'
import { renderWithProviders } from '../../../test/renderWithProviders.tsx'
import { ConsoleLayout } from '../../shell/ConsoleLayout.tsx'
import { CONSOLE_ROUTES, type ConsoleRouteHandle } from '../../shell/consoleRoutes.ts'
import { SiteListPage } from '../list/SiteListPage.tsx'
import { SiteSubmissionsPage } from './SiteSubmissionsPage.tsx'

/** The console routes these tests open, mounted as app/routes.tsx mounts them; the editor is a stand-in. */
const PAGES: Record<string, RouteObject['element']> = {
  'site/:id/submissions': <SiteSubmissionsPage />,
  'site-list': <SiteListPage />,
  'site/:id': <h1>editor stand-in</h1>,
}

const routes: RouteObject[] = [
  {
    path: '/:userTypeId',
    element: <ConsoleLayout />,
    children: CONSOLE_ROUTES.filter((route) => route.path in PAGES).map((route) => ({
      path: route.path,
      handle: { areas: route.areas, page: route.page } satisfies ConsoleRouteHandle,
      element: PAGES[route.path],
    })),
  },
]

const SITE = { id: 'site-1', name: '春のキャンペーン' }

/** Rows as the API sends them (snake_case, instants in UTC). */
const memberBody = (overrides: Record<string, unknown> = {}) => ({
  id: 'm-1',
  email: 'hanako@example.com',
  status: 'ACTIVE',
  lang: 'JP',
  company: 'アルファ株式会社',
  answers: [{ name: 'f-name', title: 'お名前', value: '佐藤 花子' }],
  // 2025-04-01 09:30 and 09:40 in Japan.
  created_at: '2025-04-01T00:30:00.000Z',
  confirmed_at: '2025-04-01T00:40:00.000Z',
  ...overrides,
})

const pending = memberBody({
  id: 'm-2',
  email: 'taro@example.com',
  status: 'PENDING',
  lang: 'EN',
  company: '',
  answers: [],
  created_at: '2025-04-02T03:00:00.000Z',
  confirmed_at: null,
})

const contactBody = (overrides: Record<string, unknown> = {}) => ({
  id: 'c-1',
  email: 'visitor@example.com',
  lang: 'JP',
  company: '',
  answers: [
    { name: 'email', title: 'メールアドレス', value: 'visitor@example.com' },
    { name: 'f-body', title: 'お問い合わせ内容', value: '<b>至急</b>\n折り返しください' },
  ],
  mode: null,
  mail_status: 'FAILED',
  created_at: '2025-04-20T09:00:00.000Z',
  ...overrides,
})

const page = (items: unknown[], cursor?: string) => ({
  body: { site: SITE, items, ...(cursor ? { cursor } : {}) },
})

type Routes = Record<string, MockReply | ((request: MockRequest) => MockReply)>

const open = ({
  routes: overrides = {},
  info = {},
  at = '/master/site/site-1/submissions',
}: {
  routes?: Routes
  info?: Record<string, unknown>
  at?: string
} = {}) => {
  storeSession(info)
  const api = mockApi({
    'GET /auth/user-info': { body: userInfoBody(info) },
    'GET /site-member/site-1': page([memberBody(), pending]),
    'GET /site-contact/site-1': page([contactBody()]),
    'GET /site-form/site-1': page([contactBody({ id: 'f-1', mode: 'trial', mail_status: 'NONE' })]),
    ...overrides,
  })
  return { ...api, ...renderWithProviders({ at, routes }) }
}

const callsTo = (requests: MockRequest[], path: string) =>
  requests.filter((request) => request.method === 'GET' && request.path === path)
const lastQuery = (requests: MockRequest[], path: string) =>
  Object.fromEntries(callsTo(requests, path).at(-1)?.url.searchParams ?? [])

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent)

describe('site member, contact and form lists', () => {
  it('shows the site’s name and three tabs, the member list first', async () => {
    const { requests } = open()
    expect(
      await screen.findByRole('heading', {
        name: '春のキャンペーンの会員・お問い合わせ・フォーム',
        level: 1,
      }),
    ).toBeTruthy()
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      '会員',
      'お問い合わせ',
      'フォーム',
    ])
    expect(screen.getByRole('tab', { name: '会員' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '',
      'メールアドレス',
      'ステータス',
      '会社名',
      '登録日時',
      '本登録日時',
      '言語',
    ])
    const row = await screen.findByRole('row', { name: /hanako@example.com/ })
    expect(cellsOf(row)).toEqual([
      '回答を表示',
      'hanako@example.com',
      '本登録',
      'アルファ株式会社',
      '2025-04-01 09:30',
      '2025-04-01 09:40',
      '日本語',
    ])
    // A member without answers has nothing to open; one not confirmed yet has no confirmation time.
    expect(cellsOf(screen.getByRole('row', { name: /taro@example.com/ }))).toEqual([
      '',
      'taro@example.com',
      '仮登録',
      '—',
      '2025-04-02 12:00',
      '—',
      'English',
    ])
    expect(lastQuery(requests, '/site-member/site-1')).toEqual({ limit: '20' })
    expect(screen.getByRole('link', { name: 'サイト編集を開く' }).getAttribute('href')).toBe(
      '/master/site/site-1',
    )
  })

  it('keeps the tab in the address and shows each list with its own columns', async () => {
    const { user, router, requests } = open()
    await screen.findByRole('row', { name: /hanako@example.com/ })

    await user.click(screen.getByRole('tab', { name: 'お問い合わせ' }))
    await waitFor(() => expect(router.state.location.search).toBe('?tab=contact'))
    const row = await screen.findByRole('row', { name: /visitor@example.com/ })
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '',
      '受信日時',
      'メールアドレス',
      '会社名',
      '言語',
      '通知メール',
    ])
    expect(cellsOf(row)).toEqual([
      '回答を表示',
      '2025-04-20 18:00',
      'visitor@example.com',
      '—',
      '日本語',
      '送信失敗',
    ])
    expect(screen.queryByRole('combobox', { name: 'ステータスで絞り込み' })).toBeNull()

    await user.click(screen.getByRole('tab', { name: 'フォーム' }))
    await waitFor(() => expect(router.state.location.search).toBe('?tab=form'))
    const form = await screen.findByRole('row', { name: /visitor@example.com/ })
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toContain('モード')
    expect(cellsOf(form)).toContain('trial')
    expect(cellsOf(form)).toContain('送信なし')
    expect(callsTo(requests, '/site-form/site-1')).toHaveLength(1)
  })

  it('opens a contact to every answer, as text', async () => {
    const { user } = open({ at: '/master/site/site-1/submissions?tab=contact' })
    await screen.findByRole('row', { name: /visitor@example.com/ })
    const toggle = screen.getByRole('button', { name: 'visitor@example.comの回答を表示' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    await user.click(toggle)

    const answers = await screen.findByText('visitor@example.comの回答')
    const panel = answers.closest('.ant-descriptions') as HTMLElement
    expect(within(panel).getByText('お問い合わせ内容')).toBeTruthy()
    expect(within(panel).getByText('メールアドレス')).toBeTruthy()
    // Markup a visitor typed is shown as the characters typed, line break and all.
    const value = within(panel).getByText(/至急/)
    expect(value.textContent).toBe('<b>至急</b>\n折り返しください')
    expect(panel.querySelector('b')).toBeNull()
    expect(screen.getByRole('button', { name: 'visitor@example.comの回答を閉じる' })).toBeTruthy()
  })

  it('sends each filter to the API and keeps it in the address', async () => {
    const { user, router, requests } = open()
    await screen.findByRole('row', { name: /hanako@example.com/ })

    await user.type(screen.getByRole('searchbox', { name: 'メールアドレスで検索' }), 'Hanako{Enter}')
    await waitFor(() =>
      expect(lastQuery(requests, '/site-member/site-1')).toEqual({ limit: '20', email: 'Hanako' }),
    )

    await user.click(screen.getByRole('combobox', { name: 'ステータスで絞り込み' }))
    await user.click(await screen.findByRole('option', { name: '仮登録' }))
    await waitFor(() =>
      expect(lastQuery(requests, '/site-member/site-1')).toMatchObject({ status: 'PENDING' }),
    )

    const range = screen.getByRole('group', { name: '登録日' })
    const start = within(range).getByPlaceholderText('開始日')
    await user.click(start)
    await user.type(start, '2025-04-01{Enter}')
    const end = within(range).getByPlaceholderText('終了日')
    await user.click(end)
    await user.type(end, '2025-04-30{Enter}')
    await waitFor(() =>
      expect(lastQuery(requests, '/site-member/site-1')).toEqual({
        limit: '20',
        email: 'Hanako',
        status: 'PENDING',
        from: '2025-04-01',
        to: '2025-04-30',
      }),
    )
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      email: 'Hanako',
      status: 'PENDING',
      from: '2025-04-01',
      to: '2025-04-30',
    })

    // The email and the days carry over to the contact list; the member status does not.
    await user.click(screen.getByRole('tab', { name: 'お問い合わせ' }))
    await waitFor(() =>
      expect(lastQuery(requests, '/site-contact/site-1')).toEqual({
        limit: '20',
        email: 'Hanako',
        from: '2025-04-01',
        to: '2025-04-30',
      }),
    )
    expect(screen.getByRole('searchbox', { name: 'メールアドレスで検索' })).toHaveProperty('value', 'Hanako')
  })

  it('starts from the tab and filters in the address', async () => {
    const { requests } = open({
      at: '/master/site/site-1/submissions?tab=form&email=visitor&from=2025-04-01&to=not-a-day&status=ACTIVE',
    })
    await screen.findByRole('row', { name: /visitor@example.com/ })
    expect(screen.getByRole('tab', { name: 'フォーム' }).getAttribute('aria-selected')).toBe('true')
    expect(lastQuery(requests, '/site-form/site-1')).toEqual({
      limit: '20',
      email: 'visitor',
      from: '2025-04-01',
    })
    expect(callsTo(requests, '/site-member/site-1')).toHaveLength(0)
  })

  it('pages forward with the cursor and back again', async () => {
    const { user, requests } = open({
      routes: {
        'GET /site-member/site-1': (request) =>
          request.url.searchParams.get('cursor') === 'page-2'
            ? page([pending])
            : page([memberBody()], 'page-2'),
      },
    })
    await screen.findByRole('row', { name: /hanako@example.com/ })
    expect(screen.getByText('1ページ目')).toBeTruthy()
    expect(screen.getByRole('button', { name: '前のページ' }).hasAttribute('disabled')).toBe(true)

    await user.click(screen.getByRole('button', { name: '次のページ' }))
    await screen.findByRole('row', { name: /taro@example.com/ })
    expect(lastQuery(requests, '/site-member/site-1')).toEqual({ limit: '20', cursor: 'page-2' })
    expect(screen.getByText('2ページ目')).toBeTruthy()
    expect(screen.getByRole('button', { name: '次のページ' }).hasAttribute('disabled')).toBe(true)

    await user.click(screen.getByRole('button', { name: '前のページ' }))
    await screen.findByRole('row', { name: /hanako@example.com/ })
    expect(lastQuery(requests, '/site-member/site-1')).toEqual({ limit: '20' })
  })

  it('says when a list is still empty', async () => {
    open({
      routes: { 'GET /site-contact/site-1': page([]) },
      at: '/master/site/site-1/submissions?tab=contact',
    })
    expect(await screen.findByText('まだお問い合わせはありません。')).toBeTruthy()
  })

  it('says nothing matches when filters leave no member', async () => {
    open({
      routes: { 'GET /site-member/site-1': page([]) },
      at: '/master/site/site-1/submissions?email=nobody',
    })
    expect(await screen.findByText('条件に一致する会員はいません。')).toBeTruthy()
  })

  it('shows a load error with a retry', async () => {
    let calls = 0
    const { user } = open({
      routes: {
        'GET /site-member/site-1': () => {
          calls += 1
          return calls === 1
            ? {
                status: 500,
                body: { error: { code: 'error.internal', message: 'エラーが発生しました。(server)' } },
              }
            : page([memberBody()])
        },
      },
    })
    expect(await screen.findByText('エラーが発生しました。(server)')).toBeTruthy()
    expect(screen.getByText('一覧を読み込めませんでした。')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '再試行' }))
    expect(await screen.findByRole('row', { name: /hanako@example.com/ })).toBeTruthy()
  })

  it('says the site is not there when the API answers 404', async () => {
    open({
      routes: {
        'GET /site-member/site-1': {
          status: 404,
          body: { error: { code: 'error.notFound', message: '見つかりません。' } },
        },
      },
    })
    expect(await screen.findByRole('heading', { name: 'サイトが見つかりません', level: 1 })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'サイト一覧に戻る' }).getAttribute('href')).toBe(
      '/master/site-list',
    )
  })

  it('exports the open tab as CSV with the filters on screen', async () => {
    const { user, requests } = open({
      at: '/master/site/site-1/submissions?tab=contact&email=visitor&from=2025-04-01&status=ACTIVE',
      routes: {
        'GET /site-contact/site-1/export-csv': {
          text: '\uFEFF受信日時（日本時間）,メールアドレス\r\n2025-04-20 18:00:00,visitor@example.com\r\n',
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="contacts-2025-05-01.csv"',
          },
        },
      },
    })
    const { saved } = mockDownloads()
    await screen.findByRole('row', { name: /visitor@example.com/ })
    await user.click(screen.getByRole('button', { name: 'お問い合わせ一覧をCSVでエクスポート' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]?.fileName).toBe('contacts-2025-05-01.csv')
    expect(await saved[0]?.blob.text()).toContain('visitor@example.com')
    expect(lastQuery(requests, '/site-contact/site-1/export-csv')).toEqual({
      email: 'visitor',
      from: '2025-04-01',
    })
  })

  it('toasts the server message when an export is refused', async () => {
    const { user } = open({
      routes: {
        'GET /site-member/site-1/export-csv': {
          status: 400,
          body: { error: { code: 'submissions.exportTooLarge', message: '10000件を超えています。(server)' } },
        },
      },
    })
    mockDownloads()
    await screen.findByRole('row', { name: /hanako@example.com/ })
    await user.click(screen.getByRole('button', { name: '会員一覧をCSVでエクスポート' }))
    expect(await screen.findByText('10000件を超えています。(server)')).toBeTruthy()
  })
})

describe('the way in from the site list', () => {
  const listOf = {
    'GET /site': { body: { items: [siteRow()], next_cursor: null } },
    'GET /site/limits': {
      body: {
        plan: {
          id: 'standard',
          name: 'スタンダード',
          quantity_swipe: 30,
          quantity_site: 3,
          features: {
            private_domain: true,
            setting_popup_cta: true,
            setting_form_contact: true,
            analytics_effect: true,
            setting_tag_seo: true,
            multi_language: false,
          },
        },
        sites_used: 1,
      },
    },
  }

  function siteRow() {
    return {
      id: 'site-1',
      name: '春のキャンペーン',
      url: null,
      status: 'DRAFT',
      owner_id: 'user-1',
      owner_name: 'アルファ株式会社',
      number_horizontal: 1,
      number_vertical: 1,
      languages: ['JP'],
      created_at: '2025-03-31T15:00:00.000Z',
      published_at: null,
      version: 1,
    }
  }

  it('opens the lists from the row action', async () => {
    const { user, router } = open({
      at: '/master/site-list',
      routes: listOf,
    })
    await user.click(
      await screen.findByRole('link', { name: '「春のキャンペーン」の会員・お問い合わせ・フォーム' }),
    )
    await waitFor(() => expect(router.state.location.pathname).toBe('/master/site/site-1/submissions'))
    expect(await screen.findByRole('row', { name: /hanako@example.com/ })).toBeTruthy()
  })

  it('offers no way in to a viewer sub-admin, who may not read visitors’ data', async () => {
    open({
      at: '/adminuser/site-list',
      info: {
        id: 'sub-1',
        account_type: 'SUB_ADMIN',
        parent_type: 'USER',
        admin_role: 'VIEWER',
        user_type_segment: 'adminuser',
        allowed_actions: ['self:read', 'self:update', 'summary:read', 'site:read', 'analytics:read'],
      },
      routes: listOf,
    })
    const row = await screen.findByRole('row', { name: /春のキャンペーン/ })
    expect(within(row).getByRole('link', { name: '「春のキャンペーン」を表示' })).toBeTruthy()
    expect(within(row).queryByRole('link', { name: /会員・お問い合わせ/ })).toBeNull()
  })
})
