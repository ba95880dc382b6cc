import { BatchGetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb'
import { SITE_LANGUAGES, type SiteLanguage } from '@swipe/shared'
import { CONVERSION_PLATFORMS, type ConversionPlatform } from '@swipe/shared/site/conversions-normalise'
import type { CONVERSION_DELIVERY_STATES } from '@swipe/shared/site/tags-vendors'
import { addDays, monthEnd } from '@swipe/shared/time/calendar'
import { jstDayStart } from '@swipe/shared/time/jst'
import { STAT_METRICS, statField } from '#data/analytics'
import { SiteSources, type SourceKind } from '#data/analytics-visitors'
import { SiteConversionDeliveries } from '#data/site-conversions'
import { documentClient, tableName } from '#platform/services/dynamo'
import { DIRECT, STATS_SHARDS } from '../analytics/service.ts'
import { type Period, readingUnits } from './period.ts'

/**
 * The reports' reads of the counters (docs/data-model.md "Analytics counters"): bounded by the
 * period's reading units (months from roll-ups, other days from day items) times the 4 shards,
 * run a few at a time. Nothing here reads raw events: there are none.
 */

/** A metric's sum by attribute name (`view`, `click_link`, …); absent is 0. */
export type Totals = Record<string, number>

const FIELDS = STAT_METRICS.map(statField)

/** Adds an item's metrics into a total. */
const addInto = (total: Totals, item: Record<string, unknown>) => {
  for (const field of FIELDS) {
    const value = item[field]
    if (typeof value === 'number') total[field] = (total[field] ?? 0) + value
  }
}

/** Runs `work` over `items`, at most `limit` at once, results in order. */
export const mapLimit = async <T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) => {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/** Queries at once per report (DynamoDB Local and a Lambda's sockets both like a handful). */
const CONCURRENCY = 16

const unitsOf = (period: Period, today: string) => {
  const { months, days } = readingUnits(period, today)
  return [...months, ...days]
}

/**
 * The table's key of a counter item (docs/data-model.md "Analytics counters"; the `siteStat`
 * entity's templates). The reports read these partitions with the document client itself: a
 * year of the largest grid is ~20,000 items of ~50 numbers each, which the entity layer's
 * per-attribute formatting would spend seconds on; the items are numbers only.
 */
const statsPk = (siteId: string, day: string, shard: number) => `stats#${siteId}#${day}#${shard}`

/** Every item of one counter partition (of one language when given), all pages. */
const queryPartition = async (pk: string, lang?: string) => {
  const items: Array<Record<string, unknown>> = []
  let start: Record<string, unknown> | undefined
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: lang ? '#pk = :pk AND begins_with(#sk, :lang)' : '#pk = :pk',
        ExpressionAttributeNames: { '#pk': 'pk', ...(lang ? { '#sk': 'sk' } : {}) },
        ExpressionAttributeValues: { ':pk': pk, ...(lang ? { ':lang': `${lang}#` } : {}) },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    )
    items.push(...((page.Items ?? []) as Array<Record<string, unknown>>))
    start = page.LastEvaluatedKey
  } while (start)
  return items
}

/** The partition of a closed month's compacted counters (the shards summed once: `closedMonthCells`). */
export const COMPACT_SHARD = 99
/** The sort key of the item that marks a compacted month complete (written last). */
const DONE = '~done'

/** Sums items into totals by `<lang>#<position>`. */
const sumByCell = (
  lists: ReadonlyArray<ReadonlyArray<Record<string, unknown>>>,
  into = new Map<string, Totals>(),
) => {
  for (const items of lists)
    for (const item of items) {
      const key = `${item.lang}#${item.position}`
      const total = into.get(key) ?? {}
      into.set(key, total)
      addInto(total, item)
    }
  return into
}

/**
 * A closed month's cells, every language: its compacted items when a report compacted it before,
 * else its 4 shards summed and written back compacted — one item per language holding every
 * cell's sums as JSON (a 100-cell language is ~60 KB of a 400 KB item), the marker item last, so
 * a set cut short is never read. A month is closed a full day after it ended: no beacon of it can
 * still be on its way and nothing adds to it any more. A year of the largest grid then reads 44
 * compacted items and the current month's shards instead of ~19,000 items.
 */
const closedMonthCells = async (siteId: string, month: string): Promise<Map<string, Totals>> => {
  const pk = statsPk(siteId, month, COMPACT_SHARD)
  const compacted = await queryPartition(pk)
  if (compacted.some((item) => item.sk === DONE)) {
    const cells = new Map<string, Totals>()
    for (const item of compacted)
      if (item.sk !== DONE)
        for (const [position, totals] of Object.entries(
          JSON.parse(item.cells as string) as Record<string, Totals>,
        ))
          cells.set(`${item.sk}#${position}`, totals)
    return cells
  }
  const shards = await Promise.all(
    Array.from({ length: STATS_SHARDS }, (_, shard) => queryPartition(statsPk(siteId, month, shard))),
  )
  const cells = sumByCell(shards)
  const byLang = new Map<string, Record<string, Totals>>()
  for (const [key, totals] of cells) {
    const [lang, position] = key.split('#') as [string, string]
    byLang.set(lang, { ...byLang.get(lang), [position]: totals })
  }
  await Promise.all(
    [...byLang].map(([lang, positions]) =>
      documentClient.send(
        new PutCommand({ TableName: tableName, Item: { pk, sk: lang, cells: JSON.stringify(positions) } }),
      ),
    ),
  )
  await documentClient.send(new PutCommand({ TableName: tableName, Item: { pk, sk: DONE } }))
  return cells
}

/**
 * Every cell's counters of a period, by `<lang>#<position>` (position `*`: the language's whole
 * page), optionally of one language: closed months from their compacted items, the current
 * month and single days from their 4 shards (one query each).
 */
export const readCells = async (
  siteId: string,
  period: Period,
  today: string,
  lang?: SiteLanguage,
): Promise<Map<string, Totals>> => {
  const { months, days } = readingUnits(period, today)
  const closed = months.filter((month) => monthEnd(month) < addDays(today, -1))
  const open = [...months.filter((month) => !closed.includes(month)), ...days]
  const queries = open.flatMap((day) =>
    Array.from({ length: STATS_SHARDS }, (_, shard) => statsPk(siteId, day, shard)),
  )
  const [results, compacted] = await Promise.all([
    mapLimit(queries, CONCURRENCY, (pk) => queryPartition(pk, lang)),
    mapLimit(closed, CONCURRENCY, (month) => closedMonthCells(siteId, month)),
  ])
  const totals = sumByCell(results)
  for (const cells of compacted)
    for (const [key, cell] of cells) {
      if (lang && !key.startsWith(`${lang}#`)) continue
      const total = totals.get(key) ?? {}
      totals.set(key, total)
      addInto(total, cell)
    }
  return totals
}

/** What the whole-page reads need of a `*` item: the KPIs' and the chart's metrics. */
const PAGE_FIELDS = [
  'day',
  'view',
  'visitor',
  'dwell',
  'dwellMs',
  'swipeOut',
  'click_link',
  'click_cta',
  ...FIELDS.filter((field) => field.startsWith('conv_') || field.startsWith('dwb_')),
]

/** Batch gets of counter items by key (100 a request, unprocessed keys asked again), projected. */
const batchGet = async (keys: Array<{ pk: string; sk: string }>) => {
  const chunks: Array<typeof keys> = []
  for (let i = 0; i < keys.length; i += 100) chunks.push(keys.slice(i, i + 100))
  const names = Object.fromEntries(PAGE_FIELDS.map((field, i) => [`#f${i}`, field]))
  const results = await mapLimit(chunks, CONCURRENCY, async (chunk) => {
    const items: Array<Record<string, unknown>> = []
    let pending: Array<Record<string, unknown>> = chunk
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt > 8) throw new Error(`${pending.length} counter reads were not processed`)
      if (attempt) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt))
      const answer = await documentClient.send(
        new BatchGetCommand({
          RequestItems: {
            [tableName]: {
              Keys: pending,
              ProjectionExpression: Object.keys(names).join(', '),
              ExpressionAttributeNames: names,
            },
          },
        }),
      )
      items.push(...((answer.Responses?.[tableName] ?? []) as Array<Record<string, unknown>>))
      pending = (answer.UnprocessedKeys?.[tableName]?.Keys ?? []) as Array<Record<string, unknown>>
    }
    return items
  })
  return results.flat()
}

/**
 * The whole-page counters (`*`) of each unit given (days, or months as `YYYY-MM`), summed over
 * the languages asked for: batch gets of the `*` items only, never a cell's.
 */
export const readPages = async (
  siteId: string,
  units: readonly string[],
  lang?: SiteLanguage,
): Promise<Map<string, Totals>> => {
  const langs = lang ? [lang] : SITE_LANGUAGES
  const keys = units.flatMap((day) =>
    Array.from({ length: STATS_SHARDS }, (_, shard) =>
      langs.map((l) => ({ pk: statsPk(siteId, day, shard), sk: `${l}#*` })),
    ).flat(),
  )
  const totals = new Map<string, Totals>(units.map((unit) => [unit, {}]))
  if (!keys.length) return totals
  for (const item of await batchGet(keys)) addInto(totals.get(item.day as string)!, item)
  return totals
}

/** The whole-page counters of a period, summed (reading units: months and days). */
export const readPeriodPage = async (
  siteId: string,
  period: Period,
  today: string,
  lang?: SiteLanguage,
): Promise<Totals> => {
  const total: Totals = {}
  for (const unit of (await readPages(siteId, unitsOf(period, today), lang)).values()) addInto(total, unit)
  return total
}

/** A source value's landing views and conversions. */
export interface SourceCounts {
  visits: number
  conversions: number
}

/**
 * Landing views and conversions of a period by source kind and value (every language: sources are
 * per visit).
 */
export const readSources = async (
  siteId: string,
  period: Period,
  today: string,
): Promise<Map<SourceKind, Map<string, SourceCounts>>> => {
  const queries = unitsOf(period, today).flatMap((day) =>
    Array.from({ length: STATS_SHARDS }, (_, shard) => ({ day, shard })),
  )
  const results = await mapLimit(queries, CONCURRENCY, ({ day, shard }) =>
    SiteSources.query.byDay({ siteId, day, shard }).go({ pages: 'all' }),
  )
  const sources = new Map<SourceKind, Map<string, SourceCounts>>()
  for (const { data } of results)
    for (const { kind, value, count, conversions } of data) {
      const values = sources.get(kind as SourceKind) ?? new Map<string, SourceCounts>()
      sources.set(kind as SourceKind, values)
      // A direct visit is stored as `-` (a key needs a value) and answered as ''.
      const shown = kind === 'ref' && value === DIRECT ? '' : value
      const counts = values.get(shown) ?? { visits: 0, conversions: 0 }
      counts.visits += count ?? 0
      counts.conversions += conversions ?? 0
      values.set(shown, counts)
    }
  return sources
}

/** A destination's deliveries by state. */
export type DeliveryCounts = Record<(typeof CONVERSION_DELIVERY_STATES)[number], number>

/**
 * The site's server-side conversion deliveries created in a period (Japanese days, both
 * inclusive), by destination and state, test-mode ones left out: one query per destination on
 * its log index (gsi2, by creation time), projected to the state and the test flag. Only
 * destinations with a delivery are answered.
 */
export const readDeliveries = async (
  siteId: string,
  period: Period,
): Promise<Map<ConversionPlatform, DeliveryCounts>> => {
  const from = new Date(jstDayStart(period.from)).toISOString()
  const to = new Date(jstDayStart(addDays(period.to, 1)) - 1).toISOString()
  const results = await mapLimit(CONVERSION_PLATFORMS, CONCURRENCY, (platform) =>
    SiteConversionDeliveries.query
      .byPlatform({ siteId, platform })
      .between({ createdAt: from }, { createdAt: to })
      .go({ pages: 'all', attributes: ['state', 'testMode'] }),
  )
  const deliveries = new Map<ConversionPlatform, DeliveryCounts>()
  CONVERSION_PLATFORMS.forEach((platform, index) => {
    const counts: DeliveryCounts = { PENDING: 0, DELIVERED: 0, FAILED: 0 }
    let any = false
    for (const { state, testMode } of results[index]!.data) {
      if (testMode) continue
      counts[state]++
      any = true
    }
    if (any) deliveries.set(platform, counts)
  })
  return deliveries
}
