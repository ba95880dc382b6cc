import { Entity, type EntityItem } from 'electrodb'
import { claimAttributes, claimIndexes } from './domain-claims.ts'
import { entityConfig, SERVICE } from './service.ts'

/**
 * An OEM's sites domain (issue 19 Deliver 5, white label): once ACTIVE, the sites of the OEM's
 * users answer on `{site-uuid}.<domain>` (a wildcard `*.<domain>` CNAME at the OEM's DNS). The key
 * is the same as a site's claim (`domain#<name>`, ./domains.ts), created with
 * `attribute_not_exists` in a transaction, so a name is held by one site or one OEM, whatever
 * races. One item per OEM at most (`byOem`); the states and findings are those of a site's claim.
 */
export const OemDomains = new Entity(
  {
    model: { entity: 'oemDomain', version: '1', service: SERVICE },
    attributes: {
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
    },
    indexes: {
      ...claimIndexes,
      /** The OEM's domain (at most one). */
      byOem: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['oemId'] },
        sk: { field: 'gsi2sk', composite: [] },
      },
    },
  },
  entityConfig,
)

export type OemDomain = EntityItem<typeof OemDomains>
