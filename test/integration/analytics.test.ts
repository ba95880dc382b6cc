import { randomUUID } from 'node:crypto'
import { jstDay } from '@swipe/shared/time/jst'
import { beforeAll, describe, expect, it } from 'vitest'
import { creatorToken } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { stackNow } from '../support/clock.ts'
import { useStackEnv } from '../support/env.ts'
import { confirmedKeys, storeMedia } from '../support/uploads.ts'

const { urls } = useStackEnv()
const http = api(urls.api)
const ENDPOINT = `${urls.api}/analytics/events`

/** A phone's browser: robots' requests (`isbot`, which includes Node's own `node` agent) are not counted. */
const BROWSER = {
  'user-agent':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
}

/** What web-site's island posts with navigator.sendBeacon: text/plain JSON (no CORS preflight). */
const beacon = (payload: unknown, headers: Record<string, string> = {}) =>
  fetch(ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...BROWSER, ...headers },
    body: typeof payload === 'string' ? payload : JSON.stringify(payload),
  })

const postJson = (payload: unknown) =>
  fetch(ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...BROWSER },
    body: JSON.stringify(payload),
  })

const stats = async (siteId: string, day: string) => {
  const { readDailyStats } = await import('../../functions/src/analytics/service.ts')
  return readDailyStats(siteId, day)
}

/** A site's counters around a test: today's in Japan, and tomorrow's should the test cross midnight JST. */
const statsAround = async (siteId: string, started: number) => {
  const days = [...new Set([jstDay(started), jstDay(stackNow())])]
  const totals: Record<string, number> = {}
  for (const day of days)
    for (const [key, value] of Object.entries(await stats(siteId, day)))
      totals[key] = (totals[key] ?? 0) + value
  return totals
}

describe('analytics collection', () => {
  let token: string
  let published: string
  let draft: string

  const site = async (publish: boolean, languages = ['JP']) => {
    const created = await http.post(
      '/site',
      { name: '計測', number_horizontal: 2, number_vertical: 2, languages },
      { token },
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.global_setting.id as string
    const keys = await confirmedKeys(id, ['jpg', 'jpg', 'jpg', 'jpg'])
    await storeMedia(keys)
    const saved = await http.call('PUT', `/site/${id}`, {
      token,
      body: {
        version: 1,
        global_setting: { id, name: '計測', number_horizontal: 2, number_vertical: 2, languages },
        creatives: ['A1', 'B1', 'A2', 'B2'].map((position, i) => ({
          lang: 'JP',
          position,
          media_key: keys[i],
          media_type: 'image',
        })),
      },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    if (publish) {
      const done = await http.post(
        `/site/${id}/status`,
        { action: 'publish', version: saved.body.version },
        { token },
      )
      expect(done.status, JSON.stringify(done.body)).toBe(200)
    }
    return id
  }

  beforeAll(async () => {
    token = await creatorToken(http, 'pro')
    published = await site(true)
    draft = await site(false)
  })

  it('counts 50 events sent at once (single beacons and batches) exactly, per counter', async () => {
    const started = stackNow()
    const base = { site: published, lang: 'ja', at: started }
    const events = [
      ...Array.from({ length: 20 }, () => ({ ...base, event: 'view', position: 'A1' })),
      ...Array.from({ length: 10 }, () => ({
        ...base,
        event: 'swipe',
        position: 'B1',
        from: 'A1',
        to: 'B1',
        via: 'touch',
      })),
      ...Array.from({ length: 8 }, () => ({ ...base, event: 'click', position: 'B1', target: 'link' })),
      ...Array.from({ length: 5 }, () => ({ ...base, event: 'dwell', position: 'B1', duration_ms: 1500 })),
      ...Array.from({ length: 4 }, () => ({ ...base, event: 'product', position: 'B2', product: 'B2-0' })),
      ...Array.from({ length: 3 }, () => ({ ...base, event: 'cta', position: 'A1', cta: 0 })),
    ]
    expect(events).toHaveLength(50)
    // Interleave kinds, then send 14 as single beacons, 16 in two JSON batches, 20 as one array.
    const mixed = events
      .map((e, i) => ({ e, k: (i * 37) % 50 }))
      .sort((a, b) => a.k - b.k)
      .map((x) => x.e)
    const requests = [
      ...mixed.slice(0, 14).map((e) => beacon(e)),
      postJson({ events: mixed.slice(14, 22) }),
      beacon({ events: mixed.slice(22, 30) }),
      postJson(mixed.slice(30, 50)),
    ]
    const responses = await Promise.all(requests)
    for (const response of responses) {
      expect(response.status).toBe(204)
      expect(await response.text()).toBe('')
    }
    expect(await statsAround(published, started)).toEqual({
      'view#JP#A1': 20,
      'view#JP#*': 20,
      'swipeOut#JP#A1': 10,
      'swipeOut#JP#*': 10,
      'swipeIn#JP#B1': 10,
      'swipeIn#JP#*': 10,
      'dir.r#JP#A1': 10,
      'dir.r#JP#*': 10,
      'click.link#JP#B1': 8,
      'click.link#JP#*': 8,
      'dwell#JP#B1': 5,
      'dwell#JP#*': 5,
      'dwellMs#JP#B1': 7500,
      'dwellMs#JP#*': 7500,
      'dwb.1#JP#B1': 5,
      'dwb.1#JP#*': 5,
      'product#JP#B2': 4,
      'product#JP#*': 4,
      'cta.0#JP#A1': 3,
      'cta.0#JP#*': 3,
      // The 20 page views came from one browser: one unique visitor of the day.
      'visitor#JP#*': 1,
    })
  })

  it('adds a batch over one cell in one item per cell, and counts concurrent batches exactly', async () => {
    const started = stackNow()
    const fresh = await site(true)
    const base = { site: fresh, lang: 'ja', at: started, position: 'B2' }
    const batch = [
      ...Array.from({ length: 6 }, () => ({ ...base, event: 'view' })),
      ...Array.from({ length: 3 }, () => ({ ...base, event: 'click', target: 'product' })),
      { ...base, event: 'click', target: 'sns' },
      { ...base, event: 'product', product: 'B2-0' },
      { ...base, event: 'cta', cta: 7 },
      { ...base, event: 'dwell', duration_ms: 400 },
      { ...base, event: 'dwell', duration_ms: 600 },
    ]
    expect((await beacon({ events: batch })).status).toBe(204)
    // What was stored: the cell's item and the page's, each holding every metric of the batch.
    const { SiteStats } = await import('../../functions/src/data/analytics.ts')
    const days = [...new Set([jstDay(started), jstDay(stackNow())])]
    const items = (
      await Promise.all(
        days.flatMap((day) =>
          [0, 1, 2, 3].map((shard) => SiteStats.query.byDay({ siteId: fresh, day, shard }).go()),
        ),
      )
    ).flatMap((r) => r.data)
    const metrics = {
      view: 6,
      click_product: 3,
      click_sns: 1,
      product: 1,
      cta_7: 1,
      dwell: 2,
      dwellMs: 1000,
      dwb_0: 2,
    }
    expect(
      items.map(({ lang, position, ...rest }) => ({
        lang,
        position,
        ...Object.fromEntries(Object.entries(rest).filter(([key]) => key in metrics)),
      })),
    ).toEqual(
      expect.arrayContaining([
        { lang: 'JP', position: '*', ...metrics },
        { lang: 'JP', position: 'B2', ...metrics },
      ]),
    )
    expect(items).toHaveLength(2)
    // Ten more of the same batch at once: every counter exactly 11 times the batch's.
    const responses = await Promise.all(Array.from({ length: 10 }, () => beacon({ events: batch })))
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(204))
    const expected: Record<string, number> = {}
    for (const [field, amount] of Object.entries(metrics))
      for (const position of ['B2', '*']) expected[`${field.replace('_', '.')}#JP#${position}`] = amount * 11
    // Every request came from one browser: one unique visitor of the day.
    expected['visitor#JP#*'] = 1
    expect(await statsAround(fresh, started)).toEqual(expected)
  })

  it('refuses invalid events with 400 and field paths, and counts none of the request', async () => {
    const started = stackNow()
    const fresh = await site(true)
    const ok = { site: fresh, lang: 'ja', event: 'view', position: 'A1' }
    const cases: Array<[string, () => Promise<Response>, number, unknown]> = [
      [
        'one bad event in a batch',
        () => postJson({ events: [ok, ok, { ...ok, position: 'Z0' }] }),
        400,
        [expect.objectContaining({ path: 'body.2.position', code: 'validation.invalid' })],
      ],
      [
        'unknown language',
        () => beacon({ ...ok, lang: 'fr' }),
        400,
        [expect.objectContaining({ path: 'body.0.lang', code: 'validation.invalid' })],
      ],
      [
        'unknown event',
        () => beacon({ ...ok, event: 'hover' }),
        400,
        [expect.objectContaining({ path: 'body.0.event' })],
      ],
      [
        'swipe without from/to',
        () => beacon({ ...ok, event: 'swipe' }),
        400,
        [
          expect.objectContaining({ path: 'body.0.from', code: 'validation.invalid' }),
          expect.objectContaining({ path: 'body.0.to', code: 'validation.invalid' }),
        ],
      ],
      [
        'negative dwell',
        () => beacon({ ...ok, event: 'dwell', duration_ms: -1 }),
        400,
        [expect.objectContaining({ path: 'body.0.durationMs' })],
      ],
      [
        'more than 50',
        () => postJson(Array.from({ length: 51 }, () => ok)),
        400,
        [expect.objectContaining({ path: 'body', code: 'validation.tooMany', params: { max: 50 } })],
      ],
      ['empty batch', () => postJson({ events: [] }), 400, [expect.objectContaining({ path: 'body' })]],
      ['not JSON', () => beacon('view A1'), 400, undefined],
    ]
    for (const [name, send, status, details] of cases) {
      const response = await send()
      expect(response.status, name).toBe(status)
      const body = (await response.json()) as { error: { code: string; details?: unknown } }
      expect(body.error.code, name).toBe(details ? 'error.validation' : 'error.badRequest')
      expect(body.error.details, name).toEqual(details)
    }
    const tooBig = await beacon({ events: [{ ...ok, via: 'x'.repeat(17_000) }] })
    expect(tooBig.status).toBe(413)
    expect(await statsAround(fresh, started)).toEqual({})
  })

  it('ignores events of sites that are not published, unknown ones, and cells or languages a site lacks', async () => {
    const started = stackNow()
    const responses = await Promise.all([
      beacon({ site: draft, lang: 'ja', event: 'view', position: 'A1' }),
      beacon({ site: randomUUID(), lang: 'ja', event: 'view', position: 'A1' }),
      // The published site is 2 × 2 and Japanese only.
      beacon({ site: published, lang: 'ja', event: 'view', position: 'C1' }),
      beacon({ site: published, lang: 'ja', event: 'swipe', from: 'B2', to: 'B3' }),
      beacon({ site: published, lang: 'en', event: 'view', position: 'A1' }),
    ])
    expect(responses.map((r) => r.status)).toEqual([204, 204, 204, 204, 204])
    expect(await statsAround(draft, started)).toEqual({})
    const counted = await statsAround(published, started)
    expect(Object.keys(counted).filter((key) => /C1|B3|#EN#/.test(key))).toEqual([])
  })

  it('counts a site from the moment it is published, though its draft was looked up just before', async () => {
    const started = stackNow()
    const later = await site(false)
    const view = { site: later, lang: 'ja', event: 'view', position: 'A1' }
    expect((await beacon(view)).status).toBe(204)
    const { version } = (await http.get(`/site/${later}`, { token })).body as { version: number }
    const done = await http.post(`/site/${later}/status`, { action: 'publish', version }, { token })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect((await beacon(view)).status).toBe(204)
    expect(await statsAround(later, started)).toEqual({ 'view#JP#A1': 1, 'view#JP#*': 1, 'visitor#JP#*': 1 })
  })

  it('clamps a dwell to 30 minutes', async () => {
    const started = stackNow()
    const fresh = await site(true)
    const response = await beacon({
      site: fresh,
      lang: 'JP',
      event: 'dwell',
      position: 'A2',
      durationMs: 10 * 3_600_000,
    })
    expect(response.status).toBe(204)
    expect(await statsAround(fresh, started)).toEqual({
      'dwell#JP#A2': 1,
      'dwell#JP#*': 1,
      'dwellMs#JP#A2': 1_800_000,
      'dwellMs#JP#*': 1_800_000,
      // The histogram's open last bucket: two minutes or more.
      'dwb.9#JP#A2': 1,
      'dwb.9#JP#*': 1,
    })
  })

  it('counts an event for the day in Japan it arrives on, across midnight JST', async () => {
    const { recordEvents } = await import('../../functions/src/analytics/service.ts')
    const fresh = await site(true)
    const view = { siteId: fresh, lang: 'JP' as const, event: 'view' as const, position: 'A1' }
    // 2025-03-31 23:59:59.999 and 2025-04-01 00:00:00.000 in Japan (UTC+9, no daylight saving).
    await recordEvents([view], Date.parse('2025-03-31T14:59:59.999Z'))
    await recordEvents([view, view], Date.parse('2025-03-31T15:00:00.000Z'))
    expect(await stats(fresh, '2025-03-31')).toEqual({ 'view#JP#A1': 1, 'view#JP#*': 1 })
    expect(await stats(fresh, '2025-04-01')).toEqual({ 'view#JP#A1': 2, 'view#JP#*': 2 })
    expect(await stats(fresh, '2025-03-30')).toEqual({})
  })

  it('answers a published-site origin by CORS (the beacon itself needs no preflight)', async () => {
    const origin = `http://${randomUUID()}.sites.localhost:${new URL(urls.edge).port}`
    const response = await beacon({ site: published, lang: 'ja', event: 'view', position: 'B2' }, { origin })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(origin)
  })

  it('limits each client lightly per minute, and forgets it the next minute', async () => {
    const { takeAllowance } = await import('../../functions/src/edge/rate-limit.ts')
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}-${randomUUID()}`
    const now = Date.parse('2030-01-01T00:00:10Z')
    expect(await takeAllowance('analytics', ip, 6, { max: 10, now })).toBe(true)
    expect(await takeAllowance('analytics', ip, 4, { max: 10, now })).toBe(true)
    expect(await takeAllowance('analytics', ip, 1, { max: 10, now })).toBe(false)
    // Another purpose, and the next minute, start afresh.
    expect(await takeAllowance('ctaClick', ip, 1, { max: 10, now })).toBe(true)
    expect(await takeAllowance('analytics', ip, 10, { max: 10, now: now + 60_000 })).toBe(true)
    expect(await takeAllowance('analytics', ip, 11, { max: 10, now: now + 120_000 })).toBe(false)
  })
})
