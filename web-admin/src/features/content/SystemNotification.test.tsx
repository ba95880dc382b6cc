import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { storeSession, userInfoBody } from '../../test/fixtures.ts'
import { type MockReply, type MockRequest, mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'

type Routes = Record<string, MockReply | ((request: MockRequest) => MockReply)>

const notice = (overrides: Record<string, unknown> = {}) => ({
  id: 'n-1',
  audiences: ['OEM_USER', 'OEM_ADMIN'],
  mode: 'INSTANT',
  draft: false,
  status: 'public',
  title: { ja: 'メンテナンスのお知らせ', en: 'Maintenance' },
  content: { ja: '12月1日にメンテナンスを行います。' },
  content_url: 'https://example.com/m',
  publication_date: '2026-11-20T01:00:00.000Z',
  start_date: null,
  end_date: null,
  created_at: '2026-11-20T01:00:00.000Z',
  updated_at: '2026-11-20T01:00:00.000Z',
  version: 3,
  ...overrides,
})

const asMaster = (at: string, routes: Routes = {}) => {
  storeSession()
  const api = mockApi({
    'GET /auth/user-info': { body: userInfoBody({ menu_areas: ['summary', 'systemNotification'] }) },
    'GET /system_noti': { body: { items: [notice()], next_cursor: null } },
    'GET /system_noti/n-1': { body: notice() },
    ...routes,
  })
  return { ...api, ...renderWithProviders({ at }) }
}

describe('the bell', () => {
  const feed = (read: boolean) => ({
    unread_count: read ? 0 : 2,
    items: [
      {
        id: 'a',
        title: '新機能のお知らせ',
        content: '分析画面が新しくなりました。',
        content_url: '',
        publication_date: '2026-11-21T00:00:00.000Z',
        read,
      },
      {
        id: 'b',
        title: 'メンテナンス',
        content: '12月1日',
        content_url: 'https://example.com',
        publication_date: '2026-11-20T00:00:00.000Z',
        read,
      },
    ],
    next_cursor: null,
  })

  it('shows the unread count, marks an opened item read and marks all as read', async () => {
    let read = false
    storeSession({ user_type_segment: 'adminuser' })
    const { requests } = mockApi({
      'GET /auth/user-info': {
        body: userInfoBody({ user_type_segment: 'adminuser', account_type: 'USER', menu_areas: ['summary'] }),
      },
      'GET /summary': { status: 500, body: { error: { code: 'error.internal', message: 'x' } } },
      'GET /system_noti/show': () => ({ body: feed(read) }),
      'POST /system_noti/mark_as_read': (request) => {
        if ((request.body as { all?: boolean }).all) read = true
        return { body: { unread_count: read ? 0 : 1, message: '既読にしました。' } }
      },
    })
    const { user } = renderWithProviders({ at: '/adminuser/summary' })

    const bell = await screen.findByRole('button', { name: 'お知らせ（未読 2 件）' })
    await user.click(bell)
    const panel = await screen.findByRole('region', { name: 'お知らせ' })
    await user.click(within(panel).getByRole('button', { name: /新機能のお知らせ/ }))
    expect(await within(panel).findByText('分析画面が新しくなりました。')).toBeTruthy()
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ noti_ids: ['a'] }))

    await user.click(within(panel).getByRole('button', { name: 'すべて既読にする' }))
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ all: true }),
    )
    expect(await screen.findByRole('button', { name: 'お知らせ' })).toBeTruthy()
  })

  it('is not shown to MASTER, who writes the notifications', async () => {
    const { requests } = asMaster('/master/summary', { 'GET /summary': { status: 500, body: {} } })
    expect(await screen.findByRole('navigation', { name: 'メインメニュー' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^お知らせ/ })).toBeNull()
    expect(requests.some((r) => r.path === '/system_noti/show')).toBe(false)
  })
})

describe('system notification screens', () => {
  it('lists notifications with their status and filters by status', async () => {
    const { user, requests } = asMaster('/master/system-notification', {
      'GET /system_noti': (request) => ({
        body: {
          items:
            request.url.searchParams.get('status') === 'draft'
              ? [notice({ id: 'n-2', status: 'draft', draft: true, title: { ja: '下書きの通知' } })]
              : [notice()],
          next_cursor: null,
        },
      }),
    })
    const row = await screen.findByRole('row', { name: /メンテナンスのお知らせ/ })
    expect(within(row).getByText('公開中')).toBeTruthy()
    expect(within(row).getByText('ユーザー')).toBeTruthy()
    expect(within(row).getByText('OEM管理者')).toBeTruthy()

    await user.click(screen.getByRole('combobox', { name: 'ステータスで絞り込み' }))
    await user.click(await screen.findByRole('option', { name: '下書き' }))
    expect(await screen.findByRole('row', { name: /下書きの通知/ })).toBeTruthy()
    expect(requests.some((r) => r.url.searchParams.get('status') === 'draft')).toBe(true)
  })

  it('refuses content over 120 characters, then creates a notification and opens it', async () => {
    const { user, requests, router } = asMaster('/master/create-notification', {
      'POST /system_noti': (request) => ({
        status: 201,
        body: { ...notice({ id: 'n-9' }), ...(request.body as object), message: 'お知らせを作成しました。' },
      }),
      'GET /system_noti/n-9': { body: notice({ id: 'n-9' }) },
    })
    await user.click(await screen.findByRole('checkbox', { name: 'ユーザー' }))
    const title = screen.getAllByRole('textbox', { name: 'タイトル' })[0] as HTMLElement
    await user.type(title, 'お知らせ')
    const content = screen.getAllByRole('textbox', { name: '内容' })[0] as HTMLElement
    await user.click(content)
    await user.paste('あ'.repeat(121))
    await user.click(screen.getByRole('button', { name: '公開する' }))
    expect(await screen.findByText('120文字以内で入力してください。')).toBeTruthy()
    expect(requests.some((r) => r.method === 'POST')).toBe(false)

    await user.clear(content)
    await user.type(content, '本文です')
    await user.click(screen.getByRole('button', { name: '公開する' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/master/notification/n-9'))
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      audiences: ['OEM_USER'],
      mode: 'INSTANT',
      draft: false,
      title: { ja: 'お知らせ' },
      content: { ja: '本文です' },
      content_url: '',
    })
  })

  it('asks for the start and a later end when scheduling', async () => {
    const { user, requests } = asMaster('/master/create-notification')
    await user.click(await screen.findByRole('radio', { name: '予約公開' }))
    await user.click(screen.getByRole('button', { name: '下書き保存' }))
    expect(
      await screen.findByText('この項目は必須です。', { selector: '#systemNotification_startDate_help *' }),
    ).toBeTruthy()
    expect(requests.some((r) => r.method === 'POST')).toBe(false)
  })

  it('deletes a notification after confirmation, with its version', async () => {
    const { user, requests, router } = asMaster('/master/notification/n-1', {
      'DELETE /system_noti/n-1': { body: { message: 'お知らせを削除しました。' } },
    })
    expect(await screen.findByRole('heading', { name: 'システム通知の詳細', level: 1 })).toBeTruthy()
    // Japanese, and English (written title, Japanese content as its readers see it).
    expect(screen.getAllByText('12月1日にメンテナンスを行います。')).toHaveLength(2)
    expect(screen.getByText('Maintenance')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '削除' }))
    const dialog = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement
    expect(within(dialog).getAllByText('「メンテナンスのお知らせ」を削除しますか？').length).toBeGreaterThan(
      0,
    )
    await user.click(within(dialog).getByRole('button', { name: '削除する' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/master/system-notification'))
    const removed = requests.find((r) => r.method === 'DELETE')
    expect(removed?.url.searchParams.get('version')).toBe('3')
  })
})
