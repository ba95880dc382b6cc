import { keysToSnake } from '@swipe/shared'
import type { ConversionPlatform } from '@swipe/shared/site/conversions-normalise'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { MockReply, MockRequest } from '../../../../test/mockApi.ts'
import { calls, lastDialog, renderTab, SITE_ID, sentBody, testPlan, testSite } from '../frame/testing.tsx'
import { AdTagsTab } from './AdTagsTab.tsx'
import type { ConversionDelivery, ConversionDestination } from './conversions-api.ts'

const CONVERSIONS = `/site/${SITE_ID}/conversions`

const card = (platform: ConversionPlatform) =>
  document.querySelector<HTMLElement>(`[data-destination="${platform}"]`)!

/** One destination as GET /site/{id}/conversions answers it (camelCase; sent snake_case). */
const view = (
  platform: ConversionPlatform,
  overrides: Partial<ConversionDestination> = {},
): ConversionDestination => ({
  platform,
  enabled: false,
  published: false,
  credentialsSet: false,
  credentialsUpdatedAt: null,
  testMode: false,
  last30Days: { delivered: 0, failed: 0, pending: 0, deliveryRate: null },
  ...overrides,
})

const destinations = (...views: ConversionDestination[]): MockReply => ({
  body: keysToSnake({
    items: (['meta', 'line', 'tiktok', 'google'] as const).map(
      (platform) => views.find((v) => v.platform === platform) ?? view(platform),
    ),
  }),
})

const delivery = (overrides: Partial<ConversionDelivery> = {}): ConversionDelivery => ({
  eventId: 'evt-1',
  event: 'contactSent',
  state: 'DELIVERED',
  attempts: 1,
  nextAttemptAt: null,
  lastAttemptAt: '2025-04-01T00:51:00.000Z',
  lastStatus: 200,
  lastError: null,
  testMode: false,
  createdAt: '2025-04-01T00:50:00.000Z',
  updatedAt: '2025-04-01T00:51:00.000Z',
  ...overrides,
})

/** A site whose saved tags have Google Ads enhanced conversions on (consent opt-in). */
const googleSite = () =>
  testSite({
    globalSetting: {
      adTags: {
        vendors: {},
        consent: 'opt-in',
        conversions: {
          google: {
            customerId: '1234567890',
            conversionActionId: '987654321',
            clientId: '1234-abc.apps.googleusercontent.com',
            validateOnly: false,
          },
        },
      } as never,
    },
  })

const passwordInputs = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLInputElement>('input[type="password"]')].map((input) => input.value)

/** Puts a secret into a field the way a creator does: pasted (one event, not one per character). */
const paste = async (user: ReturnType<typeof renderTab>['user'], field: HTMLElement, text: string) => {
  await user.click(field)
  await user.paste(text)
}

describe('server-side conversions in the ad tags tab', () => {
  it('switches a destination on and checks its IDs as they are typed, with the field’s message', async () => {
    const { user, draft, requests } = renderTab(AdTagsTab, {
      routes: { [`GET ${CONVERSIONS}`]: destinations() },
    })
    expect(screen.getByRole('heading', { name: 'サーバー送信（コンバージョンAPI）' })).toBeTruthy()
    for (const name of [
      'Meta コンバージョンAPI',
      'LINE Conversion API',
      'TikTok Events API',
      'Google 広告 拡張コンバージョン',
    ])
      expect(screen.getByRole('switch', { name: `${name} を使う` })).toBeTruthy()
    expect(screen.getByText(/問い合わせ送信・フォーム送信・会員登録完了/).textContent).toContain(
      '同じイベントID',
    )

    await user.click(screen.getByRole('switch', { name: 'Meta コンバージョンAPI を使う' }))
    const pixel = within(card('meta')).getByLabelText('ピクセルID')
    await user.click(pixel)
    await user.paste('12345')
    expect(
      within(card('meta')).getByText('15〜16桁の数字のピクセルIDを入力してください（例: 123456789012345）。'),
    ).toBeTruthy()
    await user.paste('6789012345')
    expect(within(card('meta')).queryByText(/15〜16桁/)).toBeNull()
    await user.type(within(card('meta')).getByLabelText('テストイベントコード（任意）'), 'X1')
    expect(
      within(card('meta')).getByText(
        'テストイベントツールのテストコードを入力してください（例: TEST12345）。',
      ),
    ).toBeTruthy()
    await user.clear(within(card('meta')).getByLabelText('テストイベントコード（任意）'))
    expect(within(card('meta')).queryByText(/TEST12345）。/)).toBeNull()
    expect(within(card('meta')).getByText(/すべてのイベントがテストとして送られ/)).toBeTruthy()

    // LINE says it has no test mode; Google's test mode is a switch saved with the site.
    await user.click(screen.getByRole('switch', { name: 'LINE Conversion API を使う' }))
    expect(within(card('line')).getByText(/テストモードがありません/)).toBeTruthy()
    await user.click(screen.getByRole('switch', { name: 'Google 広告 拡張コンバージョン を使う' }))
    await user.click(within(card('google')).getByLabelText('お客様ID'))
    await user.paste('123-456-789')
    expect(
      within(card('google')).getByText('Google 広告の10桁のお客様IDを入力してください（例: 123-456-7890）。'),
    ).toBeTruthy()
    await user.click(within(card('google')).getByRole('switch', { name: 'テストモード（検証のみ）' }))

    expect(draft().globalSetting.adTags).toEqual({
      vendors: {},
      consent: 'opt-in',
      conversions: {
        meta: { pixelId: '123456789012345' },
        line: { tagId: '' },
        google: { customerId: '123-456-789', conversionActionId: '', clientId: '', validateOnly: true },
      },
    })

    // Only "opt-in" asks the consent server events need: notice-only says so at once.
    await user.click(screen.getByRole('radio', { name: '通知のみ（すぐに読み込む）' }))
    expect(
      screen.getAllByText(
        'サーバー送信はハッシュ化した連絡先を送るため、同意の取り方を「オプトイン」にしてください。',
      ).length,
    ).toBeGreaterThan(0)

    // Switched on in the draft only: the server does not have it yet, so no credentials can be set.
    expect(
      within(card('meta')).getByText('先にこの送信先をオンにしてサイトを保存してください。'),
    ).toBeTruthy()
    expect(passwordInputs(card('meta'))).toEqual([])
    expect(calls(requests, 'GET', CONVERSIONS)).toHaveLength(1)
  })

  it('shows what the saved site does with a destination and its delivery rate', async () => {
    renderTab(AdTagsTab, {
      site: googleSite(),
      routes: {
        [`GET ${CONVERSIONS}`]: destinations(
          view('google', {
            enabled: true,
            published: false,
            testMode: true,
            last30Days: { delivered: 197, failed: 3, pending: 1, deliveryRate: 197 / 200 },
          }),
        ),
      },
    })
    const google = card('google')
    expect(await within(google).findByText('公開すると送信が始まります')).toBeTruthy()
    expect(within(google).getByText('認証情報が未設定です')).toBeTruthy()
    expect(within(google).getByText('テストモード')).toBeTruthy()
    expect(within(google).queryByText('送信中')).toBeNull()
    expect(screen.getByTestId('conversion-rate-google').textContent).toBe(
      '過去30日の配信率 98.5% 配信 197 / 失敗 3 / 待機 1',
    )
    // A destination that is off and never used shows nothing from the server.
    expect(within(card('meta')).queryByText('送信ログ')).toBeNull()
  })

  it('reads "—" when nothing ended, and "sending" once published with credentials', async () => {
    renderTab(AdTagsTab, {
      site: googleSite(),
      routes: {
        [`GET ${CONVERSIONS}`]: destinations(
          view('google', {
            enabled: true,
            published: true,
            credentialsSet: true,
            credentialsUpdatedAt: '2025-04-01T00:30:00.000Z',
            last30Days: { delivered: 0, failed: 0, pending: 2, deliveryRate: null },
          }),
        ),
      },
    })
    expect(await within(card('google')).findByText('送信中')).toBeTruthy()
    expect(within(card('google')).queryByText('公開すると送信が始まります')).toBeNull()
    expect(within(card('google')).getByText('設定済み（2025-04-01 09:30 更新）')).toBeTruthy()
    expect(screen.getByTestId('conversion-rate-google').textContent).toBe(
      '過去30日の配信率 — 配信 0 / 失敗 0 / 待機 2',
    )
  })

  it('saves exactly the platform’s credentials, clears them, and never shows a value from the server', async () => {
    let stored = view('google', { enabled: true, published: true })
    const { user, requests } = renderTab(AdTagsTab, {
      site: googleSite(),
      routes: {
        [`GET ${CONVERSIONS}`]: () => destinations(stored),
        [`PUT ${CONVERSIONS}/google/credentials`]: () => {
          stored = { ...stored, credentialsSet: true, credentialsUpdatedAt: '2025-04-02T01:00:00.000Z' }
          // Whatever the answer held, it never reaches an input.
          return {
            body: {
              ...keysToSnake<Record<string, unknown>>({ item: stored }),
              access_token: 'FROM-THE-SERVER',
              message: '認証情報を保存しました。保存した値は再表示できません。',
            },
          }
        },
      },
    })
    const google = card('google')
    const developer = await within(google).findByLabelText('開発者トークン')
    expect(developer.getAttribute('type')).toBe('password')
    expect(developer.getAttribute('autocomplete')).toBe('new-password')
    expect(passwordInputs(google)).toEqual(['', '', ''])

    // Every field is needed: nothing is sent with one missing.
    await paste(user, developer, 'dev-token')
    await paste(user, within(google).getByLabelText('OAuth クライアントシークレット'), 'client-secret')
    await user.click(
      within(google).getByRole('button', { name: 'Google 広告 拡張コンバージョン の認証情報を保存' }),
    )
    expect(within(google).getByText('この項目は必須です。')).toBeTruthy()
    expect(calls(requests, 'PUT', `${CONVERSIONS}/google/credentials`)).toHaveLength(0)

    await paste(user, within(google).getByLabelText('リフレッシュトークン'), ' refresh-token ')
    expect(within(google).queryByText('この項目は必須です。')).toBeNull()
    await user.click(
      within(google).getByRole('button', { name: 'Google 広告 拡張コンバージョン の認証情報を保存' }),
    )

    await waitFor(() => expect(calls(requests, 'PUT', `${CONVERSIONS}/google/credentials`)).toHaveLength(1))
    expect(sentBody(calls(requests, 'PUT', `${CONVERSIONS}/google/credentials`)[0])).toEqual({
      credentials: {
        developerToken: 'dev-token',
        clientSecret: 'client-secret',
        refreshToken: 'refresh-token',
      },
    })
    expect(await screen.findByText('認証情報を保存しました。保存した値は再表示できません。')).toBeTruthy()
    expect(await within(google).findByText('設定済み（2025-04-02 10:00 更新）')).toBeTruthy()
    expect(passwordInputs(google)).toEqual(['', '', ''])
    expect(document.body.textContent).not.toContain('FROM-THE-SERVER')
    expect(document.body.textContent).not.toContain('dev-token')
    expect(within(google).queryByText('認証情報が未設定です')).toBeNull()
  })

  it('keeps what was typed when the save fails, saying why', async () => {
    const { user } = renderTab(AdTagsTab, {
      site: testSite({
        globalSetting: {
          adTags: {
            vendors: {},
            consent: 'opt-in',
            conversions: { line: { tagId: '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0' } },
          } as never,
        },
      }),
      routes: {
        [`GET ${CONVERSIONS}`]: destinations(view('line', { enabled: true })),
        [`PUT ${CONVERSIONS}/line/credentials`]: {
          status: 403,
          body: {
            error: { code: 'plan.noAnalytics', message: 'ご契約のプランでは効果測定を利用できません。' },
          },
        },
      },
    })
    const token = await within(card('line')).findByLabelText('アクセストークン')
    await paste(user, token, 'line-token')
    await user.click(
      within(card('line')).getByRole('button', { name: 'LINE Conversion API の認証情報を保存' }),
    )
    expect(await screen.findByText('ご契約のプランでは効果測定を利用できません。')).toBeTruthy()
    expect((token as HTMLInputElement).value).toBe('line-token')
  })

  it('removes credentials only after the confirmation', async () => {
    let stored = view('google', {
      enabled: true,
      credentialsSet: true,
      credentialsUpdatedAt: '2025-04-01T00:30:00.000Z',
    })
    const { user, requests } = renderTab(AdTagsTab, {
      site: googleSite(),
      routes: {
        [`GET ${CONVERSIONS}`]: () => destinations(stored),
        [`DELETE ${CONVERSIONS}/google/credentials`]: () => {
          stored = { ...stored, credentialsSet: false, credentialsUpdatedAt: null }
          return {
            body: {
              ...keysToSnake<Record<string, unknown>>({ item: stored }),
              message: '認証情報を削除しました。この送信先へのイベント送信は停止します。',
            },
          }
        },
      },
    })
    const remove = await within(card('google')).findByRole('button', {
      name: 'Google 広告 拡張コンバージョン の認証情報を削除',
    })
    await user.click(remove)
    let dialog = await lastDialog()
    expect(dialog.textContent).toContain('Google 広告 拡張コンバージョン の認証情報を削除しますか？')
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }))
    expect(calls(requests, 'DELETE', `${CONVERSIONS}/google/credentials`)).toHaveLength(0)

    await user.click(remove)
    dialog = await lastDialog()
    await user.click(within(dialog).getByRole('button', { name: '削除' }))
    await waitFor(() =>
      expect(calls(requests, 'DELETE', `${CONVERSIONS}/google/credentials`)).toHaveLength(1),
    )
    expect(
      await screen.findByText('認証情報を削除しました。この送信先へのイベント送信は停止します。'),
    ).toBeTruthy()
    expect(await within(card('google')).findByText('認証情報が未設定です')).toBeTruthy()
    expect(within(card('google')).queryByRole('button', { name: /認証情報を削除/ })).toBeNull()
  })

  it('lists the deliveries in a drawer and loads the next page by its cursor', async () => {
    const deliveries = (request: MockRequest): MockReply =>
      request.url.searchParams.get('cursor') === 'page-2'
        ? {
            body: keysToSnake({
              items: [
                delivery({
                  eventId: 'evt-old',
                  event: 'memberRegistered',
                  createdAt: '2025-03-31T00:00:00.000Z',
                }),
              ],
              cursor: null,
            }),
          }
        : {
            body: keysToSnake({
              items: [
                delivery({
                  eventId: 'evt-failed',
                  event: 'homepageFormSent',
                  state: 'FAILED',
                  attempts: 5,
                  lastStatus: 400,
                  lastError: 'Invalid OAuth access token.',
                  testMode: true,
                }),
                delivery({ eventId: 'evt-waiting', state: 'PENDING', lastStatus: null, attempts: 0 }),
              ],
              cursor: 'page-2',
            }),
          }
    const { user, requests } = renderTab(AdTagsTab, {
      site: googleSite(),
      routes: {
        [`GET ${CONVERSIONS}`]: destinations(
          view('google', {
            enabled: true,
            published: true,
            credentialsSet: true,
            last30Days: { delivered: 0, failed: 1, pending: 1, deliveryRate: 0 },
          }),
        ),
        [`GET ${CONVERSIONS}/google/deliveries`]: deliveries,
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Google 広告 拡張コンバージョン の送信ログ' }))
    const drawer = await lastDialog()
    expect(drawer.textContent).toContain('Google 広告 拡張コンバージョン の送信ログ')
    const rows = async () => {
      await within(drawer).findAllByText(/evt-/)
      return within(drawer)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        )
    }
    expect(await rows()).toEqual([
      [
        '2025-04-01 09:50',
        'フォーム送信',
        'evt-failed',
        '失敗テスト',
        '5',
        'HTTP 400',
        'Invalid OAuth access token.',
      ],
      ['2025-04-01 09:50', 'お問い合わせ送信', 'evt-waiting', '待機中', '0', '—', '—'],
    ])
    expect(
      calls(requests, 'GET', `${CONVERSIONS}/google/deliveries`)[0]?.url.searchParams.has('cursor'),
    ).toBe(false)

    await user.click(within(drawer).getByRole('button', { name: 'さらに読み込む' }))
    await within(drawer).findByText('evt-old')
    expect(
      calls(requests, 'GET', `${CONVERSIONS}/google/deliveries`)[1]?.url.searchParams.get('cursor'),
    ).toBe('page-2')
    expect((await rows()).map((cells) => cells[2])).toEqual(['evt-failed', 'evt-waiting', 'evt-old'])
    expect((await rows())[2]).toEqual([
      '2025-03-31 09:00',
      '会員登録完了',
      'evt-old',
      '配信済み',
      '1',
      'HTTP 200',
      '—',
    ])
    // The last page: nothing more to load.
    expect(within(drawer).queryByRole('button', { name: 'さらに読み込む' })).toBeNull()
  })

  it('says so when a destination has sent nothing yet', async () => {
    const { user } = renderTab(AdTagsTab, {
      site: googleSite(),
      routes: {
        [`GET ${CONVERSIONS}`]: destinations(view('google', { enabled: true })),
        [`GET ${CONVERSIONS}/google/deliveries`]: { body: { items: [], cursor: null } },
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Google 広告 拡張コンバージョン の送信ログ' }))
    const drawer = await lastDialog()
    expect(await within(drawer).findByText('まだ送信はありません。')).toBeTruthy()
    expect(within(drawer).queryByRole('button', { name: 'さらに読み込む' })).toBeNull()
  })

  it('asks the server nothing for a viewer, and offers no new destination on a plan without 効果測定', async () => {
    const viewer = renderTab(AdTagsTab, {
      site: googleSite(),
      readOnly: true,
      routes: { [`GET ${CONVERSIONS}`]: destinations() },
    })
    expect(within(card('google')).getByLabelText('お客様ID')).toBeTruthy()
    expect(within(card('google')).queryByText('認証情報')).toBeNull()
    expect(calls(viewer.requests, 'GET', CONVERSIONS)).toHaveLength(0)
    viewer.unmount()

    const { requests } = renderTab(AdTagsTab, {
      site: testSite({ plan: testPlan({ analyticsEffect: false }) }),
      routes: { [`GET ${CONVERSIONS}`]: destinations() },
    })
    expect(screen.getByText('ご契約のプランでは効果測定を利用できません。')).toBeTruthy()
    const meta = screen.getByRole('switch', { name: 'Meta コンバージョンAPI を使う' }) as HTMLButtonElement
    expect(meta.disabled).toBe(true)
    expect(calls(requests, 'GET', CONVERSIONS)).toHaveLength(0)
  })
})
