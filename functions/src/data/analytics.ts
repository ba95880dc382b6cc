import { Entity, type EntityItem } from 'electrodb'
import { entityConfig, SERVICE } from './service.ts'
import { STAT_METRICS, type StatField, statField } from './stat-metrics.ts'

export { STAT_METRICS, type StatField, type StatMetric, statField } from './stat-metrics.ts'

import { lazy } from './lazy.ts'

const metricAttributes = Object.fromEntries(
  STAT_METRICS.map((metric) => [statField(metric), { type: 'number' as const }]),
) as Record<StatField, { type: 'number' }>

/**
 * The analytics counters of one cell of a site (a creative, or `*` for the whole page of that
 * language) for one day (Asia/Tokyo) and one shard: one number attribute per metric, each only
 * ever changed by `ADD`, so concurrent beacons never lose an increment and one request adds all of
 * a cell's increments in one write. Readable keys (templates): pk
 * `stats#<siteId>#<yyyy-mm-dd>#<shard>`, sk `<lang>#<position>`. A day of a site is spread over
 * `STATS_SHARDS` partitions so a viral site's writes never meet one partition's limit; readers sum
 * the shards (docs/data-model.md "Analytics counters").
 */
export const SiteStats = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'siteStat', version: '2', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          /** Calendar day in Japan, YYYY-MM-DD. */
          day: { type: 'string', required: true, readOnly: true },
          shard: { type: 'number', required: true, readOnly: true },
          lang: { type: 'string', required: true, readOnly: true },
          position: { type: 'string', required: true, readOnly: true },
          ...metricAttributes,
        },
        indexes: {
          byDay: {
            pk: {
              field: 'pk',
              composite: ['siteId', 'day', 'shard'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'stats#${siteId}#${day}#${shard}',
              casing: 'none',
            },
            sk: {
              field: 'sk',
              composite: ['lang', 'position'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: '${lang}#${position}',
              casing: 'none',
            },
          },
        },
      },
      entityConfig,
    ),
)

export type SiteStat = EntityItem<typeof SiteStats>

/**
 * A fixed one-minute window of requests from one client (by a hash of its IP) for one purpose:
 * the light per-IP limit of the public write endpoints. Expires by TTL.
 */
export const RateWindows = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'rateWindow', version: '1', service: SERVICE },
        attributes: {
          scope: { type: 'string', required: true, readOnly: true },
          client: { type: 'string', required: true, readOnly: true },
          /** Epoch minute. */
          window: { type: 'number', required: true, readOnly: true },
          count: { type: 'number', required: true, default: 0 },
          expiresAt: { type: 'number', required: true },
        },
        indexes: {
          byClient: {
            pk: { field: 'pk', composite: ['scope', 'client'] },
            sk: { field: 'sk', composite: ['window'] },
          },
        },
      },
      entityConfig,
    ),
)

/**
 * Billable page views of a site and day (Japan): page documents served by the edge, counted from
 * its access log (functions/src/billing/page-views.ts), never from beacons; what invoices and the
 * plan's usage read. `views` changed only by `ADD`. One partition per site, the day as sort key, so
 * a month is one query (the log Lambda adds a whole log file's views of a site in one write).
 * Readable keys: pk `billable#<siteId>`, sk `<yyyy-mm-dd>`.
 */
export const BillableViews = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'billableView', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          /** Calendar day in Japan, YYYY-MM-DD. */
          day: { type: 'string', required: true, readOnly: true },
          views: { type: 'number' },
        },
        indexes: {
          bySite: {
            pk: {
              field: 'pk',
              composite: ['siteId'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'billable#${siteId}',
              casing: 'none',
            },
            sk: {
              field: 'sk',
              composite: ['day'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: '${day}',
              casing: 'none',
            },
          },
        },
      },
      entityConfig,
    ),
)

/**
 * The page documents one client address loaded from one site on one day (Japan): `count` only
 * ever `ADD`ed, so concurrent log files each learn which of their loads fall under the cap
 * (`BILLABLE_VIEWS_PER_ADDRESS`). The address is kept only as a SHA-256 with the site and day;
 * TTL two days after the day.
 */
export const BillableClients = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'billableClient', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          day: { type: 'string', required: true, readOnly: true },
          client: { type: 'string', required: true, readOnly: true },
          count: { type: 'number' },
          expiresAt: { type: 'number' },
        },
        indexes: {
          byClient: {
            pk: { field: 'pk', composite: ['siteId', 'day', 'client'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      entityConfig,
    ),
)

/**
 * An access-log object already counted (its bucket and key): claimed by a conditional create
 * before its views are added, so a redelivered S3 event counts nothing twice. TTL 40 days.
 */
export const CountedLogs = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'countedLog', version: '1', service: SERVICE },
        attributes: {
          object: { type: 'string', required: true, readOnly: true },
          countedAt: { type: 'string', required: true },
          /** Billable views the object added (for operators). */
          views: { type: 'number' },
          expiresAt: { type: 'number', required: true },
        },
        indexes: {
          byObject: {
            pk: { field: 'pk', composite: ['object'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      entityConfig,
    ),
)
