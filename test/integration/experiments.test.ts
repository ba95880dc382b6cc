import { assignArm } from '@swipe/shared/experiments/model'
import { sampleRatioMismatch, verdict } from '@swipe/shared/experiments/stats'
import { jstDay } from '@swipe/shared/time/jst'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Scheduler } from '../../infra/local/scheduler.ts'
import { creatorToken } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { advanceStackClock, stackNow } from '../support/clock.ts'
import { edgeGet } from '../support/edge.ts'
import { useStackEnv, useStackPlatform } from '../support/env.ts'
import { siteObjects } from '../support/objects.ts'
import { startTestScheduler } from '../support/scheduler.ts'
import { confirmedKeys, storeMedia } from '../support/uploads.ts'

/**
 * Issue 34 through the real handlers and the local edge: a test variant is the draft rendered
 * without going live; an experiment splits visitors at the edge by their `sl_ab` key (2,000 keys,
 * 50/50, within the sample-ratio check), each key sees the same variant again, the page's beacons
 * carrying the key are counted per variant, and promoting a variant serves it on the next request
 * with no publish (no release written, no media copied). Scheduled experiments start and end
 * through the runtime table's `experimentSchedule` run.
 */

const { urls } = useStackEnv()
useStackPlatform()
const http = api(urls.api)
const MINUTE = 60_000

/** Runs `work` over `items`, `width` at a time. */
const pool = async <T, R>(
  items: readonly T[],
  width: number,
  work: (item: T, index: number) => Promise<R>,
) => {
  const results: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++
        results[index] = await work(items[index]!, index)
      }
    }),
  )
  return results
}

/** A beacon of the page, as the browser sends it on the site's host (the cookie comes along). */
const beacon = (events: unknown[], key: string, visitor: number) =>
  fetch(`${urls.api}/analytics/events`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      cookie: `sl_ab=${key}`,
      // Each visitor its own address (the beacon endpoint limits requests per address).
      'x-viewer-address': `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}:443`,
      ...(process.env.ORIGIN_VERIFY_SECRET ? { 'x-origin-verify': process.env.ORIGIN_VERIFY_SECRET } : {}),
    },
    body: JSON.stringify(events),
  })

describe('experiments at the edge', () => {
  let token: string
  let scheduler: Scheduler

  beforeAll(async () => {
    token = await creatorToken(http, 'pro_multi')
    scheduler = await startTestScheduler(() => undefined)
  })
  afterAll(() => scheduler?.stop())

  /** A 2 × 1 site in Japanese, its two images stored. */
  const createSite = async () => {
    const created = await http.post(
      '/site',
      { name: 'ABテスト', number_horizontal: 2, number_vertical: 1, languages: ['JP'] },
      { token },
    )
    expect(created.status, created.text).toBe(201)
    const id = created.body.global_setting.id as string
    const keys = await confirmedKeys(id, ['jpg', 'jpg'])
    await storeMedia(keys)
    return { id, host: `${created.body.global_setting.site_uuid}.sites.localhost`, keys }
  }
  type Site = Awaited<ReturnType<typeof createSite>>

  /** Saves the draft with A1's text and a link button on A1. Answers the new version. */
  const save = async (site: Site, a1: string, messageMatch?: unknown[]) => {
    const current = await http.get(`/site/${site.id}`, { token })
    const saved = await http.call('PUT', `/site/${site.id}`, {
      token,
      body: {
        version: current.body.version,
        global_setting: {
          id: site.id,
          name: 'ABテスト',
          number_horizontal: 2,
          number_vertical: 1,
          default_language: 'JP',
          languages: ['JP'],
          ...(messageMatch ? { message_match: messageMatch } : {}),
        },
        creatives: [
          {
            lang: 'JP',
            position: 'A1',
            media_key: site.keys[0],
            media_type: 'image',
            image_alt: '一枚目',
            main_text: a1,
            link_destination_url: 'https://example.com/buy',
            link_button_text: '購入する',
          },
          { lang: 'JP', position: 'A2', media_key: site.keys[1], media_type: 'image', image_alt: '二枚目' },
        ],
      },
    })
    expect(saved.status, saved.text).toBe(200)
    return saved.body.version as number
  }
  const siteVersion = async (site: Site) =>
    (await http.get(`/site/${site.id}`, { token })).body.version as number
  const liveVersionId = async (site: Site) => {
    const versions = await http.get(`/site/${site.id}/versions`, { token })
    return (versions.body.items as Array<{ id: string; live: boolean }>).find((v) => v.live)!.id
  }
  const page = (site: Site, key?: string) =>
    edgeGet(urls.edge, site.host, '/', key ? { cookie: `sl_ab=${key}` } : {})
  const shown = (text: string) =>
    text.includes('勝つかもしれない案') ? 1 : text.includes('いまの案') ? 0 : -1

  it('splits 2,000 visitors at the edge, counts each variant, and promotes the winner without a publish', async () => {
    const site = await createSite()
    const published = await http.post(
      `/site/${site.id}/status`,
      { action: 'publish', version: await save(site, 'いまの案') },
      { token },
    )
    expect(published.status, published.text).toBe(200)
    const control = await liveVersionId(site)

    // The draft becomes a test variant: a version that is not live; visitors still see the control.
    const variantDraft = await save(site, '勝つかもしれない案')
    const variant = await http.post(`/site/${site.id}/variants`, { version: variantDraft }, { token })
    expect(variant.status, variant.text).toBe(201)
    expect(variant.body).toMatchObject({
      action: 'variant',
      live: false,
      can_rollback: true,
      summary: { cells: 1, changed_cells: ['JP:A1'] },
      message: '下書きをテスト案として保存しました。公開はされていません。',
    })
    expect(await siteVersion(site)).toBe(variantDraft)
    expect(shown((await page(site)).text)).toBe(0)

    // Bad experiments change nothing.
    const body = (weights: [number, number], extra: Record<string, unknown> = {}) => ({
      name: '一枚目の見出し',
      arms: [
        { version_id: control, weight: weights[0] },
        { version_id: variant.body.id, weight: weights[1] },
      ],
      goal: { type: 'link' },
      ...extra,
    })
    const uneven = await http.post(`/site/${site.id}/experiments`, body([50, 40]), { token })
    expect(uneven.status, uneven.text).toBe(400)
    expect(uneven.body.error.details).toEqual([
      { path: 'body.arms', code: 'experiment.weights', message: '配分の合計を100%にしてください。' },
    ])
    const swapped = await http.post(
      `/site/${site.id}/experiments`,
      { ...body([50, 50]), arms: [...body([50, 50]).arms].reverse() },
      { token },
    )
    expect(swapped.status, swapped.text).toBe(400)
    expect(swapped.body.error.details).toEqual([
      {
        path: 'body.arms.0.versionId',
        code: 'experiment.controlNotLive',
        message: '最初のパターン（A）は公開中の版にしてください。',
      },
    ])
    expect((await http.get(`/site/${site.id}/experiments`, { token })).body).toEqual({ items: [] })

    const created = await http.post(`/site/${site.id}/experiments`, body([50, 50]), { token })
    expect(created.status, created.text).toBe(201)
    expect(created.body).toMatchObject({
      message: 'A/Bテストを開始しました。',
      state: 'RUNNING',
      goal: { type: 'link', cell: null, seconds: null },
      arms: [
        { index: 0, label: 'A', version_id: control, weight: 50, kind: 'control', cells: [], visitors: 0 },
        { index: 1, label: 'B', version_id: variant.body.id, weight: 50, kind: 'creative', cells: ['JP:A1'] },
      ],
      verdict: { kind: 'notEnoughData', arm: null, text: 'まだデータが足りません。' },
      split: { p_value: null, broken: false },
    })
    const experimentId = created.body.id as string
    // One open experiment per site; the live version cannot change under it.
    const second = await http.post(`/site/${site.id}/experiments`, body([50, 50]), { token })
    expect(second.status).toBe(400)
    expect(second.body.error.message).toContain('別のA/Bテスト')
    const publishing = await http.post(
      `/site/${site.id}/status`,
      { action: 'publish', version: variantDraft },
      { token },
    )
    expect(publishing.status).toBe(400)
    expect(publishing.body.error.message).toContain('A/Bテストの実行中')

    // 2,000 visitors: a first visit without a key gets one (Set-Cookie) and its variant; the
    // second visit with that key sees the same variant.
    const visitors = await pool(
      Array.from({ length: 2000 }, (_, i) => i),
      16,
      async () => {
        const first = await page(site)
        expect(first.status).toBe(200)
        const cookie = String(first.headers['set-cookie'] ?? '')
        const key = /sl_ab=([A-Za-z0-9_-]{22});/.exec(cookie)?.[1]
        expect(cookie).toMatch(/; Path=\/; Max-Age=18144000; SameSite=Lax$/)
        expect(key).toBeDefined()
        const arm = shown(first.text)
        expect(arm).toBeGreaterThanOrEqual(0)
        const again = await page(site, key)
        expect(again.headers['set-cookie']).toBeUndefined()
        expect(shown(again.text)).toBe(arm)
        return { key: key!, arm }
      },
    )
    const served = [0, 1].map((arm) => visitors.filter((v) => v.arm === arm).length)
    expect(sampleRatioMismatch(served, [50, 50]).mismatch).toBe(false)
    expect(served[0]! + served[1]!).toBe(2000)

    // The beacons of the first 200 visitors (each with its key and its own address): a landing
    // view each; every 10th control visitor and every 5th variant visitor clicks the link button
    // twice (a visitor converts once).
    const beaconed = visitors.slice(0, 200)
    const converts = (v: { arm: number }, i: number) => i % (v.arm === 0 ? 10 : 5) === 0
    await pool(beaconed, 16, async (v, i) => {
      const events: unknown[] = [{ siteId: site.id, lang: 'ja', event: 'view', position: 'A1' }]
      if (converts(v, i))
        events.push(
          { siteId: site.id, lang: 'ja', event: 'click', position: 'A1', target: 'link' },
          { siteId: site.id, lang: 'ja', event: 'click', position: 'A1', target: 'link' },
        )
      const sent = await beacon(events, v.key, i)
      expect(sent.status).toBe(204)
    })
    const counts = [0, 1].map((arm) => ({
      visitors: beaconed.filter((v) => v.arm === arm).length,
      conversions: beaconed.filter((v, i) => v.arm === arm && converts(v, i)).length,
    }))
    const detail = await http.get(`/site/${site.id}/experiments/${experimentId}`, { token })
    expect(detail.status, detail.text).toBe(200)
    expect(detail.body.arms.map((a: { visitors: number; conversions: number }) => a)).toMatchObject(counts)
    expect(detail.body.arms[1].rate).toBeCloseTo(counts[1]!.conversions / counts[1]!.visitors, 10)
    expect(detail.body.split.broken).toBe(false)
    expect(detail.body.series).toEqual([
      {
        day: jstDay(stackNow()),
        arms: [
          { ...counts[0], lower: null, upper: null },
          {
            ...counts[1],
            lower: detail.body.arms[1].lift?.lower ?? expect.any(Number),
            upper: expect.any(Number),
          },
        ],
      },
    ])
    // The verdict of these counts (decision 0068's statistics, unit-tested on their own).
    const expected = verdict(counts.map((c, arm) => ({ id: String(arm), weight: 50, ...c })))
    expect(detail.body.verdict.kind).toBe(expected.kind)
    // Beacons without a key, or with a forged one, count nothing more.
    expect(
      (await beacon([{ siteId: site.id, lang: 'ja', event: 'view', position: 'A1' }], '../x', 9999)).status,
    ).toBe(204)
    const recount = await http.get(`/site/${site.id}/experiments`, { token })
    expect(recount.body.items[0].arms.map((a: { visitors: number }) => a.visitors)).toEqual(
      counts.map((c) => c.visitors),
    )

    // Promotion: the winner is live on the next request for every visitor, with no publish.
    const before = await siteObjects(site.id)
    const promoted = await http.post(
      `/site/${site.id}/experiments/${experimentId}/promote`,
      { version: variantDraft, arm: 1 },
      { token },
    )
    expect(promoted.status, promoted.text).toBe(200)
    expect(promoted.body).toMatchObject({
      message: 'パターンBを公開中のページにしました。',
      version: variantDraft + 1,
      state: 'ENDED',
      end_reason: 'promoted',
      winner: 1,
    })
    const controlVisitor = visitors.find((v) => v.arm === 0)!
    expect(shown((await page(site, controlVisitor.key)).text)).toBe(1)
    const newcomer = await page(site)
    expect(shown(newcomer.text)).toBe(1)
    expect(newcomer.headers['set-cookie']).toBeUndefined()
    // Nothing rendered, nothing copied: the same objects, bar the host map's.
    expect(await siteObjects(site.id)).toEqual(before)
    const history = await http.get(`/site/${site.id}/versions`, { token })
    expect(history.body.items[0]).toMatchObject({
      action: 'promote',
      restored_from: variant.body.id,
      live: true,
    })
    // After the end, beacons count nothing.
    await beacon([{ siteId: site.id, lang: 'ja', event: 'view', position: 'A1' }], 'z'.repeat(22), 10_001)
    const after = await http.get(`/site/${site.id}/experiments/${experimentId}`, { token })
    expect(after.body.arms.map((a: { visitors: number }) => a.visitors)).toEqual(
      counts.map((c) => c.visitors),
    )
  }, 180_000)

  it('starts and ends a scheduled experiment through the experimentSchedule run; stops by hand', async () => {
    const site = await createSite()
    const published = await http.post(
      `/site/${site.id}/status`,
      { action: 'publish', version: await save(site, 'いまの案') },
      { token },
    )
    expect(published.status, published.text).toBe(200)
    const control = await liveVersionId(site)
    const variant = await http.post(
      `/site/${site.id}/variants`,
      { version: await save(site, '勝つかもしれない案') },
      { token },
    )
    const startAt = new Date(stackNow() + 10 * MINUTE).toISOString()
    const endAt = new Date(stackNow() + 70 * MINUTE).toISOString()
    const created = await http.post(
      `/site/${site.id}/experiments`,
      {
        name: '予約テスト',
        arms: [
          { version_id: control, weight: 10 },
          { version_id: variant.body.id, weight: 90 },
        ],
        goal: { type: 'reach', cell: 'A2' },
        start_at: startAt,
        end_at: endAt,
      },
      { token },
    )
    expect(created.status, created.text).toBe(201)
    expect(created.body).toMatchObject({ state: 'SCHEDULED', message: 'A/Bテストを予約しました。' })
    expect(shown((await page(site, 'k'.repeat(22))).text)).toBe(0)

    // Reaching A2 converts; a view of A1 only exposes.
    advanceStackClock(Math.max(0, Date.parse(startAt) - stackNow()) + MINUTE)
    await scheduler.runDue()
    const running = await http.get(`/site/${site.id}/experiments/${created.body.id}`, { token })
    expect(running.body).toMatchObject({ state: 'RUNNING', started_at: expect.any(String) })
    const arms = await pool(
      Array.from({ length: 40 }, (_, i) => `visitor-key-${String(i).padStart(10, '0')}`),
      8,
      async (key) => shown((await page(site, key)).text),
    )
    expect(arms.filter((arm) => arm === 1).length).toBeGreaterThan(24)
    const reached = await beacon(
      [
        { siteId: site.id, lang: 'ja', event: 'view', position: 'A1' },
        { siteId: site.id, lang: 'ja', event: 'swipe', from: 'A1', to: 'A2', first: true },
      ],
      'visitor-key-0000000000',
      1,
    )
    expect(reached.status, await reached.text()).toBe(204)
    const counted = await http.get(`/site/${site.id}/experiments/${created.body.id}`, { token })
    expect(counted.body.arms[arms[0]!]).toMatchObject({ visitors: 1, conversions: 1 })

    advanceStackClock(Math.max(0, Date.parse(endAt) - stackNow()) + MINUTE)
    await scheduler.runDue()
    const ended = await http.get(`/site/${site.id}/experiments/${created.body.id}`, { token })
    expect(ended.body).toMatchObject({ state: 'ENDED', end_reason: 'endTime', winner: null })
    expect(shown((await page(site, 'visitor-key-0000000000')).text)).toBe(0)
    const again = await http.post(`/site/${site.id}/experiments/${created.body.id}/stop`, {}, { token })
    expect(again.status).toBe(400)

    // A new one, stopped by hand: everyone sees the live version again.
    const manual = await http.post(
      `/site/${site.id}/experiments`,
      {
        name: '手動終了',
        arms: [
          { version_id: control, weight: 1 },
          { version_id: variant.body.id, weight: 99 },
        ],
        goal: { type: 'dwell', seconds: 5 },
      },
      { token },
    )
    expect(manual.status, manual.text).toBe(201)
    const { sha256 } = await import('../../functions/src/auth/session.ts')
    // A visitor whose key the split puts on B (at 99 %, one key in a hundred falls on A: which one
    // depends on the new experiment's id, so the key is found by the edge's own rule).
    const onB = Array.from({ length: 1_000 }, (_, i) => `visitor-key-${String(i).padStart(10, '0')}`).find(
      (key) => assignArm(manual.body.id, key, [1, 99], sha256) === 1,
    )!
    expect(shown((await page(site, onB)).text)).toBe(1)
    const stopped = await http.post(`/site/${site.id}/experiments/${manual.body.id}/stop`, {}, { token })
    expect(stopped.status, stopped.text).toBe(200)
    expect(stopped.body).toMatchObject({ state: 'ENDED', end_reason: 'stopped', message: expect.any(String) })
    expect(shown((await page(site, onB)).text)).toBe(0)

    // Automatic promotion: once the sequence calls B better and the minimum days have passed.
    const auto = await http.post(
      `/site/${site.id}/experiments`,
      {
        name: '自動反映',
        arms: [
          { version_id: control, weight: 50 },
          { version_id: variant.body.id, weight: 50 },
        ],
        goal: { type: 'link' },
        auto_promote: true,
        min_days: 1,
      },
      { token },
    )
    expect(auto.status, auto.text).toBe(201)
    // A month of traffic, as the counters would hold it: 5 % against 6 % on 30,000 visitors each.
    const { ExperimentCounts } = await import('../../functions/src/data/experiments.ts')
    const today = jstDay(stackNow())
    await ExperimentCounts.update({ experimentId: auto.body.id, day: today, arm: 0 })
      .add({ visitors: 30_000, conversions: 1_500 })
      .go()
    await ExperimentCounts.update({ experimentId: auto.body.id, day: today, arm: 1 })
      .add({ visitors: 30_000, conversions: 1_800 })
      .go()
    const decided = await http.get(`/site/${site.id}/experiments/${auto.body.id}`, { token })
    expect(decided.body.verdict).toEqual({
      kind: 'better',
      arm: 1,
      confidence: 95,
      text: 'BはAより優れています（信頼度95%）。',
    })
    expect(decided.body.arms[1].lift).toEqual({
      absolute: expect.closeTo(0.01, 10),
      lower: expect.any(Number),
      upper: expect.any(Number),
      relative: expect.closeTo(0.2, 10),
    })
    expect(decided.body.arms[1].lift.lower).toBeGreaterThan(0)
    // The daily series as CSV (formula-safe, BOM): one row per day and arm.
    const csv = await fetch(`${urls.api}/site/${site.id}/experiments/${auto.body.id}/export-csv`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    expect(lines).toHaveLength(3)
    expect(lines[0]).toBe(
      '日付,パターン,版,訪問者数（累計）,コンバージョン数（累計）,コンバージョン率（%）,差の下限（ポイント）,差の上限（ポイント）',
    )
    expect(lines[1]).toBe(`${today},A,${control},30000,1500,5,,`)
    expect(lines[2]).toMatch(new RegExp(`^${today},B,${variant.body.id},30000,1800,6,0\\.\\d+,1\\.\\d+$`))
    // Not before the minimum days.
    advanceStackClock(2 * MINUTE)
    await scheduler.runDue()
    expect((await http.get(`/site/${site.id}/experiments/${auto.body.id}`, { token })).body.state).toBe(
      'RUNNING',
    )
    advanceStackClock(24 * 60 * MINUTE)
    await scheduler.runDue()
    const promoted = await http.get(`/site/${site.id}/experiments/${auto.body.id}`, { token })
    expect(promoted.body).toMatchObject({ state: 'ENDED', end_reason: 'promoted', winner: 1 })
    expect(shown((await page(site, 'visitor-key-0000000001')).text)).toBe(1)
    const history = await http.get(`/site/${site.id}/versions`, { token })
    expect(history.body.items[0]).toMatchObject({ action: 'promote', by: null, live: true })
  })

  it("opens an ad's visitors on its own creative: the edge serves the rule's start page (message match)", async () => {
    const site = await createSite()
    // A rule outside the grid, or twice the same value, changes nothing.
    const current = await http.get(`/site/${site.id}`, { token })
    const outside = await http.call('PUT', `/site/${site.id}`, {
      token,
      body: {
        version: current.body.version,
        global_setting: {
          id: site.id,
          name: 'ABテスト',
          number_horizontal: 2,
          number_vertical: 1,
          default_language: 'JP',
          languages: ['JP'],
          message_match: [{ param: 'utm_content', value: 'line', cell: 'B1' }],
        },
      },
    })
    expect(outside.status, outside.text).toBe(400)
    expect(outside.body.error.details).toEqual([
      {
        path: 'body.globalSetting.messageMatch.0.cell',
        code: 'messageMatch.cellOutside',
        message: '表示するセルがグリッドの外です。',
      },
    ])
    const rules = [
      { param: 'utm_content', value: 'LINE%20Spring', cell: 'a2' },
      { param: 'utm_campaign', value: 'tiktok', cell: 'A2' },
    ]
    const version = await save(site, 'いまの案', rules)
    const stored = await http.get(`/site/${site.id}`, { token })
    expect(stored.body.global_setting.message_match).toEqual([
      { param: 'utm_content', value: 'line spring', cell: 'A2' },
      { param: 'utm_campaign', value: 'tiktok', cell: 'A2' },
    ])
    const published = await http.post(`/site/${site.id}/status`, { action: 'publish', version }, { token })
    expect(published.status, published.text).toBe(200)

    const landing = (query: string) => edgeGet(urls.edge, site.host, `/${query}`)
    const plain = await landing('')
    expect(plain.text).not.toContain('data-start=')
    for (const query of [
      '?utm_content=line+spring',
      '?utm_source=x&utm_content=LINE%20SPRING',
      '?utm_campaign=TikTok',
    ]) {
      const page = await landing(query)
      expect(page.status).toBe(200)
      expect(page.text, query).toContain('data-start="A2"')
      // The same page otherwise: its heading and the cell's text are there.
      expect(page.text).toContain('いまの案')
    }
    expect((await landing('?utm_content=other')).text).not.toContain('data-start=')
    const keys = await siteObjects(site.id)
    expect(keys.some((key) => /\/_start\/A2\/index\.html$/.test(key))).toBe(true)

    // A variant saved with other rules cannot be tested against the live version.
    const control = await liveVersionId(site)
    const variant = await http.post(
      `/site/${site.id}/variants`,
      { version: await save(site, '勝つかもしれない案', [rules[0]]) },
      { token },
    )
    expect(variant.status, variant.text).toBe(201)
    const refused = await http.post(
      `/site/${site.id}/experiments`,
      {
        name: 'ルール違い',
        arms: [
          { version_id: control, weight: 50 },
          { version_id: variant.body.id, weight: 50 },
        ],
        goal: { type: 'link' },
      },
      { token },
    )
    expect(refused.status, refused.text).toBe(400)
    expect(refused.body.error.details[0]).toMatchObject({
      path: 'body.arms',
      code: 'experiment.matchesDiffer',
    })
  })
})
