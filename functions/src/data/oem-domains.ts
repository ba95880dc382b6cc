import { Entity, type EntityItem } from 'electrodb'
import { claimAttributes, claimIndexes, legacyClaimIndexes } from './domain-claims.ts'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

/**
 * An OEM's sites domain (issue 19 Deliver 5, white label): once ACTIVE, the sites of the OEM's
 * users answer on `{site-uuid}.<domain>` (a wildcard `*.<domain>` CNAME at the OEM's DNS). Keyed
 * like a site's claim (`domain#<name>` and the OEM): claims coexist until one proves its own token
 * (issue 29), and the verified holder of a name, site or OEM, is its one `domainOwner` item. One
 * item per OEM at most (`byOem`); the states, token and findings are those of a site's claim.
 */
const oemDomainAttributes = {
  ...claimAttributes,
  /** The OEM master account. */
  oemId: { type: 'string', required: true, readOnly: true },
  /**
   * AWS: the ACM certificate `*.<domain>` needs (requested on the first check), its last
   * status and failure reason, and the CNAME record ACM validates over (shown to the OEM).
   */
  certificateArn: { type: 'string' },
  certificateStatus: { type: 'string' },
  certificateReason: { type: 'string' },
  validationName: { type: 'string' },
  validationValue: { type: 'string' },
} as const

/** The OEM's domain (at most one). */
const byOem = {
  index: 'gsi2',
  pk: { field: 'gsi2pk', composite: ['oemId'] },
  sk: { field: 'gsi2sk', composite: [] },
} as const

export const OemDomains = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'oemDomain', version: '2', service: SERVICE },
        attributes: oemDomainAttributes,
        indexes: { ...claimIndexes('oemId'), byOem },
      },
      entityConfig,
    ),
)

/** An OEM's claim as stored before issue 29 (one per name, no token): read only to migrate it. */
export const LegacyOemDomains = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'oemDomain', version: '1', service: SERVICE },
        attributes: oemDomainAttributes,
        indexes: { ...legacyClaimIndexes, byOem },
      },
      entityConfig,
    ),
)

export type OemDomain = EntityItem<typeof OemDomains>
