import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { sha256Hex } from '../../shared/src/site/conversions-normalise.ts'
import { creatorToken } from '../support/accounts.ts'
import { useStackAdPlatforms } from '../support/ad-platforms.ts'
import { api } from '../support/api.ts'
import { advanceStackClock, stackNow } from '../support/clock.ts'
import { useStackEnv, useStackPlatform } from '../support/env.ts'
import { publishVisitorSite, testIp, visitorCall } from '../support/visitor-site.ts'

/**
 * Server-side conversions (issue 32 Deliver 4), through the real handlers, the jobs, the stack's
 * ad-platform stand-in (which checks each API's required fields and hashing) and the sweep on the
 * stack's clock: a contact sent with consent makes exactly one server event per destination with
 * the page's event id and the normalised, hashed email; Meta answering 500 twice is delivered on
 * the third attempt and counted once; the same event id again sends nothing more; no consent sends
 * nothing; credentials are write-only (no answer ever carries one, the table holds them sealed);
 * a plan without the analytics flag is refused.
 */
const { urls } = useStackEnv()
// The sweep and the table reads run here, on the stack's platform and clock.
useStackPlatform()
const adPlatforms = useStackAdPlatforms()
const http = api(urls.api)

// biome-ignore lint/suspicious/noExplicitAny: test responses are asserted field by field.
type Json = any

const TOKENS = {
  meta: { access_token: `EAAB-meta-${randomUUID()}` },
  line: { access_token: `line-${randomUUID()}` },
  tiktok: { access_token: `tt-${randomUUID()}` },
  google: {
    developer_token: `dev-${randomUUID()}`,
    client_secret: `GOCSPX-${randomUUID()}`,
    refresh_token: `1//refresh-${randomUUID()}`,
  },
} as const
const SECRETS = Object.values(TOKENS).flatMap((t) => Object.values(t))

const AD_TAGS = {
  consent: 'opt-in',
  vendors: { meta_pixel: { pixel_id: '123456789012345' } },
  conversions: {
    meta: { pixel_id: '123456789012345' },
    line: { tag_id: '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0' },
    tiktok: { pixel_code: 'C4ABCDEFGHIJKLMNOPQR' },
    google: {
      customer_id: '123-456-7890',
      conversion_action_id: '987654',
      client_id: 'swipe-test.apps.googleusercontent.com',
    },
  },
}

/** Waits for what the stack does after its answer (a job), never longer than 15 s. */
const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
  for (let i = 0; i < 300; i++) {
    const value = await read()
    if (done(value)) return value
    await sleep(50)
  }
  throw new Error('The stack did not get there in 15 s')
}

describe('server-side conversions', () => {
  let token: string
  let siteId: string
  /** Every answer the console's routes gave in this file: none may carry a credential. */
  const answers: string[] = []
  const consoleCall = async (method: 'GET' | 'PUT' | 'DELETE', path: string, body?: unknown) => {
    const answer = await http.call(method, path, { token, ...(body === undefined ? {} : { body }) })
    answers.push(JSON.stringify(answer.body))
    return answer
  }
  const contact = async (conversion: Json) => {
    const sent = await visitorCall(urls.api, 'POST', `/end-user/site/${siteId}/contact`, {
      body: {
        lang: 'JP',
        data: {
          email: ' Taro.Yamada@Mail.Test ',
          company: '株式会社ビジター',
          topic: 'Support',
          message: '資料',
        },
        conversion,
      },
      ip: testIp(),
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)' },
    })
    expect(sent.status, sent.text).toBe(201)
  }
  const context = (eventId: string, consent: 'granted' | 'denied' = 'granted') => ({
    eventId,
    consent,
    utm: { utm_source: 'instagram', utm_medium: 'paid' },
    clickKinds: ['fbclid', 'gclid', 'ttclid', 'ldtag_cl'],
    clicks: { fbclid: 'IwAR-click', gclid: 'Cj0-click', ttclid: 'E.C.P.click', ldtag_cl: 'line-click' },
    clickAt: stackNow() - 5_000,
    pageUrl: 'https://shop.example.jp/contact/',
  })
  const delivered = async (platform: string) =>
    (await consoleCall('GET', `/site/${siteId}/conversions/${platform}/deliveries`)).body

  beforeAll(async () => {
    token = await creatorToken(http, 'pro_multi')
    siteId = (await publishVisitorSite(http, token, { adTags: AD_TAGS, publish: false })).siteId
  })

  it('sends one event per destination with the page’s event id and the hashed email; retries Meta’s 500s', async () => {
    // Before credentials: on in the settings, not published, nothing stored.
    const before = await consoleCall('GET', `/site/${siteId}/conversions`)
    expect(before.status, JSON.stringify(before.body)).toBe(200)
    expect(before.body.items).toEqual(
      ['meta', 'line', 'tiktok', 'google'].map((platform) => ({
        platform,
        enabled: true,
        published: false,
        credentials_set: false,
        credentials_updated_at: null,
        test_mode: false,
        last30_days: { delivered: 0, failed: 0, pending: 0, delivery_rate: null },
      })),
    )
    // A missing field is refused field by field, nothing stored.
    const partial = await consoleCall('PUT', `/site/${siteId}/conversions/google/credentials`, {
      credentials: { developer_token: 'x' },
    })
    expect(partial.status).toBe(400)
    expect(partial.body.error.details.map((d: Json) => d.path)).toEqual([
      'body.credentials.clientSecret',
      'body.credentials.refreshToken',
    ])
    for (const [platform, credentials] of Object.entries(TOKENS)) {
      const saved = await consoleCall('PUT', `/site/${siteId}/conversions/${platform}/credentials`, {
        credentials,
      })
      expect(saved.status, JSON.stringify(saved.body)).toBe(200)
      expect(saved.body).toEqual({
        item: expect.objectContaining({ platform, credentials_set: true, published: false }),
        message: '認証情報を保存しました。保存した値は再表示できません。',
      })
    }
    const version = (await http.get(`/site/${siteId}`, { token })).body.version
    const published = await http.post(`/site/${siteId}/status`, { action: 'publish', version }, { token })
    expect(published.status, JSON.stringify(published.body)).toBe(200)

    await adPlatforms.failNext('meta', { status: 500, times: 2 })
    const eventId = `evt-${randomUUID()}`
    await contact(context(eventId))

    // LINE, TikTok and Google get it on the first attempt (the job after the answer).
    for (const platform of ['line', 'tiktok', 'google'] as const) {
      const got = await eventually(
        () => adPlatforms.received(platform),
        (events) => events.length > 0,
      )
      expect(got.map((e) => e.eventId)).toEqual([eventId])
    }
    const emailHash = await sha256Hex('taro.yamada@mail.test')
    const [line] = await adPlatforms.requests('line')
    expect(line!.outcome).toEqual({ accepted: true, problems: [] })
    expect(line!.body).toMatchObject({
      events: [{ user: { email: emailHash, click_id: 'line-click' }, event: { deduplication_key: eventId } }],
    })
    const [tiktok] = await adPlatforms.requests('tiktok')
    expect(tiktok!.body).toMatchObject({
      event_source_id: 'C4ABCDEFGHIJKLMNOPQR',
      data: [{ event: 'Contact', event_id: eventId, user: { email: emailHash, ttclid: 'E.C.P.click' } }],
    })
    const google = (await adPlatforms.requests('google'))[0]!
    expect(google.body).toMatchObject({
      conversions: [{ gclid: 'Cj0-click', orderId: eventId, userIdentifiers: [{ hashedEmail: emailHash }] }],
    })
    // No request the stand-in saw carries an address in clear.
    for (const platform of ['meta', 'line', 'tiktok', 'google'] as const)
      for (const request of await adPlatforms.requests(platform))
        expect(JSON.stringify(request.body)).not.toMatch(/mail\.test|yamada/i)

    // Meta: the job's attempt got a 500; the sweep on the stack clock retries with backoff.
    const { sweepDueConversions } = await import('../../functions/src/domain/conversion-attempts.ts')
    const pending = await eventually(
      () => delivered('meta'),
      // Claimed (attempts 1) before it is sent: wait for the answer.
      (page) => page.items[0]?.last_status !== undefined && page.items[0]?.last_status !== null,
    )
    expect(pending.items[0]).toMatchObject({
      event_id: eventId,
      state: 'PENDING',
      attempts: 1,
      last_status: 500,
    })
    for (const attempt of [2, 3]) {
      const due = Date.parse((await delivered('meta')).items[0].next_attempt_at)
      advanceStackClock(due - stackNow() + 1_000)
      await sweepDueConversions(stackNow())
      expect((await delivered('meta')).items[0].attempts).toBe(attempt)
    }
    const meta = await delivered('meta')
    expect(meta).toEqual({
      items: [
        {
          event_id: eventId,
          event: 'contactSent',
          state: 'DELIVERED',
          attempts: 3,
          next_attempt_at: null,
          last_attempt_at: expect.any(String),
          last_status: 200,
          last_error: null,
          test_mode: false,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      ],
      cursor: null,
    })
    // Counted once at Meta, though three requests were made.
    expect((await adPlatforms.received('meta')).map((e) => e.eventId)).toEqual([eventId])
    expect((await adPlatforms.requests('meta')).length).toBe(3)
    const [metaRequest] = await adPlatforms.requests('meta')
    expect(metaRequest!.body).toMatchObject({
      data: [
        {
          event_name: 'Contact',
          event_id: eventId,
          user_data: { em: [emailHash], fbc: expect.stringMatching(/^fb\.1\.\d{13}\.IwAR-click$/) },
        },
      ],
    })

    // The same event id again (a resent request): nothing more is sent.
    await contact(context(eventId))
    // No consent: nothing at all.
    await contact(context(`evt-${randomUUID()}`, 'denied'))
    await contact({ ...context(`evt-${randomUUID()}`), consent: undefined })
    await sleep(500)
    for (const platform of ['line', 'tiktok', 'google'] as const)
      expect((await adPlatforms.received(platform)).map((e) => e.eventId)).toEqual([eventId])

    const after = await consoleCall('GET', `/site/${siteId}/conversions`)
    expect(after.body.items.map((d: Json) => [d.platform, d.published, d.last30_days])).toEqual([
      ['meta', true, { delivered: 1, failed: 0, pending: 0, delivery_rate: 1 }],
      ['line', true, { delivered: 1, failed: 0, pending: 0, delivery_rate: 1 }],
      ['tiktok', true, { delivered: 1, failed: 0, pending: 0, delivery_rate: 1 }],
      ['google', true, { delivered: 1, failed: 0, pending: 0, delivery_rate: 1 }],
    ])
  })

  it('keeps credentials write-only and sealed, refuses a plan without analytics', async () => {
    // No answer of this file carried a credential; the stand-in recorded none either.
    for (const text of answers) for (const secret of SECRETS) expect(text).not.toContain(secret)
    for (const platform of ['meta', 'line', 'tiktok', 'google', 'google-oauth'] as const)
      for (const request of await adPlatforms.requests(platform))
        for (const secret of SECRETS) expect(JSON.stringify(request)).not.toContain(secret)
    // The table holds them sealed, bound to the site and platform.
    const { SiteConversionCredentials } = await import('../../functions/src/data/site-conversions.ts')
    const stored = (await SiteConversionCredentials.query.credentials({ siteId }).go()).data
    expect(stored.map((c) => c.platform).sort()).toEqual(['google', 'line', 'meta', 'tiktok'])
    for (const item of stored) {
      expect(item.sealed).toMatch(/^v1\./)
      for (const secret of SECRETS) expect(item.sealed).not.toContain(secret)
    }
    // A platform that asks to wait (429 with Retry-After) is tried again no sooner than it asked.
    await adPlatforms.rateLimit('tiktok', 600)
    const limited = `evt-${randomUUID()}`
    const sentAt = stackNow()
    await contact(context(limited))
    const waiting = await eventually(
      () => delivered('tiktok'),
      // Claimed (attempts 1) before it is sent: wait for the answer.
      (page) => page.items[0]?.event_id === limited && page.items[0].last_status !== null,
    )
    expect(waiting.items[0]).toMatchObject({ state: 'PENDING', attempts: 1, last_status: 429 })
    expect(Date.parse(waiting.items[0].next_attempt_at)).toBeGreaterThanOrEqual(sentAt + 600_000)
    await adPlatforms.rateLimit('tiktok', null)
    // Removed: no new delivery, and the view says so.
    const removed = await consoleCall('DELETE', `/site/${siteId}/conversions/line/credentials`)
    expect(removed.status).toBe(200)
    expect(removed.body.item).toMatchObject({ platform: 'line', credentials_set: false })
    await adPlatforms.reset()
    await contact(context(`evt-${randomUUID()}`))
    await eventually(
      () => adPlatforms.received('tiktok'),
      (events) => events.length === 1,
    )
    expect(await adPlatforms.received('line')).toEqual([])

    const light = await creatorToken(http, 'light')
    const lightSite = await http.post(
      '/site',
      { name: 'ライト', number_horizontal: 1, number_vertical: 1, languages: ['JP'] },
      { token: light },
    )
    const refused = await http.call(
      'PUT',
      `/site/${lightSite.body.global_setting.id}/conversions/meta/credentials`,
      { token: light, body: { credentials: TOKENS.meta } },
    )
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('plan.noAnalytics')
    // Another tenant's site is not found.
    const stranger = await http.call('GET', `/site/${siteId}/conversions`, { token: light })
    expect(stranger.status).toBe(404)
  })
})
