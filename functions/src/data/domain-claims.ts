import { DOMAIN_STATES } from '@swipe/shared/site/domain'

/*
 * What a site's claim on a name (./domains.ts) and an OEM's (./oem-domains.ts) share: the name
 * as the item's key, the connection's state and times, and the doctor's last findings. Each
 * entity adds who holds the name (a site, an OEM) and its own index on that.
 */

/** The attributes of every domain claim. */
export const claimAttributes = {
  domain: { type: 'string', required: true, readOnly: true },
  /** The holder's ancestors and itself: what the policy's scope compares. */
  tenantIds: { type: 'list', items: { type: 'string' }, required: true, readOnly: true },
  state: { type: DOMAIN_STATES, required: true },
  requestedAt: { type: 'number', required: true, readOnly: true },
  checkedAt: { type: 'number' },
  verifiedAt: { type: 'number' },
  failedAt: { type: 'number' },
  /** The doctor's last findings: `{ code, severity, params }[]` (a handful). */
  findings: { type: 'any', required: true, default: () => [] },
} as const

/**
 * The indexes of every domain claim: the name itself (`domain#<name>`, created with
 * `attribute_not_exists` in a transaction, so one holder per name, site or OEM, whatever races),
 * and the claims in a state, oldest request first (the scheduled checker reads VERIFYING).
 */
export const claimIndexes = {
  byDomain: {
    pk: {
      field: 'pk',
      composite: ['domain'],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
      template: 'domain#${domain}',
      casing: 'none',
    },
    sk: { field: 'sk', composite: [] },
  },
  byState: {
    index: 'gsi1',
    pk: { field: 'gsi1pk', composite: ['state'] },
    sk: { field: 'gsi1sk', composite: ['requestedAt', 'domain'] },
  },
} as const
