import { SITE_STATUSES } from '@swipe/shared'
import { Entity, type EntityItem } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

const byStatus = Object.fromEntries(
  SITE_STATUSES.map((status) => [`sites_${status}`, { type: 'number', required: true, default: 0 } as const]),
) as {
  [S in (typeof SITE_STATUSES)[number] as `sites_${S}`]: {
    readonly type: 'number'
    readonly required: true
    readonly default: 0
  }
}

/**
 * How many sites an owner has, kept beside the sites so the plan's site limit holds under
 * concurrency: a site create is one transaction with `ADD count 1` conditioned on
 * `count < limit`, a site delete one with `ADD count -1` (functions/src/domain/plans.ts). Owners
 * whose sites predate the counter get it on first use, counted from the owner index
 * (docs/decisions/0007-idempotent-writes.md). `sites_<STATUS>` count the owner's
 * sites by status for the summary, changed in the same transactions and by status changes
 * (functions/src/domain/plans.ts `commitSiteStatus`); version 2 has them, so owners counted by
 * version 1 are counted again on first use (docs/decisions/0008-counts-kept-on-writes.md).
 */
export const SiteCounters = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'siteCounter', version: '2', service: SERVICE },
        attributes: {
          ownerId: { type: 'string', required: true, readOnly: true },
          count: { type: 'number', required: true, default: 0 },
          ...byStatus,
        },
        indexes: {
          byOwner: {
            pk: { field: 'pk', composite: ['ownerId'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      entityConfig,
    ),
)

export type SiteCounter = EntityItem<typeof SiteCounters>
