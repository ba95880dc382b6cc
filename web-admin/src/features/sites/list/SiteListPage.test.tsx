import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { i18n } from '../../../i18n/index.ts'
import { profileBody, storeSession, userInfoBody } from '../../../test/fixtures.ts'
import { type MockReply, type MockRequest, mockApi } from '../../../test/mockApi.ts'
import { mockDownloads } from '../../../test/mockUpload.ts'
import { renderWithProviders } from '../../../test/renderWithProviders.tsx'
import { siteTestRoutes } from './testRoutes.tsx'

/** One row of GET /site as the API sends it (snake_case, instants in UTC). */
const siteBody = (overrides: Record<string, unknown> = {}) => ({
  id: 'site-1',
  name: '春のキャンペーン',
  url: 'http://3f2a.sites.example.com/',
  status: 'PUBLISH',
  owner_id: 'user-1',
  owner_name: 'アルファ株式会社',
  number_horizontal: 2,
  number_vertical: 3,
  languages: ['JP'],
  // 2025-04-01 00:00 and 2025-04-10 10:30 in Japan.
  created_at: '2025-03-31T15:00:00.000Z',
  published_at: '2025-04-10T01:30:00.000Z',
  version: 4,
  ...overrides,
})

const spring = siteBody()
const summer = siteBody({
  id: 'site-2',
  name: '夏の告知',
  url: null,
  status: 'DRAFT',
  owner_id: 'user-2',
  owner_name: 'ベータ合同会社',
  created_at: '2025-05-02T03:04:00.000Z',
  published_at: null,
  version: 1,
})

const limitsBody = ({ used = 1, max = 3, multiLanguage = false } = {}) => ({
  plan: {
    id: 'standard',
    name: 'スタンダード',
    quantity_swipe: 30,
    quantity_site: max,
    features: {
      private_domain: true,
      setting_popup_cta: true,
      setting_form_contact: true,
      analytics_effect: true,
      setting_tag_seo: true,
      multi_language: multiLanguage,
    },
  },
  sites_used: used,
})

type Routes = Record<string, MockReply | ((request: MockRequest) => MockReply)>

const open = ({
  routes = {},
  info = {},
  at = '/master/site-list',
}: {
  routes?: Routes
  info?: Record<string, unknown>
  at?: string
} = {}) => {
  storeSession(info)
  const api = mockApi({
    'GET /auth/user-info': { body: userInfoBody(info) },
    'GET /site': { body: { items: [spring, summer], next_cursor: null } },
    'GET /site/limits': { body: limitsBody() },
    'GET /users': {
      body: {
        items: [
          profileBody(),
          profileBody({ id: 'user-2', account_type: 'USER', company_name: 'ベータ合同会社' }),
          // An OEM admin builds for its OEM master and owns no site: no choice in the filter.
          profileBody({ id: 'admin-3', account_type: 'OEM_ADMIN', company_name: 'ガンマ管理者' }),
        ],
        next_cursor: null,
      },
    },
    ...routes,
  })
  return { ...api, ...renderWithProviders({ at, routes: siteTestRoutes }) }
}

type User = ReturnType<typeof renderWithProviders>['user']

const listCalls = (requests: MockRequest[]) =>
  requests.filter((request) => request.method === 'GET' && request.path === '/site')
const lastQuery = (requests: MockRequest[]) =>
  Object.fromEntries(listCalls(requests).at(-1)?.url.searchParams ?? [])

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent)

/** The last dialog on screen (a closing one may still be in the DOM: jsdom ends no animation). */
const lastDialog = async () => {
  await screen.findAllByRole('dialog')
  return screen.getAllByRole('dialog').at(-1) as HTMLElement
}

/** Types a day into one end of a labelled range picker and confirms it. */
const pickDay = async (user: User, range: string, end: '開始日' | '終了日', day: string) => {
  const input = within(screen.getByRole('group', { name: range })).getByPlaceholderText(end)
  await user.click(input)
  await user.type(input, `${day}{Enter}`)
}

describe('site list', () => {
  it('shows every column: linked name, URL in a new tab, status, parent account and JST dates', async () => {
    open()
    expect(await screen.findByRole('heading', { name: 'サイト一覧', level: 1 })).toBeTruthy()
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent)
    expect(headers).toEqual(['サイト名', 'URL', 'ステータス', '親アカウント', '作成日', '公開日', '操作'])

    const row = await screen.findByRole('row', { name: /春のキャンペーン/ })
    expect(cellsOf(row)).toEqual([
      '春のキャンペーン',
      'http://3f2a.sites.example.com/',
      '公開',
      'アルファ株式会社',
      '2025-04-01 00:00',
      '2025-04-10 10:30',
      '編集会員・お問い合わせお知らせ配信API削除',
    ])
    expect(within(row).getByRole('link', { name: '春のキャンペーン' }).getAttribute('href')).toBe(
      '/master/site/site-1',
    )
    const url = within(row).getByRole('link', { name: 'http://3f2a.sites.example.com/' })
    expect(url.getAttribute('href')).toBe('http://3f2a.sites.example.com/')
    expect(url.getAttribute('target')).toBe('_blank')
    expect(url.getAttribute('rel')).toBe('noopener noreferrer')
    expect(within(row).getByRole('link', { name: '「春のキャンペーン」を編集' }).getAttribute('href')).toBe(
      '/master/site/site-1',
    )
    expect(within(row).getByRole('button', { name: '「春のキャンペーン」を削除' })).toBeTruthy()
    expect(
      within(row)
        .getByRole('link', { name: '「春のキャンペーン」の会員・お問い合わせ・フォーム' })
        .getAttribute('href'),
    ).toBe('/master/site/site-1/submissions')

    const draft = screen.getByRole('row', { name: /夏の告知/ })
    expect(cellsOf(draft)).toEqual([
      '夏の告知',
      '—',
      '下書き',
      'ベータ合同会社',
      '2025-05-02 12:04',
      '—',
      '編集会員・お問い合わせお知らせ配信API削除',
    ])
    expect(screen.getByText(/日付・日時はすべて日本時間（JST）です。/)).toBeTruthy()
  })

  it('fits a laptop: long names and URLs wrap, secondary columns collapse, nothing is pinned over other columns', async () => {
    const long = siteBody({
      name: `春のキャンペーン${'とても長いサイト名'.repeat(6)}`,
      url: `https://${'very-long-subdomain-'.repeat(5)}example.sites.example.com/`,
    })
    open({ routes: { 'GET /site': { body: { items: [long], next_cursor: null } } } })
    const row = await screen.findByRole('row', { name: /春のキャンペーン/ })
    const cells = within(row).getAllByRole('cell')
    // The whole name and URL are there (they wrap; the browser test measures the widths).
    expect(cells[0]?.textContent).toBe(long.name)
    expect(within(cells[1]!).getByRole('link').getAttribute('title')).toBe(
      `${long.url} (新しいタブで開きます)`,
    )
    // URL, parent account and creation day fold away below 1200 px; the rest always shows.
    const headers = screen.getAllByRole('columnheader')
    const collapsing = headers.filter((header) => header.className.includes('collapse'))
    expect(collapsing.map((header) => header.textContent)).toEqual(['URL', '親アカウント', '作成日'])
    // No column is pinned (a sticky 操作 column covered ステータス and 親アカウント at 1366 px).
    for (const cell of [...headers, ...cells]) expect(cell.className).not.toContain('ant-table-cell-fix')
    const actions = cells.at(-1)!
    expect(within(actions).getByRole('link', { name: `「${long.name}」を編集` })).toBeTruthy()
    expect(within(actions).getByRole('button', { name: `「${long.name}」を削除` })).toBeTruthy()
  })

  it('shows a scheduled publish and unpublish under the status, in short Japanese time', async () => {
    const scheduled = siteBody({
      // 2026-12-01 10:00 and 2026-12-31 23:59 in Japan.
      scheduled_publish_at: '2026-12-01T01:00:00.000Z',
      scheduled_unpublish_at: '2026-12-31T14:59:00.000Z',
    })
    const onlyStart = siteBody({ ...summer, scheduled_publish_at: '2026-11-30T15:00:00.000Z' })
    open({ routes: { 'GET /site': { body: { items: [scheduled, onlyStart], next_cursor: null } } } })
    const row = await screen.findByRole('row', { name: /春のキャンペーン/ })
    const tags = within(row).getByTestId('schedule-site-1')
    expect([...tags.querySelectorAll('.ant-tag')].map((tag) => tag.textContent)).toEqual([
      '予約公開 12/01 10:00',
      '公開終了 12/31 23:59',
    ])
    // Inside the status column, under the status.
    expect(within(row).getAllByRole('cell')[2]?.textContent).toBe(
      '公開予約公開 12/01 10:00公開終了 12/31 23:59',
    )
    const draft = screen.getByRole('row', { name: /夏の告知/ })
    expect(within(draft).getByTestId('schedule-site-2').textContent).toBe('予約公開 12/01 00:00')
  })

  it('writes each filter to the address and sends it to the API', async () => {
    const { user, requests, router } = open()
    await screen.findByRole('row', { name: /春のキャンペーン/ })
    expect(lastQuery(requests)).toEqual({ limit: '20' })

    await user.type(screen.getByRole('searchbox', { name: 'サイト名で検索' }), '春{Enter}')
    await waitFor(() => expect(lastQuery(requests)).toEqual({ limit: '20', name: '春' }))

    await user.click(screen.getByRole('combobox', { name: 'ステータスで絞り込み' }))
    await user.click(await screen.findByRole('option', { name: '下書き' }))
    await waitFor(() => expect(lastQuery(requests)).toMatchObject({ status: 'DRAFT' }))

    await pickDay(user, '作成日', '開始日', '2025-04-01')
    await pickDay(user, '作成日', '終了日', '2025-04-30')
    await waitFor(() =>
      expect(lastQuery(requests)).toMatchObject({ created_from: '2025-04-01', created_to: '2025-04-30' }),
    )

    // One end of a range may stay open.
    await pickDay(user, '公開日', '開始日', '2025-05-01')
    await user.click(screen.getByRole('heading', { name: 'サイト一覧', level: 1 }))
    await waitFor(() => expect(lastQuery(requests)).toMatchObject({ published_from: '2025-05-01' }))

    await user.click(screen.getByRole('combobox', { name: '親アカウントで絞り込み' }))
    // The status list closed earlier stays in the DOM (jsdom ends no animation): take the newest.
    const listbox = (await screen.findAllByRole('listbox')).at(-1) as HTMLElement
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['すべての親アカウント', 'Swipe Inc.（自分）', 'アルファ株式会社', 'ベータ合同会社']),
    )
    await user.click(within(listbox).getByRole('option', { name: 'ベータ合同会社' }))

    await waitFor(() =>
      expect(lastQuery(requests)).toEqual({
        limit: '20',
        name: '春',
        status: 'DRAFT',
        owner_id: 'user-2',
        created_from: '2025-04-01',
        created_to: '2025-04-30',
        published_from: '2025-05-01',
      }),
    )
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      name: '春',
      status: 'DRAFT',
      ownerId: 'user-2',
      createdFrom: '2025-04-01',
      createdTo: '2025-04-30',
      publishedFrom: '2025-05-01',
    })
  })

  it('searches the parent accounts on the server as the user types', async () => {
    const { user, requests } = open()
    await screen.findByRole('row', { name: /春のキャンペーン/ })
    await user.type(screen.getByRole('combobox', { name: '親アカウントで絞り込み' }), 'ベータ')
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/users' && r.url.searchParams.get('q') === 'ベータ')).toBe(
        true,
      ),
    )
    const search = requests.find((r) => r.path === '/users' && r.url.searchParams.get('q') === 'ベータ')
    expect(search?.url.searchParams.get('limit')).toBe('20')
  })

  it('starts from the filters in the address', async () => {
    const { requests } = open({
      at: '/master/site-list?name=春&status=PUBLISH&ownerId=user-1&createdFrom=2025-04-01&publishedTo=2025-04-30',
    })
    await screen.findByRole('row', { name: /春のキャンペーン/ })
    expect(lastQuery(requests)).toEqual({
      limit: '20',
      name: '春',
      status: 'PUBLISH',
      owner_id: 'user-1',
      created_from: '2025-04-01',
      published_to: '2025-04-30',
    })
    expect((screen.getByRole('searchbox', { name: 'サイト名で検索' }) as HTMLInputElement).value).toBe('春')
    const created = within(screen.getByRole('group', { name: '作成日' }))
    expect((created.getByPlaceholderText('開始日') as HTMLInputElement).value).toBe('2025-04-01')
    expect((created.getByPlaceholderText('終了日') as HTMLInputElement).value).toBe('')
    const owner = screen.getByRole('combobox', { name: '親アカウントで絞り込み' })
    await waitFor(() => expect(owner.closest('.ant-select')?.textContent).toContain('アルファ株式会社'))
  })

  it('pages forward with the next cursor and back again', async () => {
    const { user, requests } = open({
      routes: {
        'GET /site': (request) =>
          request.url.searchParams.get('cursor') === 'page-2'
            ? { body: { items: [summer], next_cursor: null } }
            : { body: { items: [spring], next_cursor: 'page-2' } },
      },
    })
    await screen.findByRole('row', { name: /春のキャンペーン/ })
    expect(screen.getByRole('button', { name: '前のページ' }).hasAttribute('disabled')).toBe(true)

    await user.click(screen.getByRole('button', { name: '次のページ' }))
    expect(await screen.findByRole('row', { name: /夏の告知/ })).toBeTruthy()
    expect(lastQuery(requests)).toEqual({ limit: '20', cursor: 'page-2' })
    expect(screen.getByText('2ページ目')).toBeTruthy()
    expect(screen.getByRole('button', { name: '次のページ' }).hasAttribute('disabled')).toBe(true)

    await user.click(screen.getByRole('button', { name: '前のページ' }))
    expect(await screen.findByRole('row', { name: /春のキャンペーン/ })).toBeTruthy()
    expect(screen.getByText('1ページ目')).toBeTruthy()
  })

  it('deletes after a confirmation naming the site, with its version, and refreshes the list', async () => {
    let deleted = false
    const { user, requests } = open({
      routes: {
        'GET /site': () => ({ body: { items: deleted ? [summer] : [spring, summer], next_cursor: null } }),
        'DELETE /site/site-1': () => {
          deleted = true
          return { body: { message: 'サイトを削除しました。(server)' } }
        },
      },
    })
    const row = await screen.findByRole('row', { name: /春のキャンペーン/ })
    await user.click(within(row).getByRole('button', { name: '「春のキャンペーン」を削除' }))

    const dialog = await lastDialog()
    expect(dialog.textContent).toContain('「春のキャンペーン」を削除しますか？')
    expect(dialog.textContent).toContain('削除したサイトは元に戻せません。')
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false)
    const loads = listCalls(requests).length
    await user.click(within(dialog).getByRole('button', { name: '削除する' }))

    expect(await screen.findByText('サイトを削除しました。(server)')).toBeTruthy()
    const sent = requests.filter((r) => r.method === 'DELETE')
    expect(sent.map((r) => `${r.path}?${r.url.searchParams}`)).toEqual(['/site/site-1?version=4'])
    await waitFor(() => expect(screen.queryByRole('row', { name: /春のキャンペーン/ })).toBeNull())
    expect(listCalls(requests).length).toBeGreaterThan(loads)
  })

  it('keeps the site when the confirmation is cancelled', async () => {
    const { user, requests } = open()
    const row = await screen.findByRole('row', { name: /春のキャンペーン/ })
    await user.click(within(row).getByRole('button', { name: '「春のキャンペーン」を削除' }))
    await user.click(within(await lastDialog()).getByRole('button', { name: 'キャンセル' }))
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false)
  })

  it('says another change came first when the delete meets a newer version, and refreshes', async () => {
    const { user, requests } = open({
      routes: {
        'DELETE /site/site-1': {
          status: 409,
          body: { error: { code: 'error.conflict', message: '他の変更が先に保存されました。(server)' } },
        },
      },
    })
    const row = await screen.findByRole('row', { name: /春のキャンペーン/ })
    const loads = listCalls(requests).length
    await user.click(within(row).getByRole('button', { name: '「春のキャンペーン」を削除' }))
    await user.click(within(await lastDialog()).getByRole('button', { name: '削除する' }))

    await waitFor(async () =>
      expect((await lastDialog()).textContent).toContain('他の変更が先に保存されました'),
    )
    expect((await lastDialog()).textContent).toContain('別の操作で更新されたため、削除しませんでした。')
    await waitFor(() => expect(listCalls(requests).length).toBeGreaterThan(loads))
    expect(screen.getByRole('row', { name: /春のキャンペーン/ })).toBeTruthy()
  })

  it('exports the list as CSV with the filters on screen', async () => {
    const { user, requests } = open({
      at: '/master/site-list?name=春&status=PUBLISH&createdFrom=2025-04-01&createdTo=2025-04-30&publishedFrom=2025-04-10',
      routes: {
        'GET /site/export': {
          text: '\uFEFFサイト名,URL\r\n春のキャンペーン,http://3f2a.sites.example.com/\r\n',
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="sites-2025-05-01.csv"',
          },
        },
      },
    })
    const { saved } = mockDownloads()
    await screen.findByRole('row', { name: /春のキャンペーン/ })
    await user.click(screen.getByRole('button', { name: 'CSVエクスポート' }))

    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]?.fileName).toBe('sites-2025-05-01.csv')
    const sent = requests.filter((r) => r.path === '/site/export')
    expect(sent.map((r) => Object.fromEntries(r.url.searchParams))).toEqual([
      {
        name: '春',
        status: 'PUBLISH',
        created_from: '2025-04-01',
        created_to: '2025-04-30',
        published_from: '2025-04-10',
      },
    ])
  })

  it('toasts the server message when the export fails', async () => {
    const { user } = open({
      routes: {
        'GET /site/export': {
          status: 500,
          body: { error: { code: 'error.internal', message: 'エラーが発生しました。(server)' } },
        },
      },
    })
    mockDownloads()
    await screen.findByRole('row', { name: /春のキャンペーン/ })
    await user.click(screen.getByRole('button', { name: 'CSVエクスポート' }))
    expect(await screen.findByText('エラーが発生しました。(server)')).toBeTruthy()
  })

  it('leads to the create form while the plan has room', async () => {
    const { user, router } = open()
    await screen.findByRole('row', { name: /春のキャンペーン/ })
    await user.click(screen.getByRole('button', { name: '新規作成' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/master/create-site'))
  })

  it("disables create at the plan's site limit and says why", async () => {
    open({ routes: { 'GET /site/limits': { body: limitsBody({ used: 3, max: 3 }) } } })
    await screen.findByRole('row', { name: /春のキャンペーン/ })
    const reason =
      'ご契約のプラン「スタンダード」で作成できるサイトは3件までです（作成済み：3件）。新しく作成するには、不要なサイトを削除するかプランを変更してください。'
    const button = await screen.findByRole('button', { name: '新規作成', description: reason })
    expect(button.hasAttribute('disabled')).toBe(true)
    expect(screen.getByText(reason)).toBeTruthy()
  })

  it('names the plan in the console language', async () => {
    open({ routes: { 'GET /site/limits': { body: limitsBody({ used: 3, max: 3 }) } } })
    await screen.findByRole('row', { name: /春のキャンペーン/ })
    for (const [lng, reason] of [
      [
        'en',
        'Your plan "Standard" allows up to 3 sites (3 created). To create another, delete a site you no longer need or change your plan.',
      ],
      ['zh', '您的套餐“标准版”最多可创建 3 个网站（已创建 3 个）。如需新建，请删除不需要的网站或更改套餐。'],
      [
        'ko',
        '현재 플랜 "스탠다드"에서는 사이트를 최대 3개까지 만들 수 있습니다(생성됨: 3개). 새로 만들려면 필요 없는 사이트를 삭제하거나 플랜을 변경해 주세요.',
      ],
    ] as const) {
      await act(() => i18n.changeLanguage(lng))
      expect(await screen.findByText(reason)).toBeTruthy()
    }
  })

  it('shows an empty state with a create button', async () => {
    const { user, router } = open({ routes: { 'GET /site': { body: { items: [], next_cursor: null } } } })
    expect(await screen.findByText('サイトはまだありません。')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '最初のサイトを作成する' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/master/create-site'))
  })

  it('says nothing matches when filters leave no site', async () => {
    open({
      at: '/master/site-list?status=EXPIRED',
      routes: { 'GET /site': { body: { items: [], next_cursor: null } } },
    })
    expect(await screen.findByText('条件に一致するサイトはありません。')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '最初のサイトを作成する' })).toBeNull()
  })

  it('shows a load error with a retry', async () => {
    let fail = true
    const { user } = open({
      routes: {
        'GET /site': () =>
          fail
            ? {
                status: 500,
                body: { error: { code: 'error.internal', message: '読み込みに失敗しました。(server)' } },
              }
            : { body: { items: [spring], next_cursor: null } },
      },
    })
    expect(await screen.findByText('読み込みに失敗しました。(server)')).toBeTruthy()
    fail = false
    await user.click(screen.getByRole('button', { name: '再試行' }))
    expect(await screen.findByRole('row', { name: /春のキャンペーン/ })).toBeTruthy()
  })

  it('gives a view-only direct user no owner filter and no writes', async () => {
    const { requests } = open({
      at: '/adminuser/site-list',
      info: {
        id: 'user-9',
        account_type: 'USER',
        parent_type: 'OEM_MASTER',
        user_type_segment: 'adminuser',
        authority: 'VIEW',
        allowed_actions: ['self:read', 'self:update', 'summary:read', 'site:read', 'analytics:read'],
      },
    })
    const row = await screen.findByRole('row', { name: /春のキャンペーン/ })
    expect(screen.queryByRole('combobox', { name: '親アカウントで絞り込み' })).toBeNull()
    expect(screen.getByRole('button', { name: '新規作成' }).hasAttribute('disabled')).toBe(true)
    expect(
      within(row).getByRole('button', { name: '「春のキャンペーン」を削除' }).hasAttribute('disabled'),
    ).toBe(true)
    expect(within(row).getByRole('link', { name: '「春のキャンペーン」を表示' }).getAttribute('href')).toBe(
      '/adminuser/site/site-1',
    )
    // A direct user may not read accounts: the users API is never asked.
    expect(requests.some((r) => r.path.startsWith('/users'))).toBe(false)
  })
})

describe("an account's sites", () => {
  it("lists only that account's sites under its name, without the owner filter or create", async () => {
    const { requests } = open({
      at: '/master/site/list/user-1',
      routes: {
        'GET /users/user-1': { body: { ...profileBody(), history: [] } },
        'GET /site': { body: { items: [spring], next_cursor: null } },
      },
    })
    expect(
      await screen.findByRole('heading', { name: 'アルファ株式会社のサイト一覧', level: 1 }),
    ).toBeTruthy()
    await screen.findByRole('row', { name: /春のキャンペーン/ })
    expect(lastQuery(requests)).toEqual({ limit: '20', owner_id: 'user-1' })
    expect(screen.queryByRole('combobox', { name: '親アカウントで絞り込み' })).toBeNull()
    expect(screen.queryByRole('button', { name: '新規作成' })).toBeNull()
  })

  it('keeps the owner when other filters are added and exports only its sites', async () => {
    const { user, requests } = open({
      at: '/master/site/list/user-1',
      routes: {
        'GET /users/user-1': { body: { ...profileBody(), history: [] } },
        'GET /site/export': { text: 'x', headers: { 'content-type': 'text/csv' } },
      },
    })
    const { saved } = mockDownloads()
    await screen.findByRole('row', { name: /春のキャンペーン/ })
    await user.click(screen.getByRole('combobox', { name: 'ステータスで絞り込み' }))
    await user.click(await screen.findByRole('option', { name: '公開' }))
    await waitFor(() =>
      expect(lastQuery(requests)).toEqual({ limit: '20', owner_id: 'user-1', status: 'PUBLISH' }),
    )

    await user.click(screen.getByRole('button', { name: 'CSVエクスポート' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(
      Object.fromEntries(requests.find((r) => r.path === '/site/export')?.url.searchParams ?? []),
    ).toEqual({
      owner_id: 'user-1',
      status: 'PUBLISH',
    })
  })
})
