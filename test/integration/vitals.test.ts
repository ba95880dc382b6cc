import { randomUUID } from 'node:crypto'
import { VITALS_METRICS, type VitalsMetric } from '@swipe/shared/site/vitals'
import { VITALS_RELATIVE_ERROR, vitalsBucket, vitalsP75 } from '@swipe/shared/site/vitals-histogram'
import { addDays } from '@swipe/shared/time/calendar'
import { jstDay } from '@swipe/shared/time/jst'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAccount, seededMaster, tokenFor } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { stackNow } from '../support/clock.ts'
import { useStackEnv } from '../support/env.ts'
import { confirmedKeys, storeMedia } from '../support/uploads.ts'

/**
 * Field Web Vitals (docs/decisions/0071-field-web-vitals.md) through the real handlers: the beacon
 * endpoint keeps a sampled visit's `vitals` events as histograms per device class (refusing bad
 * ones), the site's report answers p75 per metric and device class, and the dashboard the share
 * of the caller's scope's sites passing the Core Web Vitals.
 */

const { urls } = useStackEnv()
const http = api(urls.api)
const ENDPOINT = `${urls.api}/analytics/events`

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

/** What the island posts with navigator.sendBeacon: text/plain JSON, from the visitor's browser. */
const beacon = (payload: unknown, userAgent = PHONE) =>
  fetch(ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': userAgent },
    body: JSON.stringify(payload),
  })

/** One vitals event as the island sends it. */
const vital = (site: string, metric: VitalsMetric | string, value: unknown) => ({
  site,
  lang: 'ja',
  event: 'vitals',
  position: 'A1',
  metric,
  value,
  at: Date.now(),
})

/** What the report should say of raw values: the histogram's p75 (shared, unit-tested) and the count. */
const expected = (metric: VitalsMetric, values: number[]) => {
  const histogram = new Map<number, number>()
  for (const value of values) {
    const bucket = vitalsBucket(metric, value)
    histogram.set(bucket, (histogram.get(bucket) ?? 0) + 1)
  }
  return { metric, ...vitalsP75(metric, histogram) }
}

describe('field Web Vitals', () => {
  let userToken: string

  /** A fresh OEM of its own (its dashboard scope holds its sites only) and a user under it. */
  const freshTenant = async () => {
    const oem = await createAccount({ type: 'OEM_MASTER', parent: await seededMaster(http) })
    const user = await createAccount({ type: 'USER', parent: oem, planId: 'pro' })
    return {
      oemToken: await tokenFor(http, oem.email, oem.password),
      userToken: await tokenFor(http, user.email, user.password),
    }
  }

  /** A published 2 × 2 site of the test's user (Japanese only). */
  const publishedSite = async () => {
    const name = `表示速度 ${randomUUID().slice(0, 4)}`
    const body = { name, number_horizontal: 2, number_vertical: 2, languages: ['JP'] }
    const created = await http.post('/site', body, { token: userToken })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.global_setting.id as string
    const keys = await confirmedKeys(id, ['jpg', 'jpg', 'jpg', 'jpg'])
    await storeMedia(keys)
    const saved = await http.call('PUT', `/site/${id}`, {
      token: userToken,
      body: {
        version: 1,
        global_setting: { id, ...body },
        creatives: ['A1', 'B1', 'A2', 'B2'].map((position, i) => ({
          lang: 'JP',
          position,
          media_key: keys[i],
          media_type: 'image',
        })),
      },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const done = await http.post(
      `/site/${id}/status`,
      { action: 'publish', version: saved.body.version },
      { token: userToken },
    )
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    return id
  }

  const report = async (siteId: string) => {
    const response = await http.get(`/analysis/site/${siteId}/vitals`, { token: userToken })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    return response.body as {
      devices: Array<{
        device: string
        metrics: Array<{ metric: string; samples: number; p75: number | null; rating: string | null }>
      }>
    }
  }
  const samplesOf = async (siteId: string) =>
    (await report(siteId)).devices.flatMap((d) =>
      d.metrics.map((m) => `${d.device} ${m.metric} ${m.samples}`),
    )

  beforeAll(async () => {
    userToken = (await freshTenant()).userToken
  })

  it("keeps a sampled visit's vitals per device class and reports each metric's p75, samples and rating", async () => {
    const siteId = await publishedSite()
    const phone = {
      LCP: [1_000, 1_500, 2_000, 3_000],
      INP: [100, 150, 250, 600],
      CLS: [0, 0, 0.05, 0.3],
      TTFB: [100, 300, 900, 2_000],
    } satisfies Record<VitalsMetric, number[]>
    // Four phone visits (one batch each, as the island sends them with the other events), one desktop one.
    for (let i = 0; i < 4; i++) {
      const response = await beacon([
        { site: siteId, lang: 'ja', event: 'dwell', position: 'A1', durationMs: 1_000 },
        ...VITALS_METRICS.map((metric) => vital(siteId, metric, phone[metric][i])),
      ])
      expect(response.status).toBe(204)
    }
    expect((await beacon([vital(siteId, 'LCP', 5_000), vital(siteId, 'CLS', 0.01)], DESKTOP)).status).toBe(
      204,
    )

    const today = jstDay(stackNow())
    const answer = await report(siteId)
    expect(answer).toEqual({
      site: expect.objectContaining({ id: siteId }),
      period: { from: `${today.slice(0, 7)}-01`, to: today },
      previous: expect.any(Object),
      lang: null,
      devices: [
        { device: 'mobile', metrics: VITALS_METRICS.map((metric) => expected(metric, phone[metric])) },
        {
          device: 'desktop',
          metrics: [
            expected('LCP', [5_000]),
            { metric: 'INP', samples: 0, p75: null, rating: null },
            expected('CLS', [0.01]),
            { metric: 'TTFB', samples: 0, p75: null, rating: null },
          ],
        },
      ],
      relative_error: VITALS_RELATIVE_ERROR,
    })
    // The p75 is within the bucket error of the exact nearest-rank value (the 3rd of 4), rated exactly.
    const mobile = answer.devices[0]!.metrics
    expect(mobile.map(({ metric, rating }) => `${metric} ${rating}`)).toEqual([
      'LCP good',
      'INP needsImprovement',
      'CLS good',
      'TTFB needsImprovement',
    ])
    for (const [metric, exact] of [
      ['LCP', 2_000],
      ['INP', 250],
      ['TTFB', 900],
    ] as const)
      expect(
        Math.abs(mobile.find((m) => m.metric === metric)!.p75! - exact) / exact,
        metric,
      ).toBeLessThanOrEqual(VITALS_RELATIVE_ERROR)
    expect(mobile.find((m) => m.metric === 'CLS')!.p75).toBeCloseTo(0.05, 2)
    // Another period (last month) has none.
    const lastMonth = addDays(`${today.slice(0, 7)}-01`, -1)
    const before = await http.get(
      `/analysis/site/${siteId}/vitals?from=${lastMonth.slice(0, 7)}-01&to=${lastMonth}`,
      {
        token: userToken,
      },
    )
    expect(before.status).toBe(200)
    expect(
      (before.body as { devices: Array<{ metrics: Array<{ samples: number }> }> }).devices.flatMap((d) =>
        d.metrics.map((m) => m.samples),
      ),
    ).toEqual([0, 0, 0, 0, 0, 0, 0, 0])
  })

  it('refuses a batch with a bad vitals event (unknown metric, negative, too large, not a number): nothing kept', async () => {
    const siteId = await publishedSite()
    const good = vital(siteId, 'LCP', 1_200)
    const cases: Array<[string, unknown, string]> = [
      ['FID is not measured', vital(siteId, 'FID', 10), 'body.1.metric'],
      ['negative', vital(siteId, 'INP', -1), 'body.1.value'],
      ['over the maximum', vital(siteId, 'LCP', 120_001), 'body.1.value'],
      ['CLS over its maximum', vital(siteId, 'CLS', 11), 'body.1.value'],
      ['a string', vital(siteId, 'TTFB', '12'), 'body.1.value'],
      ['no value', { ...vital(siteId, 'TTFB', 1), value: undefined }, 'body.1.value'],
      ['no cell', { ...vital(siteId, 'LCP', 1), position: undefined }, 'body.1.position'],
    ]
    for (const [name, bad, path] of cases) {
      const response = await beacon([good, bad])
      expect(response.status, name).toBe(400)
      const body = (await response.json()) as { error: { code: string; details: Array<{ path: string }> } }
      expect(body.error.code, name).toBe('error.validation')
      expect(
        body.error.details.map((d) => d.path),
        name,
      ).toEqual([path])
    }
    // Events that do not count are ignored (204): a draft or unknown site, a cell outside the grid.
    expect((await beacon([vital(randomUUID(), 'LCP', 1_000)])).status).toBe(204)
    expect((await beacon([{ ...vital(siteId, 'LCP', 1_000), position: 'C3' }])).status).toBe(204)
    expect(new Set(await samplesOf(siteId))).toEqual(
      new Set(['mobile', 'desktop'].flatMap((d) => VITALS_METRICS.map((m) => `${d} ${m} 0`))),
    )
  })

  it('gives an OEM the share of its sites passing the Core Web Vitals over 28 days, of those with enough samples', async () => {
    const tenant = await freshTenant()
    userToken = tenant.userToken
    const [passing, failing, few] = [await publishedSite(), await publishedSite(), await publishedSite()]
    const visits = (siteId: string, lcp: number, count: number) =>
      beacon(
        Array.from({ length: count }, () => [vital(siteId, 'LCP', lcp), vital(siteId, 'CLS', 0.02)]).flat(),
      )
    // Ten phone samples each: one site with a good LCP, one with 7 of 10 good (p75 above 2.5 s).
    expect((await visits(passing, 1_800, 10)).status).toBe(204)
    expect((await visits(failing, 1_800, 7)).status).toBe(204)
    expect((await visits(failing, 3_200, 3)).status).toBe(204)
    // Nine samples are too few to judge.
    expect((await visits(few, 1_000, 9)).status).toBe(204)
    // INP with too few samples does not count; with ten it must be good too.
    expect((await beacon([vital(passing, 'INP', 900)])).status).toBe(204)

    const today = jstDay(stackNow())
    const dashboard = await http.get('/dashboard/web-vitals', { token: tenant.oemToken })
    expect(dashboard.status, JSON.stringify(dashboard.body)).toBe(200)
    expect(dashboard.body).toEqual({
      days: 28,
      from: addDays(today, -27),
      to: today,
      min_samples: 10,
      judged: 2,
      passing: 1,
      unjudged: 1,
      share: 0.5,
    })
    // A creator does not read the dashboard.
    expect((await http.get('/dashboard/web-vitals', { token: userToken })).status).toBe(403)
  })
})
