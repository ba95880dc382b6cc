import { Entity, type EntityItem } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

/**
 * Unique visitors without cookies and without stored addresses
 * (docs/decisions/0033-swipe-analytics-reports.md): a visitor of a day is the SHA-256 of that day's random
 * salt, the site, the client address and the user agent. The salt lives one day (TTL at the end of the day in
 * Japan, and no reader uses a salt of another day), so yesterday's hashes cannot be recomputed from today's
 * requests.
 */
export const VisitorSalts = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'visitorSalt', version: '1', service: SERVICE },
        attributes: {
          /** Calendar day in Japan, YYYY-MM-DD. */
          day: { type: 'string', required: true, readOnly: true },
          /** 32 random bytes, hex. */
          salt: { type: 'string', required: true, readOnly: true },
          /** Epoch seconds: the end of the day in Japan (TTL deletes the salt after the day). */
          expiresAt: { type: 'number', required: true },
        },
        indexes: {
          byDay: {
            pk: { field: 'pk', composite: ['day'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      entityConfig,
    ),
)

/**
 * One visitor of one site on one day: claimed once by a conditional create; the claim that
 * succeeds adds 1 to the day's `visitor` counter. Its own partition per hash, so a busy site's
 * visitors never share one. Holds the hash only; TTL a day after the day.
 */
export const VisitorMarks = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'visitorMark', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          day: { type: 'string', required: true, readOnly: true },
          /** SHA-256 (hex) of the day's salt, the site, the client address and the user agent. */
          visitor: { type: 'string', required: true, readOnly: true },
          expiresAt: { type: 'number', required: true },
        },
        indexes: {
          byVisitor: {
            pk: { field: 'pk', composite: ['siteId', 'day', 'visitor'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      entityConfig,
    ),
)

/**
 * What a landing view's or a conversion's source is counted by. `adPlatform`: the ad platform of
 * the click ids the landing URL had (`google-ads`, `meta-ads`, …), known of conversions only (issue
 * 32 Deliver 6).
 */
export const SOURCE_KINDS = ['ref', 'utmSource', 'utmMedium', 'utmCampaign', 'adPlatform'] as const
export type SourceKind = (typeof SOURCE_KINDS)[number]

/**
 * Landing views and conversions of a site and day (Japan) by where they came from: one item per
 * kind and value (`ref#google.com`, `utmSource#newsletter`; `ref#-` for none), `count` (landing
 * views) and `conversions` changed only by `ADD`.
 * Sharded like the counters (the same shard as the request's counters). Readable keys: pk
 * `srcs#<siteId>#<day>#<shard>`, sk `<kind>#<value>`.
 */
export const SiteSources = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'siteSource', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          day: { type: 'string', required: true, readOnly: true },
          shard: { type: 'number', required: true, readOnly: true },
          kind: { type: 'string', required: true, readOnly: true },
          value: { type: 'string', required: true, readOnly: true },
          /** Landing views. */
          count: { type: 'number' },
          /** Conversions (form submissions, sign-ups) whose visit came from this source. */
          conversions: { type: 'number' },
        },
        indexes: {
          byDay: {
            pk: {
              field: 'pk',
              composite: ['siteId', 'day', 'shard'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'srcs#${siteId}#${day}#${shard}',
              casing: 'none',
            },
            sk: {
              field: 'sk',
              composite: ['kind', 'value'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: '${kind}#${value}',
              casing: 'none',
            },
          },
        },
      },
      entityConfig,
    ),
)

export type SiteSource = EntityItem<typeof SiteSources>

/**
 * The distinct source values admitted for a site, unit (a day or a month in Japan) and kind: one
 * item holding them as a string set, grown by a conditional `ADD` (only while the set has fewer
 * than the cap, or already holds the value), so the cap holds under any concurrency. A value not
 * admitted is counted under `SOURCE_OTHER` (functions/src/analytics/service.ts `countSources`).
 * TTL: a day's set two days after the day, a month's 40 days after its end. Readable keys: pk
 * `srcv#<siteId>#<unit>#<kind>`.
 */
export const SourceValues = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'sourceValues', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          unit: { type: 'string', required: true, readOnly: true },
          kind: { type: 'string', required: true, readOnly: true },
          values: { type: 'set', items: 'string' },
          expiresAt: { type: 'number' },
        },
        indexes: {
          byKind: {
            pk: {
              field: 'pk',
              composite: ['siteId', 'unit', 'kind'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'srcv#${siteId}#${unit}#${kind}',
              casing: 'none',
            },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      entityConfig,
    ),
)
