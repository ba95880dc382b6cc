import { randomUUID } from 'node:crypto'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { PLAN_FEATURES, SOURCE_OTHER } from '@swipe/shared'
import { jstDay } from '@swipe/shared/time/jst'
import { beforeAll, describe, expect, it } from 'vitest'
import { localNames } from '../../infra/local/bootstrap.ts'
import { createAccount, seededMaster, type TestAccount, tokenFor } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { freshWindow, stackNow } from '../support/clock.ts'
import { edgeGet } from '../support/edge.ts'
import { useStackEnv, useStackPlatform } from '../support/env.ts'
import { publishVisitorSite, type VisitorSite } from '../support/visitor-site.ts'

/**
 * Issue 29, finding 4: page views an invoice bills are the page documents the edge served (its
 * access log), so forged beacons to the API change no bill; and the distinct source values a site
 * stores per day are capped (docs/decisions/0048-billable-page-views.md).
 */
const { urls, env } = useStackEnv()
useStackPlatform()
const http = api(urls.api)

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

const month = () => jstDay(stackNow()).slice(0, 7)
const billable = async (siteId: string) => {
  const { siteViews } = await import('../../functions/src/billing/usage.ts')
  const { daysOf } = await import('@swipe/shared/billing/months')
  return siteViews(siteId, daysOf(month()))
}
/** A page load of the site's default domain through the local edge (from 127.0.0.1 unless `from` says). */
const load = (
  site: VisitorSite,
  headers: Record<string, string> = { 'user-agent': PHONE },
  path = '/',
  from?: string,
) => edgeGet(urls.edge, `${site.siteUuid}.sites.localhost`, path, headers, from)
/**
 * The billable count once the edge's log has been counted up to `expected`. The edge writes its log
 * after answering, one file at a time in the order it served the pages, so once a later load is
 * counted every earlier one has been too.
 */
const billableReaches = (siteId: string, expected: number) =>
  expect.poll(() => billable(siteId), { timeout: 10_000, interval: 50 }).toBe(expected)

/** Beacons as the sites distribution delivers them: the viewer's address vouched for by the origin secret. */
const beacon = (events: unknown[], ip: string) =>
  fetch(`${urls.api}/analytics/events`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': PHONE,
      'x-viewer-address': `${ip}:443`,
      'x-origin-verify': env.ORIGIN_VERIFY_SECRET ?? '',
    },
    body: JSON.stringify(events),
  })

let user: TestAccount
let userToken: string
let site: VisitorSite

beforeAll(async () => {
  const root = await seededMaster(http)
  const master = await tokenFor(http, 'master@example.com', 'Master#Local1')
  // One page view included; every started 1,000 over it costs ¥100.
  const planId = `t-${randomUUID().slice(0, 8)}`
  const plan = await http.post(
    '/plan',
    {
      id: planId,
      name: `課金テスト ${planId}`,
      price: 1_000,
      quantity_swipe: 4,
      quantity_site: 2,
      limit_access: 1,
      limit_access_price: 100,
      swipe: true,
      history_days: 30,
      features: Object.fromEntries(PLAN_FEATURES.map((feature) => [feature, true])),
    },
    { token: master },
  )
  expect(plan.status, JSON.stringify(plan.body)).toBe(201)
  const oem = await createAccount({ type: 'OEM_MASTER', parent: root })
  user = await createAccount({ type: 'USER', parent: oem, planId })
  userToken = await tokenFor(http, user.email, user.password)
  site = await publishVisitorSite(http, userToken, { forms: false })
})

describe('billable page views', () => {
  it('counts page documents the edge served, not forged beacons: 1,000 of them leave the bill as it was', async () => {
    // What never counts — a robot, a prefetch, a page that does not exist — then three real page
    // loads (two languages' documents): once the last is counted, the others have been looked at.
    expect((await load(site, { 'user-agent': BOT })).status).toBe(200)
    expect((await load(site, { 'user-agent': PHONE, 'sec-purpose': 'prefetch' })).status).toBe(200)
    expect((await load(site, { 'user-agent': PHONE }, '/no-such-page/')).status).toBe(404)
    for (const path of ['/', '/en/', '/']) expect((await load(site, undefined, path)).status).toBe(200)
    await billableReaches(site.siteId, 3)

    // 1,000 forged views of this tenant's site: 20 beacons of 50 (the API's batch limit) from 5
    // addresses, all in one fresh rate window (200 events per address, under its 1,200).
    await freshWindow(60_000)
    const events = Array.from({ length: 50 }, () => ({
      siteId: site.siteId,
      lang: 'JP',
      event: 'view',
      position: 'A1',
    }))
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => beacon(events, `203.0.113.${(i % 5) + 10}`)),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(204))
    // Behaviour analytics took them (they are what beacons are for) …
    const { readDailyStats } = await import('../../functions/src/analytics/service.ts')
    expect((await readDailyStats(site.siteId, jstDay(stackNow())))['view#JP#*']).toBeGreaterThanOrEqual(1_000)
    // … the billable count did not.
    expect(await billable(site.siteId)).toBe(3)

    // The plan's usage screen and the invoice read the billable count: 3 views, 2 over the plan's
    // 1, one started block of 1,000 at ¥100. Had the beacons counted, 1,002 over: ¥200.
    const usage = await http.get('/user/user-plan', { token: userToken })
    expect(usage.status, JSON.stringify(usage.body)).toBe(200)
    expect(usage.body.usage.page_views).toBe(3)
    const { closeMonth } = await import('../../functions/src/billing/close.ts')
    const closed = await closeMonth(month(), { accountIds: [user.accountId] })
    expect(closed).toMatchObject({ issued: [expect.anything()], failed: [] })
    const { Invoices } = await import('../../functions/src/data/billing.ts')
    const [invoice, ...more] = (await Invoices.query.byAccount({ accountId: user.accountId }).go()).data
    expect(more).toEqual([])
    expect(invoice).toMatchObject({ pageViews: 3, planFee: 1_000, pageViewFee: 100 })
  })

  it('bills at most 50 loads per address, site and day, and counts a redelivered log object once', async () => {
    const before = await billable(site.siteId)
    expect(before).toBe(3)
    // 47 more loads from this address reach its 50; the 51st and 52nd are served but not billed.
    // A load from another address, served after them, is billed: 51 once the log is counted.
    const loads = await Promise.all(Array.from({ length: 49 }, () => load(site)))
    expect(loads.every((l) => l.status === 200)).toBe(true)
    expect((await load(site, undefined, '/', '127.0.0.2')).status).toBe(200)
    await billableReaches(site.siteId, 51)

    // S3 delivers an event at least once: the same log object again (through the Lambda's own
    // handler, as S3 invokes it) adds nothing.
    const { handler, countLogObject } = await import('../../functions/src/billing/page-views.ts')
    const bucket = localNames().logsBucket
    const s3 = new S3Client({
      endpoint: env.S3_ENDPOINT,
      region: 'ap-northeast-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    })
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'cloudfront/sites/' }))
    const keys = (listed.Contents ?? []).map((o) => o.Key!)
    expect(keys.length).toBeGreaterThan(0)
    const key = keys[0]!
    expect(await countLogObject(bucket, key)).toBeNull()
    await handler({
      Records: [{ s3: { bucket: { name: bucket }, object: { key: encodeURIComponent(key) } } }],
    })
    expect(await billable(site.siteId)).toBe(51)
    // An object that cannot be read keeps no claim, so S3's retry of it still counts.
    const missing = `cloudfront/sites/LOCAL.missing-${randomUUID()}.gz`
    await expect(countLogObject(bucket, missing)).rejects.toThrow()
    const { CountedLogs } = await import('../../functions/src/data/analytics.ts')
    expect(
      (await CountedLogs.get({ object: `${bucket}/${missing}` }).go({ consistent: true })).data,
    ).toBeNull()
  })
})

describe('distinct source values', () => {
  it('keeps at most 200 values per kind, site and day; the rest count as other', async () => {
    const { SOURCE_VALUES_PER_DAY } = await import('../../functions/src/analytics/service.ts')
    expect(SOURCE_VALUES_PER_DAY).toBe(200)
    const own = await publishVisitorSite(http, userToken, { forms: false })
    await freshWindow(60_000)
    // 260 views, each with a UTM source of its own: 200 are kept, 60 are "other".
    const batches = Array.from({ length: 6 }, (_, b) =>
      Array.from({ length: b < 5 ? 50 : 10 }, (_, i) => ({
        siteId: own.siteId,
        lang: 'JP',
        event: 'view',
        position: 'A1',
        utmSource: `forged-${b * 50 + i}`,
      })),
    )
    for (const batch of batches) expect((await beacon(batch, '203.0.113.40')).status).toBe(204)

    const day = jstDay(stackNow())
    const { SiteSources, SourceValues } = await import('../../functions/src/data/analytics-visitors.ts')
    const stored = (
      await Promise.all(
        [0, 1, 2, 3].map(
          async (shard) => (await SiteSources.query.byDay({ siteId: own.siteId, day, shard }).go()).data,
        ),
      )
    ).flat()
    const utm = stored.filter((s) => s.kind === 'utmSource')
    const values = new Set(utm.map((s) => s.value))
    expect(values.size).toBe(201)
    expect(values.has(SOURCE_OTHER)).toBe(true)
    expect(utm.reduce((sum, s) => sum + (s.count ?? 0), 0)).toBe(260)
    expect(utm.filter((s) => s.value === SOURCE_OTHER).reduce((sum, s) => sum + (s.count ?? 0), 0)).toBe(60)
    const admitted = (await SourceValues.get({ siteId: own.siteId, unit: day, kind: 'utmSource' }).go()).data
    expect(admitted?.values).toHaveLength(200)

    // The report and its CSV show them as "other", in the reader's language.
    const period = `from=${day}&to=${day}`
    const report = await http.get(`/analysis/site/${own.siteId}/sources?${period}`, { token: userToken })
    expect(report.status, JSON.stringify(report.body)).toBe(200)
    expect(report.body.utm_source[0]).toEqual({ value: SOURCE_OTHER, visits: 60, conversions: 0 })
    const csv = await fetch(`${urls.api}/analysis/site/${own.siteId}/sources/export-csv?${period}`, {
      headers: { authorization: `Bearer ${userToken}`, 'x-lang': 'ja' },
    })
    expect(csv.status).toBe(200)
    expect(await csv.text()).toContain('（その他）,60')
  })
})
