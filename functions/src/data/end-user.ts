import { Entity, type EntityItem } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

/**
 * Clicks counted on one popup CTA of a site (SPEC §3 numberClicks, §4 applicant limit). A counter
 * item of its own, not a field of the site item: a visitor's click is one atomic `ADD` that never
 * races an editor save (which rewrites the site item under its version lock), and the applicant
 * limit is a condition on the same write, so two visitors cannot take the last slot.
 * In the site's partition (outside the `siteItems` collection, so the editor load never reads it).
 */
export const CtaCounters = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'ctaCounter', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          /** The CTA's index in the site's `popupCtas` (CTAs have no id of their own yet). */
          ctaIndex: { type: 'number', required: true, readOnly: true },
          clicks: { type: 'number', required: true, default: 0 },
        },
        indexes: {
          byCta: {
            pk: { field: 'pk', composite: ['siteId'] },
            sk: { field: 'sk', composite: ['ctaIndex'] },
          },
        },
      },
      entityConfig,
    ),
)

export type CtaCounter = EntityItem<typeof CtaCounters>
