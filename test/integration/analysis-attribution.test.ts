import { randomUUID } from 'node:crypto'
import { SOURCE_OTHER } from '@swipe/shared'
import { DAY_MS, jstDay, jstDayStart } from '@swipe/shared/time/jst'
import { beforeAll, describe, expect, it } from 'vitest'
import { creatorToken } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { stackNow } from '../support/clock.ts'
import { useStackEnv, useStackPlatform } from '../support/env.ts'
import { publishVisitorSite, testIp } from '../support/visitor-site.ts'

/**
 * Issue 32 Deliver 6: conversions counted by where the visit came from (referrer host, UTM values,
 * the ad platform of the landing's click ids) beside the landing views of the same values, in the
 * LP report, its CSV and the sources report; and each server-side destination's delivery rate.
 */
const { urls } = useStackEnv()
useStackPlatform()
const http = api(urls.api)

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

/** A landing view as the island sends it (the viewer's address vouched for by the sites distribution). */
const land = (siteId: string, source: Record<string, string>) =>
  fetch(`${urls.api}/analytics/events`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': PHONE,
      'x-viewer-address': `${testIp()}:443`,
      ...(process.env.ORIGIN_VERIFY_SECRET ? { 'x-origin-verify': process.env.ORIGIN_VERIFY_SECRET } : {}),
    },
    body: JSON.stringify([{ site: siteId, lang: 'ja', event: 'view', position: 'A1', ...source }]),
  })

const site = (siteId: string) => ({ siteId, numberHorizontal: 1, numberVertical: 2 })

describe('conversions by source and delivery rates in the LP report', () => {
  let token: string
  let siteId: string
  let today: string
  const period = () => `from=${today}&to=${today}`

  beforeAll(async () => {
    token = await creatorToken(http)
    ;({ siteId } = await publishVisitorSite(http, token, { forms: false }))
    today = jstDay(stackNow())
    // Landing views: 4 from Instagram's campaign, 1 from a newsletter, 2 direct.
    for (const source of [
      ...Array.from(
        { length: 4 },
        (): Record<string, string> => ({
          ref: 'www.instagram.com',
          utm_source: 'instagram',
          utm_medium: 'paid_social',
          utm_campaign: 'spring',
        }),
      ),
      { utm_source: 'newsletter', utm_medium: 'email' },
      {},
      {},
    ])
      expect((await land(siteId, source)).status).toBe(204)
    const { recordConversion } = await import('../../functions/src/analytics/service.ts')
    const now = stackNow()
    // Two conversions of the Instagram campaign (one had Meta's click id), one direct with Google's
    // click ids, one without a context (not counted by source), one of a value never seen landing.
    await recordConversion(site(siteId), 'JP', 'contact', 'A1', {
      now,
      context: {
        referrer: 'https://www.instagram.com/',
        utm: { utm_source: 'Instagram', utm_medium: 'paid_social', utm_campaign: 'spring', utm_term: 't' },
        clickKinds: ['fbclid'],
        clicks: { fbclid: 'IwAR-secret' },
        consent: 'granted',
      },
    })
    await recordConversion(site(siteId), 'JP', 'member', undefined, {
      now,
      context: {
        referrer: 'https://www.instagram.com/',
        utm: { utm_source: 'instagram', utm_medium: 'paid_social', utm_campaign: 'spring' },
      },
    })
    await recordConversion(site(siteId), 'EN', 'form', undefined, {
      now,
      context: { clickKinds: ['gclid', 'gbraid'] },
    })
    await recordConversion(site(siteId), 'JP', 'contact', undefined, { now })
    await recordConversion(site(siteId), 'JP', 'contact', undefined, {
      now,
      context: { utm: { utm_source: 'line' } },
    })
  })

  it('counts each conversion under its referrer, UTM values and ad platform, rated over the landing views of each', async () => {
    const lp = await http.get(`/analysis/site/${siteId}/lp?${period()}`, { token })
    expect(lp.status, JSON.stringify(lp.body)).toBe(200)
    expect(lp.body.kpis.conversions.value).toBe(5)
    expect(lp.body.conversion_sources).toEqual({
      referrers: [
        { value: 'www.instagram.com', visits: 4, conversions: 2, cvr: 0.5 },
        { value: '', visits: 3, conversions: 2, cvr: 0.6667 },
      ],
      utm_source: [
        { value: 'instagram', visits: 4, conversions: 2, cvr: 0.5 },
        { value: 'line', visits: 0, conversions: 1, cvr: null },
        { value: 'newsletter', visits: 1, conversions: 0, cvr: 0 },
      ],
      utm_medium: [
        { value: 'paid_social', visits: 4, conversions: 2, cvr: 0.5 },
        { value: 'email', visits: 1, conversions: 0, cvr: 0 },
      ],
      utm_campaign: [{ value: 'spring', visits: 4, conversions: 2, cvr: 0.5 }],
      ad_platforms: [
        { platform: 'google-ads', conversions: 1 },
        { platform: 'meta-ads', conversions: 1 },
      ],
    })
    expect(lp.body.deliveries).toEqual([])

    // The sources report has the same conversions beside its visits.
    const sources = await http.get(`/analysis/site/${siteId}/sources?${period()}`, { token })
    expect(sources.status, JSON.stringify(sources.body)).toBe(200)
    expect(sources.body).toMatchObject({
      visits: 7,
      referrers: [
        { value: 'www.instagram.com', visits: 4, conversions: 2 },
        { value: '', visits: 3, conversions: 2 },
      ],
      utm_source: [
        { value: 'instagram', visits: 4, conversions: 2 },
        { value: 'newsletter', visits: 1, conversions: 0 },
        { value: 'line', visits: 0, conversions: 1 },
      ],
    })
  })

  it('writes the conversions by source into the LP CSV', async () => {
    const csv = await fetch(`${urls.api}/analysis/site/${siteId}/lp/export-csv?${period()}`, {
      headers: { authorization: `Bearer ${token}`, 'x-lang': 'ja' },
    })
    expect(csv.status).toBe(200)
    const tables = (await csv.text()).replace('\uFEFF', '').split('\r\n\r\n')
    expect(tables[1]!.split('\r\n')).toEqual([
      '種類,流入元,訪問数,コンバージョン数,コンバージョン率（%）',
      '参照元,www.instagram.com,4,2,50',
      '参照元,（直接アクセス）,3,2,66.67',
      'UTMソース,instagram,4,2,50',
      'UTMソース,line,0,1,',
      'UTMソース,newsletter,1,0,0',
      'UTMメディア,paid_social,4,2,50',
      'UTMメディア,email,1,0,0',
      'UTMキャンペーン,spring,4,2,50',
      '広告のクリックID,Google広告,,1,',
      '広告のクリックID,Meta広告,,1,',
    ])
  })

  it('counts a conversion of a value past the day’s cap of distinct values as other, like a landing view', async () => {
    const { recordConversion } = await import('../../functions/src/analytics/service.ts')
    const { SourceValues } = await import('../../functions/src/data/analytics-visitors.ts')
    const full = (await publishVisitorSite(http, token, { forms: false })).siteId
    // The day's and the month's sets of admitted campaigns are full.
    for (const [unit, cap] of [
      [today, 200],
      [today.slice(0, 7), 1_000],
    ] as const)
      await SourceValues.update({ siteId: full, unit, kind: 'utmCampaign' })
        .add({ values: Array.from({ length: cap }, (_, i) => `seen-${i}`) })
        .set({ expiresAt: Math.ceil((stackNow() + 2 * DAY_MS) / 1000) })
        .go()
    await recordConversion(site(full), 'JP', 'contact', undefined, {
      now: stackNow(),
      context: { utm: { utm_campaign: 'late' } },
    })
    const lp = await http.get(`/analysis/site/${full}/lp?${period()}`, { token })
    expect(lp.status, JSON.stringify(lp.body)).toBe(200)
    expect(lp.body.conversion_sources.utm_campaign).toEqual([
      { value: SOURCE_OTHER, visits: 0, conversions: 1, cvr: null },
    ])
    expect(lp.body.conversion_sources.referrers).toEqual([
      { value: '', visits: 0, conversions: 1, cvr: null },
    ])
  })

  it('rates each destination’s deliveries of the period, test-mode ones and other days left out', async () => {
    const { SiteConversionDeliveries } = await import('../../functions/src/data/site-conversions.ts')
    const own = (await publishVisitorSite(http, token, { forms: false })).siteId
    const start = jstDayStart(today)
    const deliver = (
      platform: 'meta' | 'line' | 'tiktok' | 'google',
      state: 'PENDING' | 'DELIVERED' | 'FAILED',
      at: number,
      testMode = false,
    ) => {
      const iso = new Date(at).toISOString()
      return SiteConversionDeliveries.create({
        siteId: own,
        platform,
        eventId: randomUUID(),
        event: 'contactSent',
        payload: '{}',
        testMode,
        createdAt: iso,
        state,
        dueAt: iso,
        attempts: state === 'PENDING' ? 0 : 1,
        updatedAt: iso,
        expiresAt: Math.ceil((at + 90 * DAY_MS) / 1000),
      }).go()
    }
    await Promise.all([
      // Meta: 3 delivered (the first and last instants of the day), 1 failed, 1 pending.
      deliver('meta', 'DELIVERED', start),
      deliver('meta', 'DELIVERED', start + 60_000),
      deliver('meta', 'DELIVERED', start + DAY_MS - 1),
      deliver('meta', 'FAILED', start + 120_000),
      deliver('meta', 'PENDING', start + 180_000),
      // Not of the period or sent in test mode: left out.
      deliver('meta', 'FAILED', start - 1),
      deliver('meta', 'FAILED', start + DAY_MS),
      deliver('meta', 'DELIVERED', start + 1_000, true),
      deliver('meta', 'FAILED', start + 2_000, true),
      // LINE: one still pending (no rate yet); Google: test mode only (not listed).
      deliver('line', 'PENDING', start + 5_000),
      deliver('google', 'DELIVERED', start + 5_000, true),
    ])
    const lp = await http.get(`/analysis/site/${own}/lp?${period()}`, { token })
    expect(lp.status, JSON.stringify(lp.body)).toBe(200)
    expect(lp.body.deliveries).toEqual([
      { platform: 'meta', delivered: 3, failed: 1, pending: 1, rate: 0.75 },
      { platform: 'line', delivered: 0, failed: 0, pending: 1, rate: null },
    ])
    const csv = await fetch(`${urls.api}/analysis/site/${own}/lp/export-csv?${period()}`, {
      headers: { authorization: `Bearer ${token}`, 'x-lang': 'en' },
    })
    const tables = (await csv.text()).replace('\uFEFF', '').split('\r\n\r\n')
    expect(tables[2]!.split('\r\n')).toEqual([
      'Destination,Delivered,Failed,Pending,Delivery rate (%)',
      'Meta Conversions API,3,1,1,75',
      'LINE Conversion API,0,0,1,',
      '',
    ])
  })
})
