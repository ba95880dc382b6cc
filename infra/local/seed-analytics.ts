/**
 * Demo analytics (issue 17): visits of the demo site from the first day of last month up to
 * yesterday, so 効果測定 shows a month with its month-over-month change, the daily trend, the
 * heatmap, the per-page table and the sources from the first start. Visits are simulated (a
 * seeded random walk over the grid: landing, swipes, dwell, link clicks, contact forms and sign-ups,
 * referrers and UTM) into the items the collection writes — counters on the day items and the month
 * roll-ups (4 shards), landing sources, unique visitors per day — each written once with the sums
 * the collection's `ADD`s would leave; and each visit's page load as a billable view (what the edge's
 * access log counts, issue 29). Its contact
 * forms and sign-ups are counted by `recordConversion`, as the form handlers count them, each with
 * its visit's source (referrer, UTM, an ad click's kind), so 効果測定 shows conversions by source
 * (issue 32). Written once: a demo site whose first seeded day already has counters is left as it is.
 */
import type { ConversionContext } from '@swipe/shared/schemas/visitor-forms'
import { gridCells, parseCell } from '@swipe/shared/site/cells'
import { jstDay } from '@swipe/shared/time/jst'

const DAY = 86_400_000

/** A small seeded generator (mulberry32), so every start writes the same demo. */
export const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
}

const hash = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 7)

const REFERRERS = ['', '', '', 'www.google.com', 'search.yahoo.co.jp', 'www.instagram.com', 't.co'] as const
const CAMPAIGNS = [
  { utmSource: 'instagram', utmMedium: 'social', utmCampaign: 'spring_sale' },
  { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'monthly' },
] as const

export const seedAnalytics = async (
  site: { siteId: string; numberHorizontal: number; numberVertical: number; languages: readonly string[] },
  log: (line: string) => void,
) => {
  const { BillableViews, SiteStats } = await import('../../functions/src/data/analytics.ts')
  const { SiteSources } = await import('../../functions/src/data/analytics-visitors.ts')
  const { cellWritesOf } = await import('../../functions/src/analytics/counters.ts')
  const { DIRECT, STATS_SHARDS, monthOf, recordConversion } = await import(
    '../../functions/src/analytics/service.ts'
  )
  const { siteId } = site
  const today = jstDay(Date.now())
  const first = `${jstDay(Date.parse(`${today.slice(0, 7)}-01T00:00:00Z`) - DAY).slice(0, 7)}-01`
  const existing = await Promise.all(
    Array.from({ length: STATS_SHARDS }, (_, shard) =>
      SiteStats.query.byDay({ siteId, day: first, shard }).go({ count: 1 }),
    ),
  )
  if (existing.some((found) => found.data.length)) return

  const grid = { rows: site.numberHorizontal, columns: site.numberVertical }
  const cells = gridCells(grid)
  const langs = site.languages.filter((l) => l === 'JP' || l === 'EN') as Array<'JP' | 'EN'>
  type Event = Parameters<typeof cellWritesOf>[0][number]
  // The site has no counters yet (checked above), so the sums the collection's `ADD`s would leave
  // are summed here and each item is written once, 25 to a batch: the same items in a fraction of
  // the time (the seed runs at every fresh start and in each test stack). Conversions are then
  // counted by `recordConversion` itself, onto those items.
  const stats = new Map<string, { key: Record<string, string | number>; adds: Record<string, number> }>()
  const sourceCounts = new Map<string, { key: Record<string, string | number>; count: number }>()
  const billable: Array<{ siteId: string; day: string; views: number }> = []
  const sum = (into: Record<string, number>, adds: Record<string, number>) => {
    for (const [field, n] of Object.entries(adds)) into[field] = (into[field] ?? 0) + n
    return into
  }
  const add = (
    key: { day: string; shard: number; lang: string; position: string },
    adds: Record<string, number>,
  ) => {
    for (const day of [key.day, monthOf(key.day)]) {
      const id = `${day}#${key.shard}#${key.lang}#${key.position}`
      const entry = stats.get(id) ?? { key: { siteId, ...key, day }, adds: {} }
      sum(entry.adds, adds)
      stats.set(id, entry)
    }
  }
  const addSource = (key: { day: string; shard: number; kind: string; value: string }, count: number) => {
    for (const day of [key.day, monthOf(key.day)]) {
      const id = `${day}#${key.shard}#${key.kind}#${key.value}`
      const entry = sourceCounts.get(id)
      sourceCounts.set(id, { key: { siteId, ...key, day }, count: (entry?.count ?? 0) + count })
    }
  }
  const counted: Array<() => Promise<unknown>> = []

  let visits = 0
  for (let at = Date.parse(`${first}T00:00:00+09:00`); jstDay(at) < today; at += DAY) {
    const day = jstDay(at)
    const rand = random(hash(`${siteId}${day}`))
    // The ad clicks of the day's visits: a generator of their own, so the visits stay as they were.
    const clicked = random(hash(`${siteId}${day}#clicks`))
    const weekday = new Date(at + 9 * 3_600_000).getUTCDay()
    const count = Math.round((weekday === 0 || weekday === 6 ? 70 : 45) + rand() * 30)
    const events: Event[] = []
    const extra = new Map<string, Record<string, number>>()
    const bump = (lang: string, position: string, field: string) => {
      const key = `${lang}#${position}`
      const entry = extra.get(key) ?? {}
      entry[field] = (entry[field] ?? 0) + 1
      extra.set(key, entry)
    }
    const sources = new Map<string, number>()
    const conversions: Array<{
      lang: 'JP' | 'EN'
      kind: 'contact' | 'member'
      via?: string
      context: ConversionContext
    }> = []
    const source = (kind: string, value: string) =>
      sources.set(`${kind}#${value}`, (sources.get(`${kind}#${value}`) ?? 0) + 1)
    for (let v = 0; v < count; v++) {
      const lang = langs.length > 1 && rand() < 0.2 ? langs[1]! : langs[0]!
      let position = rand() < 0.9 ? 'A1' : (cells[Math.min(4, cells.length - 1)] ?? 'A1')
      const seen = new Set([position])
      events.push({ siteId, lang, event: 'view', position })
      // A returning visitor the same day is one unique visitor.
      if (rand() < 0.75) bump(lang, '*', 'visitor')
      const referrer = REFERRERS[Math.floor(rand() * REFERRERS.length)]!
      source('ref', referrer || DIRECT)
      let campaign: (typeof CAMPAIGNS)[number] | undefined
      if (rand() < 0.25) {
        campaign = CAMPAIGNS[Math.floor(rand() * CAMPAIGNS.length)]!
        for (const [kind, value] of Object.entries(campaign)) source(kind, value)
      }
      // The visit's source as its form sends it with a conversion (web-site/src/client/attribution.ts):
      // half the visits from Google came through a search ad (gclid), the Instagram campaign's
      // through a Meta ad (fbclid).
      const clickKinds: ConversionContext['clickKinds'] = [
        ...(referrer === 'www.google.com' && clicked() < 0.5 ? (['gclid'] as const) : []),
        ...(campaign?.utmSource === 'instagram' ? (['fbclid'] as const) : []),
      ]
      const context: ConversionContext = {
        ...(referrer ? { referrer: `https://${referrer}/` } : {}),
        ...(campaign
          ? {
              utm: {
                utm_source: campaign.utmSource,
                utm_medium: campaign.utmMedium,
                utm_campaign: campaign.utmCampaign,
              },
            }
          : {}),
        ...(clickKinds.length ? { clickKinds } : {}),
      }
      for (let step = 0; step < 12; step++) {
        const { row, column } = parseCell(position)!
        events.push({
          siteId,
          lang,
          event: 'dwell',
          position,
          durationMs: Math.round(800 + rand() * rand() * 12_000),
        })
        if (rand() < 0.025) {
          events.push({ siteId, lang, event: 'click', position, target: 'link' })
          if (rand() < 0.3) conversions.push({ lang, kind: 'contact', via: position, context })
        }
        if (rand() < 0.03) events.push({ siteId, lang, event: 'click', position, target: 'sns' })
        // Leave more often the deeper the visit goes.
        if (rand() < 0.12 + step * 0.06) break
        const moves = [
          column + 1 < grid.columns ? { row, column: column + 1 } : undefined,
          row + 1 < grid.rows ? { row: row + 1, column } : undefined,
          row + 1 < grid.rows ? { row: row + 1, column } : undefined,
          column > 0 && rand() < 0.3 ? { row, column: column - 1 } : undefined,
          row > 0 && rand() < 0.2 ? { row: row - 1, column } : undefined,
        ].filter((m) => m !== undefined)
        if (!moves.length) break
        const next = moves[Math.floor(rand() * moves.length)]!
        const to = cells[next.row * grid.columns + next.column]!
        events.push({
          siteId,
          lang,
          event: 'swipe',
          from: position,
          to,
          ...(seen.has(to) ? {} : { first: true }),
        })
        seen.add(to)
        position = to
      }
      if (rand() < 0.02) conversions.push({ lang, kind: 'member', context })
    }
    visits += count
    const shardOf = (i: number) => i % STATS_SHARDS
    const writes = cellWritesOf(events)
    // The billable count (the edge's access log on a running stack): one page load per visit.
    billable.push({ siteId, day, views: count })
    writes.forEach((write, i) => {
      add({ day, shard: shardOf(i), lang: write.lang, position: write.position }, write.adds)
    })
    ;[...extra].forEach(([key, adds], i) => {
      const [lang, position] = key.split('#') as [string, string]
      add({ day, shard: shardOf(i), lang, position }, adds)
    })
    ;[...sources].forEach(([key, n], i) => {
      const [kind, ...rest] = key.split('#')
      addSource({ day, shard: shardOf(i), kind: kind!, value: rest.join('#') }, n)
    })
    // Conversions as the form handlers count them: on the cell and by source.
    for (const { lang, kind, via, context } of conversions)
      counted.push(() => recordConversion(site, lang, kind, via, { context, now: at + 12 * 3_600_000 }))
  }
  const batch = { concurrency: 4 } as const
  await BillableViews.put(billable).go(batch)
  await SiteStats.put([...stats.values()].map(({ key, adds }) => ({ ...key, ...adds }) as never)).go(batch)
  await SiteSources.put([...sourceCounts.values()].map(({ key, count }) => ({ ...key, count }) as never)).go(
    batch,
  )
  // Eight at a time: each is a handful of writes, and their order does not matter (they add).
  for (let i = 0; i < counted.length; i += 8)
    await Promise.all(counted.slice(i, i + 8).map((count) => count()))
  log(`seed: demo analytics, ${visits} visits from ${first} to yesterday`)
}
