import { type CORE_VITALS, VITALS_METRICS, type VitalsMetric } from '@swipe/shared/site/vitals'
import { VITALS_BOUNDS } from '@swipe/shared/site/vitals-histogram'
import { Entity, type EntityItem } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

/**
 * Field Web Vitals as counters (docs/decisions/0071-field-web-vitals.md): never raw samples, only
 * `ADD`s to fixed histogram buckets, so concurrent beacons never lose a sample.
 */

/** The item attribute of a metric's histogram bucket: `lcp_95`, `cls_0`. */
export const vitalsField = (metric: VitalsMetric, bucket: number) => `${metric.toLowerCase()}_${bucket}`

const bucketAttributes = Object.fromEntries(
  VITALS_METRICS.flatMap((metric) =>
    VITALS_BOUNDS[metric].map((_, bucket) => [vitalsField(metric, bucket), { type: 'number' as const }]),
  ),
) as Record<string, { type: 'number' }>

/**
 * One site's Web Vitals of one day (Japan) and device class: per metric a histogram over the
 * fixed buckets of `VITALS_BOUNDS` (shared/src/site/vitals.ts), one number attribute per bucket
 * that has samples. A report over a period is one query of the site's partition. Readable keys:
 * pk `vitals#<siteId>`, sk `<yyyy-mm-dd>#<device>`. Sampled beacons (one in ten sessions) write
 * here once per request, so one partition per site stays far below a partition's write limit.
 */
const buildSiteVitals = () =>
  new Entity(
    {
      model: { entity: 'siteVitals', version: '1', service: SERVICE },
      attributes: {
        siteId: { type: 'string', required: true, readOnly: true },
        /** Calendar day in Japan, YYYY-MM-DD. */
        day: { type: 'string', required: true, readOnly: true },
        device: { type: 'string', required: true, readOnly: true },
        ...bucketAttributes,
      },
      indexes: {
        bySite: {
          pk: {
            field: 'pk',
            composite: ['siteId'],
            // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
            template: 'vitals#${siteId}',
            casing: 'none',
          },
          sk: {
            field: 'sk',
            composite: ['day', 'device'],
            // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
            template: '${day}#${device}',
            casing: 'none',
          },
        },
      },
    },
    entityConfig,
  )

let siteVitalsEntity: ReturnType<typeof buildSiteVitals> | undefined

/**
 * The entity is built on first use, not at import: its ~540 bucket attributes take ElectroDB about
 * 60 ms to validate, which every cold start of the functions that import the analytics data layer
 * would otherwise pay (issue 35 item 3). Only a batch with Web Vitals, or a Web Vitals report,
 * builds it, once per process.
 */
export const siteVitals = () => {
  siteVitalsEntity ??= buildSiteVitals()
  return siteVitalsEntity
}
export type SiteVitalsItem = EntityItem<ReturnType<typeof buildSiteVitals>>

/** The attributes of a Core Web Vital's tally: its samples and its good ones (`lcpN`, `lcpGood`). */
export const tallyFields = (metric: (typeof CORE_VITALS)[number]) => {
  const name = metric.toLowerCase() as Lowercase<typeof metric>
  return { samples: `${name}N` as const, good: `${name}Good` as const }
}

/**
 * What the platform dashboard reads (docs/decisions/0071-field-web-vitals.md): per scope of the
 * summary's tallies (`ALL`, each OEM ancestor: `siteScopes`), day (Japan) and site, the samples
 * of each Core Web Vital and how many were good — enough to say exactly whether the site's p75 is
 * good over any run of days, all devices together. The window is one query of the scope's
 * partition. Readable keys: pk `vitalsScope#<scope>`, sk `<yyyy-mm-dd>#<siteId>`; TTL 35 days
 * after the day (the window is 28).
 */
export const ScopeVitals = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'scopeVitals', version: '1', service: SERVICE },
        attributes: {
          scope: { type: 'string', required: true, readOnly: true },
          day: { type: 'string', required: true, readOnly: true },
          siteId: { type: 'string', required: true, readOnly: true },
          lcpN: { type: 'number' },
          lcpGood: { type: 'number' },
          inpN: { type: 'number' },
          inpGood: { type: 'number' },
          clsN: { type: 'number' },
          clsGood: { type: 'number' },
          expiresAt: { type: 'number' },
        },
        indexes: {
          byScope: {
            pk: {
              field: 'pk',
              composite: ['scope'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'vitalsScope#${scope}',
              casing: 'none',
            },
            sk: {
              field: 'sk',
              composite: ['day', 'siteId'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: '${day}#${siteId}',
              casing: 'none',
            },
          },
        },
      },
      entityConfig,
    ),
)
