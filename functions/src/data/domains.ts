import { Entity, type EntityItem } from 'electrodb'
import { claimAttributes, claimIndexes, legacyClaimIndexes } from './domain-claims.ts'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

const siteDomainAttributes = {
  ...claimAttributes,
  siteId: { type: 'string', required: true, readOnly: true },
  ownerId: { type: 'string', required: true, readOnly: true },
} as const

/** The claim of a site (at most one). */
const bySite = {
  index: 'gsi2',
  pk: { field: 'gsi2pk', composite: ['siteId'] },
  sk: { field: 'gsi2sk', composite: [] },
} as const

/**
 * A custom domain claimed by a site (issue 19; per claim since issue 29). The key is the name and
 * the site (`domain#<name>`, one item per claiming site: unverified claims of one name coexist and
 * block nobody). It carries the claim's own ownership token, the connection's state (VERIFYING →
 * ACTIVE, or FAILED after 72 hours or when another claim proved the name first) and the doctor's
 * last findings. The name is the site's only once its `domainOwner` item is created
 * (../data/domain-owners.ts); the site's `customDomain` is set only once the name is ACTIVE: it is
 * what the host map and the end-user lookup serve (docs/data-model.md).
 */
export const SiteDomains = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'siteDomain', version: '2', service: SERVICE },
        attributes: siteDomainAttributes,
        indexes: { ...claimIndexes('siteId'), bySite },
      },
      entityConfig,
    ),
)

/** A site's claim as stored before issue 29 (one per name, no token): read only to migrate it. */
export const LegacySiteDomains = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'siteDomain', version: '1', service: SERVICE },
        attributes: siteDomainAttributes,
        indexes: { ...legacyClaimIndexes, bySite },
      },
      entityConfig,
    ),
)

export type SiteDomain = EntityItem<typeof SiteDomains>

/** One finding as stored (its text is made in the reader's language when answered). */
export interface StoredFinding {
  code: string
  severity: 'error' | 'warning' | 'info'
  params: Record<string, string>
}
