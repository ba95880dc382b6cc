import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { storeSession, userInfoBody } from '../../../test/fixtures.ts'
import { type MockReply, type MockRequest, mockApi } from '../../../test/mockApi.ts'
import { renderWithProviders } from '../../../test/renderWithProviders.tsx'
import { ConsoleLayout } from '../../shell/ConsoleLayout.tsx'
import { CONSOLE_ROUTES, type ConsoleRouteHandle } from '../../shell/consoleRoutes.ts'
import { SiteApiPage } from './SiteApiPage.tsx'

const PAGES: Record<string, RouteObject['element']> = { 'site/:id/api': <SiteApiPage /> }

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

const BASE = 'http://uuid-1.sites.example.com/api/v1/open/site/site-1'
const KEY = `slp_live_${'A'.repeat(30)}abcdef`

const keyBody = (overrides: Record<string, unknown> = {}) => ({
  id: 'k-1',
  name: 'CRM',
  prefix: 'slp_live_AAAA',
  status: 'ACTIVE',
  created_at: '2025-04-01T00:30:00.000Z',
  valid_until: null,
  revoked_at: null,
  last_used_at: '2025-04-02T01:00:00.000Z',
  last_used_ip: '203.0.113.7',
  rotated_to: null,
  rate_limit_per_minute: 60,
  ...overrides,
})

const stateBody = (overrides: Record<string, unknown> = {}) => ({
  site_id: 'site-1',
  site_name: '春のキャンペーン',
  enabled: false,
  auth_method: 'API_KEY',
  ip_list: [],
  basic_id: null,
  has_basic_password: false,
  version: null,
  updated_at: null,
  base_url: BASE,
  endpoints: ['members', 'contacts', 'forms', 'analytics', 'content'].map((tag) => ({
    tag,
    method: 'GET',
    url: `${BASE}/${tag}`,
  })),
  keys: [],
  audit: [],
  ...overrides,
})

const EVENTS = ['member.registered', 'contact.received', 'form.received']
const SECRET = `whsec_${'s'.repeat(32)}`
const HOOK_URL = 'https://crm.example.com/hooks/swipe'

const webhookBody = (overrides: Record<string, unknown> = {}) => ({
  id: 'w-1',
  url: HOOK_URL,
  events: ['contact.received'],
  enabled: true,
  secret_prefix: 'whsec_ssss',
  previous_secret_prefix: null,
  previous_secret_until: null,
  created_at: '2025-04-01T00:30:00.000Z',
  updated_at: '2025-04-01T00:30:00.000Z',
  ...overrides,
})
const webhooksBody = (items: unknown[]) => ({ items, events: EVENTS, max: 5 })
const deliveryBody = (overrides: Record<string, unknown> = {}) => ({
  id: 'd-1',
  event_id: 'evt_1',
  event: 'contact.received',
  state: 'PENDING',
  attempts: 3,
  next_attempt_at: '2025-04-01T01:00:00.000Z',
  last_attempt_at: '2025-04-01T00:58:00.000Z',
  last_status: 500,
  last_error: null,
  created_at: '2025-04-01T00:50:00.000Z',
  updated_at: '2025-04-01T00:58:00.000Z',
  payload: '{}',
  ...overrides,
})

/** The dialog on top (antd names dialogs by a title element jsdom cannot always resolve). */
const topDialog = async () => (await screen.findAllByRole('dialog')).at(-1) as HTMLElement

const open = (routesOverride: Record<string, MockReply | ((request: MockRequest) => MockReply)> = {}) => {
  storeSession({})
  const api = mockApi({
    'GET /auth/user-info': { body: userInfoBody({}) },
    'GET /site/site-1/api': { body: stateBody() },
    'GET /site/site-1/api/webhooks': { body: webhooksBody([]) },
    ...routesOverride,
  })
  return { ...api, ...renderWithProviders({ at: '/master/site/site-1/api', routes }) }
}

describe('the site API page', () => {
  it('shows each tag’s endpoint and method, the Authorization header and a curl example', async () => {
    open()
    expect(await screen.findByRole('heading', { name: 'API 発行: 春のキャンペーン', level: 1 })).toBeTruthy()
    const rows = screen.getAllByRole('row').map((row) => row.textContent)
    expect(rows).toContain(`会員GET${BASE}/members`)
    expect(rows).toContain(`公開コンテンツGET${BASE}/content`)
    expect(screen.getByTestId('site-api-header').textContent).toBe('Authorization: Bearer <API キー>')
    expect(screen.getByTestId('site-api-curl').textContent).toBe(
      `curl -sS -H "Authorization: Bearer <API キー>" '${BASE}/members'`,
    )
    expect(screen.getByText('API キー方式では、先に API キーを 1 つ以上発行してください。')).toBeTruthy()
  })

  it('lists the change history under field labels, a password only as changed', async () => {
    open({
      'GET /site/site-1/api': {
        body: stateBody({
          audit: [
            {
              at: '2025-04-01T00:30:00.000Z',
              actor_id: 'a-1',
              action: 'settings.update',
              summary: 'enabled=true method=BASIC_AUTH basicId=crm-reader basicPassword=changed',
            },
            {
              at: '2025-04-01T00:20:00.000Z',
              actor_id: 'a-1',
              action: 'settings.update',
              summary: 'enabled=false method=IP_RESTRICTION ipList=203.0.113.7 198.51.100.0/24',
            },
          ],
        }),
      },
    })
    const history = (await screen.findByText('変更履歴')).closest('.ant-card') as HTMLElement
    const items = within(history)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(items).toEqual([
      '2025-04-01 09:30設定の保存API: 有効 / 認証方式: Basic 認証 / Basic 認証 ID: crm-reader / パスワードを変更',
      '2025-04-01 09:20設定の保存API: 無効 / 認証方式: IP 制限 / 許可する IP アドレス: 203.0.113.7 198.51.100.0/24',
    ])
    expect(history.textContent).not.toContain('basicPassword')
    expect(history.textContent).not.toContain('changed')
  })

  it('shows a new key once, with its header and curl example, and forgets it when closed', async () => {
    const { requests } = open({
      'POST /site/site-1/api/keys': {
        status: 201,
        body: { key: KEY, item: keyBody(), message: 'API キー「CRM」を発行しました。' },
      },
    })
    fireEvent.click(await screen.findByRole('button', { name: 'API キーを発行' }))
    fireEvent.change(await screen.findByRole('textbox', { name: '名前' }), { target: { value: 'CRM' } })
    fireEvent.click(screen.getByRole('button', { name: '発行する' }))
    await screen.findByText('API キーを発行しました')
    const dialog = await topDialog()
    expect(within(dialog).getByTestId('site-api-new-key').textContent).toBe(KEY)
    expect(within(dialog).getByTestId('site-api-new-header').textContent).toBe(`Authorization: Bearer ${KEY}`)
    expect(within(dialog).getByTestId('site-api-new-curl').textContent).toBe(
      `curl -sS -H "Authorization: Bearer ${KEY}" '${BASE}/members'`,
    )
    const sent = requests.find((r) => r.method === 'POST' && r.path === '/site/site-1/api/keys')
    expect(sent?.body).toEqual({ name: 'CRM', expires_in_days: null })
    expect(sent?.headers.get('idempotency-key')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'コピーしたので閉じる' }))
    await waitFor(() => expect(screen.queryByText(KEY)).toBeNull())
  })

  it('refuses an address that is no IP or CIDR range, or too broad a range, before sending', async () => {
    const { requests } = open()
    fireEvent.click(await screen.findByRole('radio', { name: 'IP 制限' }))
    fireEvent.change(await screen.findByRole('textbox', { name: '許可する IP アドレス' }), {
      target: { value: '203.0.113.0/24\n203.0.113.0/33' },
    })
    fireEvent.click(screen.getByRole('button', { name: '保存' }))
    expect(
      await screen.findByText('2 行目: IPv4 / IPv6 アドレス、または CIDR 形式の範囲を入力してください。'),
    ).toBeTruthy()
    // A range that lets most of the internet in is no allowlist (issue 29).
    fireEvent.change(screen.getByRole('textbox', { name: '許可する IP アドレス' }), {
      target: { value: '203.0.113.0/24\n::/0' },
    })
    fireEvent.click(screen.getByRole('button', { name: '保存' }))
    expect(
      await screen.findByText(
        '2 行目: 範囲が広すぎます。IPv4 は /8 以上、IPv6 は /16 以上の範囲を指定してください（0.0.0.0/0 や ::/0 は使えません）。',
      ),
    ).toBeTruthy()
    expect(requests.some((r) => r.method === 'PUT')).toBe(false)
  })

  it('asks before revoking a key, then revokes it', async () => {
    const { requests } = open({
      'GET /site/site-1/api': { body: stateBody({ keys: [keyBody()] }) },
      'DELETE /site/site-1/api/keys/k-1': {
        body: { item: keyBody({ status: 'REVOKED' }), message: 'API キー「CRM」を無効化しました。' },
      },
    })
    const row = await screen.findByRole('row', { name: /CRM/ })
    expect(row.textContent).toContain('slp_live_AAAA…')
    expect(row.textContent).toContain('(203.0.113.7)')
    fireEvent.click(within(row).getByRole('button', { name: 'CRM を無効化' }))
    await screen.findAllByText('API キー「CRM」を無効化しますか？')
    const confirm = await topDialog()
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false)
    fireEvent.click(within(confirm).getByRole('button', { name: '無効化' }))
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path === '/site/site-1/api/keys/k-1')).toBe(
        true,
      ),
    )
    expect(await screen.findByText('API キー「CRM」を無効化しました。')).toBeTruthy()
  })

  it('adds a webhook endpoint and shows its signing secret once, with the verification snippet', async () => {
    const { requests } = open({
      'POST /site/site-1/api/webhooks': {
        status: 201,
        body: {
          secret: SECRET,
          item: webhookBody(),
          message:
            'Webhook の送信先を追加しました。署名シークレットは今だけ表示されます。コピーしてください。',
        },
      },
    })
    expect(await screen.findByText('送信先はまだありません。')).toBeTruthy()
    // The Standard Webhooks library verifies a delivery as it is (issue 30).
    expect(screen.getByTestId('site-webhook-snippet').textContent).toContain(
      'new Webhook(secret).verify(body, {',
    )
    const add = screen.getByRole('button', { name: '送信先を追加' })
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(add)
    const dialog = await topDialog()
    fireEvent.change(within(dialog).getByRole('textbox', { name: '送信先 URL' }), {
      target: { value: HOOK_URL },
    })
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '会員登録' }))
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'フォーム送信' }))
    fireEvent.click(within(dialog).getByRole('button', { name: '追加する' }))
    await screen.findByText('このシークレットは今だけ表示されます。コピーして受信側に保存してください。')
    const shown = await topDialog()
    expect(within(shown).getByTestId('site-webhook-secret').textContent).toBe(SECRET)
    const sent = requests.find((r) => r.method === 'POST' && r.path === '/site/site-1/api/webhooks')
    expect(sent?.body).toEqual({ url: HOOK_URL, events: ['contact.received'] })
    fireEvent.click(within(shown).getByRole('button', { name: 'コピーしたので閉じる' }))
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull())
  })

  it('shows an endpoint’s delivery log and resends a delivery; disables and deletes after confirming', async () => {
    const { requests } = open({
      'GET /site/site-1/api/webhooks': { body: webhooksBody([webhookBody()]) },
      'GET /site/site-1/api/webhooks/w-1/deliveries': {
        body: {
          items: [
            deliveryBody(),
            deliveryBody({
              id: 'd-2',
              event_id: 'evt_2',
              state: 'FAILED',
              last_status: null,
              last_error: 'timeout',
            }),
          ],
        },
      },
      'POST /site/site-1/api/webhooks/w-1/deliveries/d-1/resend': {
        status: 202,
        body: {
          item: deliveryBody({ last_status: null, next_attempt_at: '2025-04-01T01:00:00.000Z' }),
          message: 'イベントの再送を受け付けました。まもなく送信します。',
        },
      },
      'PUT /site/site-1/api/webhooks/w-1': {
        body: { item: webhookBody({ enabled: false }), message: 'Webhook の送信先を保存しました。' },
      },
      'DELETE /site/site-1/api/webhooks/w-1': {
        body: { id: 'w-1', message: 'Webhook の送信先を削除しました。' },
      },
    })
    const row = await screen.findByRole('row', { name: new RegExp(HOOK_URL) })
    expect(row.textContent).toContain('お問い合わせ')
    expect(row.textContent).toContain('whsec_ssss…')
    fireEvent.click(within(row).getByRole('button', { name: `${HOOK_URL} の配信履歴` }))
    const delivery = await screen.findByRole('row', { name: /再送待ち/ })
    expect(delivery.textContent).toContain('お問い合わせ')
    expect(delivery.textContent).toContain('HTTP 500')
    expect(delivery.textContent).toContain('3')
    // A failure without an answer is shown as its category, localised, never a socket's text.
    const timedOut = await screen.findByRole('row', { name: /失敗/ })
    expect(timedOut.textContent).toContain('タイムアウト（10 秒以内に応答が完了しませんでした）')
    fireEvent.click(within(delivery).getByRole('button', { name: 'evt_1 を再送' }))
    expect(await screen.findByText('イベントの再送を受け付けました。まもなく送信します。')).toBeTruthy()
    expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/deliveries/d-1/resend'))).toBe(true)

    fireEvent.click(within(row).getByRole('switch', { name: `${HOOK_URL} への送信を有効にする` }))
    await waitFor(() =>
      expect(
        requests.find((r) => r.method === 'PUT' && r.path === '/site/site-1/api/webhooks/w-1')?.body,
      ).toEqual({ enabled: false, events: ['contact.received'] }),
    )

    fireEvent.click(within(row).getByRole('button', { name: `${HOOK_URL} を削除` }))
    await screen.findAllByText(`送信先 ${HOOK_URL} を削除しますか？`)
    const confirm = await topDialog()
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false)
    fireEvent.click(within(confirm).getByRole('button', { name: '削除' }))
    expect(await screen.findByText('Webhook の送信先を削除しました。')).toBeTruthy()
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/site/site-1/api/webhooks/w-1')).toBe(
      true,
    )
  })

  it('replaces an endpoint’s secret after confirming, shows the new one once and the old one’s overlap', async () => {
    const NEW = `whsec_${'n'.repeat(32)}`
    const rotated = webhookBody({
      secret_prefix: 'whsec_nnnn',
      previous_secret_prefix: 'whsec_ssss',
      previous_secret_until: '2025-04-02T00:30:00.000Z',
    })
    let listed = webhookBody()
    const { requests } = open({
      'GET /site/site-1/api/webhooks': () => ({ body: webhooksBody([listed]) }),
      'POST /site/site-1/api/webhooks/w-1/rotate-secret': () => {
        listed = rotated
        return { body: { secret: NEW, item: rotated, message: '署名シークレットを切り替えました。' } }
      },
    })
    const row = await screen.findByRole('row', { name: new RegExp(HOOK_URL) })
    fireEvent.click(within(row).getByRole('button', { name: `${HOOK_URL} の署名シークレットを更新` }))
    const confirm = await topDialog()
    expect(requests.some((r) => r.path.endsWith('/rotate-secret'))).toBe(false)
    fireEvent.click(within(confirm).getByRole('button', { name: 'シークレットを更新' }))
    await screen.findByText('このシークレットは今だけ表示されます。コピーして受信側に保存してください。')
    const shown = await topDialog()
    expect(within(shown).getByTestId('site-webhook-secret').textContent).toBe(NEW)
    fireEvent.click(within(shown).getByRole('button', { name: 'コピーしたので閉じる' }))
    // The list now names both secrets: the new one, and the old one with the end of its overlap (JST).
    await waitFor(() =>
      expect(screen.getByRole('row', { name: new RegExp(HOOK_URL) }).textContent).toContain(
        '旧 whsec_ssss… も 2025-04-02 09:30 まで署名に使用',
      ),
    )
    expect(screen.getByRole('row', { name: new RegExp(HOOK_URL) }).textContent).toContain('whsec_nnnn…')
  })
})
