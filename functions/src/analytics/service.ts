import { createHash, randomBytes } from 'node:crypto'
import { AD_CLICK_PLATFORM_OF, type AnalyticsEvent, type SiteLanguage, SOURCE_OTHER } from '@swipe/shared'
import type { ConversionContext } from '@swipe/shared/schemas/visitor-forms'
import { isInGrid, siteGrid } from '@swipe/shared/site/cells'
import { deviceClassOf } from '@swipe/shared/site/vitals'
import { DAY_MS, jstDay, jstDayStart } from '@swipe/shared/time/jst'
import { SiteStats, STAT_METRICS, type StatField, statField } from '#data/analytics'
import {
  SiteSources,
  type SourceKind,
  SourceValues,
  VisitorMarks,
  VisitorSalts,
} from '#data/analytics-visitors'
import { type SiteRow as Site, Sites } from '#data/sites'
import type { ConversionKind } from '#data/stat-metrics'
import * as clock from '#platform/services/clock'
import { logger } from '#platform/services/logger'
import { cellWritesOf, counterKey, counts } from './counters.ts'
import { recordVitals } from './vitals.ts'

/**
 * Analytics counters (ARCHITECTURE decision 7; docs/data-model.md "Analytics counters"): beacons
 * become per-site, per-day (Asia/Tokyo), per-creative counters changed only by DynamoDB `ADD`.
 * Reports read counters, never raw events.
 */

/** Partitions one site's day is spread over (a random one per request); readers sum them. */
export const STATS_SHARDS = 4

export interface RecordResult {
  counted: number
  ignored: number
}

/** How long a published site's lookup is reused by one Lambda instance (see `publishedSites`). */
export const SITE_CACHE_MS = 5_000
const siteCache = new Map<string, { site: Site; until: number }>()

/**
 * The sites of a request, reusing a published site's item read in the last `SITE_CACHE_MS` (a
 * busy site's beacons then cost no read): one batch get of the others. Only published sites are
 * kept, so a site counts from the moment it is published; a site unpublished (or its grid or
 * languages changed) may still count for those few seconds in an instance that read it before.
 */
const publishedSites = async (siteIds: readonly string[], now: number): Promise<Map<string, Site>> => {
  const sites = new Map<string, Site>()
  const missing: string[] = []
  for (const siteId of siteIds) {
    const cached = siteCache.get(siteId)
    if (cached && cached.until > now) sites.set(siteId, cached.site)
    else missing.push(siteId)
  }
  if (missing.length) {
    const found = await Sites.get(missing.map((siteId) => ({ siteId }))).go()
    if (siteCache.size > 1_000) siteCache.clear()
    for (const site of found.data) {
      sites.set(site.siteId, site)
      if (site.status === 'PUBLISH') siteCache.set(site.siteId, { site, until: now + SITE_CACHE_MS })
      else siteCache.delete(site.siteId)
    }
  }
  return sites
}

/** The month (`YYYY-MM`) of a day: the key of its month's roll-up items. */
export const monthOf = (day: string) => day.slice(0, 7)

/**
 * Adds to a cell's counters of a day and, in a second `ADD`, to the same cell's roll-up of the
 * month (the same entity, `day` = `YYYY-MM`), so a report over months reads 12 partitions' worth
 * of items instead of 365 (docs/data-model.md "Analytics counters").
 */
const addStats = async (
  key: { siteId: string; day: string; shard: number; lang: string; position: string },
  adds: Partial<Record<StatField, number>>,
) => {
  await Promise.all(
    [key.day, monthOf(key.day)].map((day) =>
      SiteStats.update({ ...key, day })
        .add(adds)
        .go({ response: 'none' }),
    ),
  )
}

/**
 * Counts valid events: those of published sites, in a language of the site and cells of its
 * grid. Others (a draft, a deleted site, a stale page after a grid change) are ignored, not
 * refused: a beacon cannot act on an answer. The day is the server's in Japan at `now`. One
 * `ADD` per distinct cell (and `*`) of each site, all of them at once (`cellWritesOf`).
 */
export const recordEvents = async (
  events: readonly AnalyticsEvent[],
  now = Date.now(),
  client?: VisitorClient,
): Promise<RecordResult> => {
  const sites = await publishedSites([...new Set(events.map((e) => e.siteId))], clock.now())
  const bySite = new Map<string, AnalyticsEvent[]>()
  let ignored = 0
  for (const event of events) {
    if (!counts(sites.get(event.siteId), event)) {
      ignored++
      continue
    }
    const list = bySite.get(event.siteId)
    if (list) list.push(event)
    else bySite.set(event.siteId, [event])
  }
  const day = jstDay(now)
  const shard = Math.floor(Math.random() * STATS_SHARDS)
  await Promise.all([
    ...[...bySite].flatMap(([siteId, siteEvents]) =>
      cellWritesOf(siteEvents).map(({ lang, position, adds }) =>
        addStats({ siteId, day, shard, lang, position }, adds as Partial<Record<StatField, number>>),
      ),
    ),
    ...[...bySite].flatMap(([siteId, siteEvents]) => {
      const views = siteEvents.filter((e) => e.event === 'view')
      if (!views.length) return []
      return [
        countSources(siteId, day, shard, viewSources(views), 'count'),
        ...(client ? [countVisitor(siteId, day, shard, views[0]!.lang, client)] : []),
      ]
    }),
    // Web Vitals of sampled visits, by the device class of the request's user agent.
    ...[...bySite].map(([siteId, siteEvents]) =>
      recordVitals(sites.get(siteId)!, siteEvents, day, deviceClassOf(client?.userAgent)),
    ),
  ])
  return { counted: events.length - ignored, ignored }
}

/** Who sent a request, for unique visitors: never stored, only hashed with the day's salt. */
export interface VisitorClient {
  address: string
  userAgent: string
}

const salts = new Map<string, string>()

/**
 * The salt of a day in Japan: created by the first request of the day (a conditional create; a
 * concurrent one reads the winner's), cached by the instance, deleted by TTL at the day's end.
 */
export const saltOf = async (day: string): Promise<string> => {
  const cached = salts.get(day)
  if (cached) return cached
  const read = async () => (await VisitorSalts.get({ day }).go({ consistent: true })).data?.salt
  let salt = await read()
  if (!salt) {
    try {
      salt = randomBytes(32).toString('hex')
      const expiresAt = Math.ceil((jstDayStart(day) + DAY_MS) / 1000)
      await VisitorSalts.create({ day, salt, expiresAt }).go({ response: 'none' })
    } catch (error) {
      if ((error as { cause?: { name?: string } }).cause?.name !== 'ConditionalCheckFailedException')
        throw error
      salt = await read()
      if (!salt) throw error
    }
  }
  if (salts.size > 4) salts.clear()
  salts.set(day, salt)
  return salt
}

/** The day's hash of a visitor of a site (no address or user agent is kept anywhere). */
export const visitorHash = (salt: string, siteId: string, client: VisitorClient) =>
  createHash('sha256').update(`${salt}\n${siteId}\n${client.address}\n${client.userAgent}`).digest('hex')

/**
 * A landing view's visitor counts once per site and day: the first claim of the hash adds 1 to
 * `visitor` of the language's `*` item; later views of the same visitor that day add nothing.
 */
const countVisitor = async (
  siteId: string,
  day: string,
  shard: number,
  lang: SiteLanguage,
  client: VisitorClient,
) => {
  const visitor = visitorHash(await saltOf(day), siteId, client)
  const expiresAt = Math.ceil((jstDayStart(day) + 2 * DAY_MS) / 1000)
  try {
    await VisitorMarks.create({ siteId, day, visitor, expiresAt }).go({ response: 'none' })
  } catch (error) {
    if ((error as { cause?: { name?: string } }).cause?.name === 'ConditionalCheckFailedException') return
    throw error
  }
  await addStats({ siteId, day, shard, lang, position: '*' }, { visitor: 1 })
}

/** The referrer value of a visit without one (no host is `-`). */
export const DIRECT = '-'

/** At most this many distinct values per site, day (Japan) and source kind; the rest count as `SOURCE_OTHER`. */
export const SOURCE_VALUES_PER_DAY = 200
/** The month roll-up's cap (its report reads months): a month's days may bring more distinct values. */
export const SOURCE_VALUES_PER_MONTH = 1_000
/** How long an instance trusts the admitted values it read (a value admitted elsewhere costs one more write). */
const SOURCE_CACHE_MS = 60_000

const admittedSources = new Map<string, { values: Set<string>; full: boolean; until: number }>()

/**
 * The value a landing view's source is counted under in a unit (day or month): the value itself
 * once it is among the unit's admitted values, else `SOURCE_OTHER`. A value not yet admitted is
 * added to the unit's set by a conditional `ADD` that holds only while the set is below `cap` (or
 * already has the value), so concurrent beacons never push it past the cap. Known values cost no
 * write: an instance keeps each set it read or grew for `SOURCE_CACHE_MS`.
 */
const admitSource = async (
  key: { siteId: string; unit: string; kind: SourceKind },
  value: string,
  cap: number,
  expiresAt: number,
): Promise<string> => {
  if (key.kind === 'ref' && value === DIRECT) return value
  const cacheKey = `${key.siteId}#${key.unit}#${key.kind}`
  let known = admittedSources.get(cacheKey)
  if (!known || known.until <= clock.now()) {
    const { data } = await SourceValues.get(key).go({ attributes: ['values'] })
    const values = new Set(data?.values ?? [])
    if (admittedSources.size > 2_000) admittedSources.clear()
    known = { values, full: values.size >= cap, until: clock.now() + SOURCE_CACHE_MS }
    admittedSources.set(cacheKey, known)
  }
  if (known.values.has(value)) return value
  if (known.full) return SOURCE_OTHER
  try {
    await SourceValues.update(key)
      .add({ values: [value] })
      .set({ expiresAt })
      .where(
        (attr, op) =>
          `${op.notExists(attr.values)} OR ${op.size(attr.values)} < ${op.value(attr.expiresAt, cap)} OR ${op.contains(attr.values, value)}`,
      )
      .go({ response: 'none' })
    known.values.add(value)
    return value
  } catch (error) {
    if ((error as { cause?: { name?: string } }).cause?.name !== 'ConditionalCheckFailedException')
      throw error
    known.full = true
    return SOURCE_OTHER
  }
}

/** What a source count adds to: landing views (`count`) or conversions. */
type SourceField = 'count' | 'conversions'

/**
 * Adds the sources given (kind and value, one entry per occurrence) to the site's source counts of
 * a day and of its month roll-up, each value admitted per unit by `admitSource` (at most
 * `SOURCE_VALUES_PER_DAY` distinct values per kind in a day, `SOURCE_VALUES_PER_MONTH` in the month
 * roll-up; the rest under `SOURCE_OTHER`: docs/decisions/0048-billable-page-views.md). Landing
 * views and conversions share the admitted values, so a value's conversions sit beside its views.
 */
const countSources = async (
  siteId: string,
  day: string,
  shard: number,
  given: ReadonlyArray<readonly [SourceKind, string]>,
  field: SourceField,
) => {
  if (!given.length) return
  const month = monthOf(day)
  const units = [
    { unit: day, cap: SOURCE_VALUES_PER_DAY, expiresAt: Math.ceil((jstDayStart(day) + 2 * DAY_MS) / 1000) },
    {
      unit: month,
      cap: SOURCE_VALUES_PER_MONTH,
      expiresAt: Math.ceil((jstDayStart(`${month}-01`) + 72 * DAY_MS) / 1000),
    },
  ]
  await Promise.all(
    units.map(async ({ unit, cap, expiresAt }) => {
      const totals = new Map<string, { kind: SourceKind; value: string; count: number }>()
      for (const [kind, given_] of given) {
        const value = await admitSource({ siteId, unit, kind }, given_, cap, expiresAt)
        const key = `${kind}#${value}`
        const entry = totals.get(key) ?? { kind, value, count: 0 }
        entry.count++
        totals.set(key, entry)
      }
      await Promise.all(
        [...totals.values()].map(({ kind, value, count }) =>
          SiteSources.update({ siteId, day: unit, shard, kind, value })
            .add({ [field]: count })
            .go({ response: 'none' }),
        ),
      )
    }),
  )
}

/** Landing views by referrer host (`-`: none, a direct visit) and by each UTM value given. */
const viewSources = (views: ReadonlyArray<Extract<AnalyticsEvent, { event: 'view' }>>) => {
  const given: Array<[SourceKind, string]> = []
  for (const view of views) {
    given.push(['ref', view.ref || DIRECT])
    if (view.utmSource) given.push(['utmSource', view.utmSource])
    if (view.utmMedium) given.push(['utmMedium', view.utmMedium])
    if (view.utmCampaign) given.push(['utmCampaign', view.utmCampaign])
  }
  return given
}

/** A source value as a landing view's is stored: trimmed, lower-cased, at most 100 characters. */
const sourceValue = (text: string | undefined) => text?.trim().toLowerCase().slice(0, 100) ?? ''

/** The host of a referring URL (or of a bare host), as a landing view's `ref`; '' when there is none. */
const referrerHost = (referrer: string | undefined) => {
  const text = referrer?.trim() ?? ''
  if (!text) return ''
  try {
    return sourceValue(new URL(text).host)
  } catch {
    return sourceValue(text.split('/')[0])
  }
}

/**
 * The sources a conversion counts under (issue 32 Deliver 6): the landing's referrer host (`-`:
 * none), each UTM value given (source, medium, campaign) and the ad platform of each click id the
 * landing URL had (once a platform). Nothing without a context: where such a visit came from is
 * not known. The context's identifiers (click ids' values, browser ids) are never counted.
 */
export const conversionSources = (context: ConversionContext | undefined): Array<[SourceKind, string]> => {
  if (!context) return []
  const given: Array<[SourceKind, string]> = [['ref', referrerHost(context.referrer) || DIRECT]]
  for (const [kind, param] of [
    ['utmSource', 'utm_source'],
    ['utmMedium', 'utm_medium'],
    ['utmCampaign', 'utm_campaign'],
  ] as const) {
    const value = sourceValue(context.utm?.[param])
    if (value) given.push([kind, value])
  }
  const platforms = new Set((context.clickKinds ?? []).map((kind) => AD_CLICK_PLATFORM_OF[kind]))
  for (const platform of platforms) given.push(['adPlatform', platform])
  return given
}

/** What a conversion may say besides its site, language, kind and cell. */
export interface ConversionOptions {
  /** Where the visitor came from (the form's `conversion`): counted by source when given. */
  context?: ConversionContext | undefined
  /** When it happened (default: now); its day in Japan is the day it counts for. */
  now?: number | undefined
}

/**
 * A conversion (a contact or homepage-form submission, a member sign-up) of a site in a language,
 * counted on the language's `*` item and — when the visitor came through a link button of a cell
 * of the site's grid (`via`) — on that cell; and, with the visitor's `context`, by source like
 * landing views (`conversionSources`), in the same shard. Counts whatever the site's status (the
 * form handler checked it is published). The day is Japan's at `now`. A failed write is logged and
 * never fails the visitor's submission.
 */
export const recordConversion = async (
  site: { siteId: string; numberHorizontal: number; numberVertical: number },
  lang: SiteLanguage,
  kind: ConversionKind,
  via: string | undefined,
  { context, now = clock.now() }: ConversionOptions = {},
) => {
  const day = jstDay(now)
  const shard = Math.floor(Math.random() * STATS_SHARDS)
  const field = statField(`conv.${kind}`)
  const positions = ['*', ...(via && isInGrid(via, siteGrid(site)) ? [via] : [])]
  const counted = Promise.all(
    positions.map((position) =>
      addStats({ siteId: site.siteId, day, shard, lang, position }, { [field]: 1 } as Partial<
        Record<StatField, number>
      >),
    ),
  )
  const bySource = countSources(site.siteId, day, shard, conversionSources(context), 'conversions')
  const [stats, sources] = await Promise.allSettled([counted, bySource])
  // The visitor's submission stands: a counter that could not be written is logged, not fatal.
  if (stats.status === 'rejected')
    logger.error('Conversion not counted', { siteId: site.siteId, kind, error: stats.reason as Error })
  if (sources.status === 'rejected')
    logger.error('Conversion not counted by source', {
      siteId: site.siteId,
      kind,
      error: sources.reason as Error,
    })
}

/**
 * A site's counters of one day (Japan), summed over the shards: `{ 'view#JP#A1': 12, … }`. The
 * internal read the reports will build on; tests use it to check every count.
 */
export const readDailyStats = async (siteId: string, day: string): Promise<Record<string, number>> => {
  const shards = await Promise.all(
    Array.from({ length: STATS_SHARDS }, (_, shard) =>
      SiteStats.query.byDay({ siteId, day, shard }).go({ pages: 'all' }),
    ),
  )
  const totals: Record<string, number> = {}
  for (const { data } of shards)
    for (const stat of data)
      for (const metric of STAT_METRICS) {
        const value = (stat as Record<string, unknown>)[statField(metric)] as number | undefined
        if (value === undefined) continue
        const key = counterKey(metric, stat.lang, stat.position)
        totals[key] = (totals[key] ?? 0) + value
      }
  return totals
}
