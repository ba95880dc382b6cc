import { Entity, type EntityItem } from 'electrodb'
import { entityConfig, SERVICE } from './service.ts'

/**
 * How many sites an owner has, kept beside the sites so the plan's site limit holds under
 * concurrency: a site create is one transaction with `ADD count 1` conditioned on
 * `count < limit`, a site delete one with `ADD count -1` (functions/src/lib/plans.ts). Owners
 * whose sites predate the counter get it on first use, counted from the owner index
 * (docs/decisions.md "Idempotent writes and the site limit").
 */
export const SiteCounters = new Entity(
  {
    model: { entity: 'siteCounter', version: '1', service: SERVICE },
    attributes: {
      ownerId: { type: 'string', required: true, readOnly: true },
      count: { type: 'number', required: true, default: 0 },
    },
    indexes: {
      byOwner: {
        pk: { field: 'pk', composite: ['ownerId'] },
        sk: { field: 'sk', composite: [] },
      },
    },
  },
  entityConfig,
)

export type SiteCounter = EntityItem<typeof SiteCounters>
