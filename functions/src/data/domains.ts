import { Entity, type EntityItem } from 'electrodb'
import { claimAttributes, claimIndexes } from './domain-claims.ts'
import { entityConfig, SERVICE } from './service.ts'

/**
 * A custom domain claimed by a site (issue 19). The item's key is the name itself
 * (`domain#<name>`), created with `attribute_not_exists` in a transaction: one site per name,
 * whatever races. It carries the connection's state (VERIFYING → ACTIVE, or FAILED after 72
 * hours) and the doctor's last findings. The site's `customDomain` is set only once the name is
 * ACTIVE: it is what the host map and the end-user lookup serve (docs/data-model.md).
 */
export const SiteDomains = new Entity(
  {
    model: { entity: 'siteDomain', version: '1', service: SERVICE },
    attributes: {
      ...claimAttributes,
      siteId: { type: 'string', required: true, readOnly: true },
      ownerId: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      ...claimIndexes,
      /** The claim of a site (at most one). */
      bySite: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['siteId'] },
        sk: { field: 'gsi2sk', composite: [] },
      },
    },
  },
  entityConfig,
)

export type SiteDomain = EntityItem<typeof SiteDomains>

/** One finding as stored (its text is made in the reader's language when answered). */
export interface StoredFinding {
  code: string
  severity: 'error' | 'warning' | 'info'
  params: Record<string, string>
}
