import { Entity, type EntityItem } from 'electrodb'
import { entityConfig, SERVICE } from './service.ts'

/**
 * One analytics counter of a site for one day (Asia/Tokyo) and one shard: `count` is only ever
 * changed by `ADD`, so concurrent beacons never lose an increment. Readable keys (templates):
 * pk `stats#<siteId>#<yyyy-mm-dd>#<shard>`, sk `<metric>#<lang>#<position>` where position is a
 * cell (B2) or `*` for the whole page of that language. A day of a site is spread over
 * `STATS_SHARDS` partitions so a viral site's writes never meet one partition's limit; readers
 * sum the shards (docs/data-model.md "Analytics counters").
 */
export const SiteStats = new Entity(
  {
    model: { entity: 'siteStat', version: '1', service: SERVICE },
    attributes: {
      siteId: { type: 'string', required: true, readOnly: true },
      /** Calendar day in Japan, YYYY-MM-DD. */
      day: { type: 'string', required: true, readOnly: true },
      shard: { type: 'number', required: true, readOnly: true },
      metric: { type: 'string', required: true, readOnly: true },
      lang: { type: 'string', required: true, readOnly: true },
      position: { type: 'string', required: true, readOnly: true },
      count: { type: 'number', required: true, default: 0 },
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
          composite: ['metric', 'lang', 'position'],
          // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
          template: '${metric}#${lang}#${position}',
          casing: 'none',
        },
      },
    },
  },
  entityConfig,
)

export type SiteStat = EntityItem<typeof SiteStats>

/**
 * A fixed one-minute window of requests from one client (by a hash of its IP) for one purpose:
 * the light per-IP limit of the public write endpoints. Expires by TTL.
 */
export const RateWindows = new Entity(
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
)
