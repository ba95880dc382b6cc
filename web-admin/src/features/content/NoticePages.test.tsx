import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { storeSession, userInfoBody } from '../../test/fixtures.ts'
import { type MockReply, type MockRequest, mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'

type Routes = Record<string, MockReply | ((request: MockRequest) => MockReply)>

const news = (overrides: Record<string, unknown> = {}) => ({
  id: 'news-1',
  title: '年末年始の営業',
  content: '12月29日から休業します。',
  content_url: 'https://example.com/holiday',
  distribute_site_url: '',
  mode: 'INSTANT',
  draft: false,
  status: 'public',
  publication_date: '2026-11-20T01:00:00.000Z',
  start_date: null,
  end_date: null,
  image_key: null,
  image_url: null,
  created_at: '2026-11-20T01:00:00.000Z',
  updated_at: '2026-11-21T01:00:00.000Z',
  version: 2,
  ...overrides,
})

const open = (at: string, routes: Routes = {}, info: Record<string, unknown> = {}) => {
  storeSession(info)
  const api = mockApi({
    'GET /auth/user-info': {
      body: userInfoBody({ menu_areas: ['summary', 'latestInformation', 'siteProduction'], ...info }),
    },
    'GET /news': { body: { items: [news()], next_cursor: null } },
    'GET /news/news-1': { body: news() },
    ...routes,
  })
  return { ...api, ...renderWithProviders({ at }) }
}

describe('latest information screens', () => {
  it('lists title, content, status and dates, and filters by status', async () => {
    const { user, requests } = open('/master/latest-information')
    const row = await screen.findByRole('row', { name: /年末年始の営業/ })
    expect(within(row).getByText('公開中')).toBeTruthy()
    expect(within(row).getByText('12月29日から休業します。')).toBeTruthy()
    await user.click(screen.getByRole('combobox', { name: 'ステータスで絞り込み' }))
    await user.click(await screen.findByRole('option', { name: '掲載終了' }))
    await waitFor(() =>
      expect(requests.some((r) => r.url.searchParams.get('status') === 'expired')).toBe(true),
    )
  })

  it('counts content to 120 characters, refuses more, and schedules with a start and an end', async () => {
    const { user, requests, router } = open('/master/latest-information/create', {
      'POST /news': { status: 201, body: { ...news({ id: 'news-2' }), message: 'お知らせを作成しました。' } },
      'GET /news/news-2': { body: news({ id: 'news-2' }) },
    })
    await user.type(await screen.findByLabelText('タイトル'), '冬季休業')
    const content = screen.getByLabelText('内容')
    await user.click(content)
    await user.paste('あ'.repeat(121))
    expect(screen.getByText('121 / 120')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '公開する' }))
    expect(await screen.findByText('120文字以内で入力してください。')).toBeTruthy()
    await user.clear(content)
    await user.type(content, '休業します')
    await user.click(screen.getByRole('radio', { name: '予約公開' }))
    await user.click(screen.getByRole('button', { name: '下書き保存' }))
    expect(await screen.findByText('この項目は必須です。')).toBeTruthy()
    expect(requests.some((r) => r.method === 'POST')).toBe(false)
    await user.click(screen.getByRole('radio', { name: '即時公開' }))
    await user.click(screen.getByRole('button', { name: '下書き保存' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/master/latest-information/news-2'))
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      title: '冬季休業',
      content: '休業します',
      content_url: '',
      distribute_site_url: '',
      mode: 'INSTANT',
      draft: true,
      image_key: null,
    })
  })

  it('deletes after confirmation with the version it loaded', async () => {
    const { user, requests, router } = open('/master/latest-information/news-1', {
      'DELETE /news/news-1': { body: { message: 'お知らせを削除しました。' } },
    })
    expect(await screen.findByRole('heading', { name: '最新情報の詳細', level: 1 })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '削除' }))
    const dialog = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement
    await user.click(within(dialog).getByRole('button', { name: '削除する' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/master/latest-information'))
    expect(requests.find((r) => r.method === 'DELETE')?.url.searchParams.get('version')).toBe('2')
  })

  it("lists a site's deliveries under its own path and sends the site with a new one", async () => {
    const { user, requests } = open('/master/notification-delivery/site-9/create', {
      'POST /noti_delivery': { status: 201, body: { ...news({ id: 'd-1' }), site_id: 'site-9', lang: 'JP' } },
      'GET /noti_delivery/d-1': { body: { ...news({ id: 'd-1' }), site_id: 'site-9', lang: 'JP' } },
    })
    expect(await screen.findByRole('heading', { name: 'お知らせ配信の作成', level: 1 })).toBeTruthy()
    await user.type(screen.getByLabelText('タイトル'), '臨時休業')
    await user.type(screen.getByLabelText('内容'), '本日は休業です')
    await user.click(screen.getByRole('button', { name: '公開する' }))
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true))
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      site_id: 'site-9',
      lang: 'ALL',
      draft: false,
    })
  })
})
