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
  /**
   * This claim's own ownership token (issue 29: 32 base32 characters), published by the claimant
   * as the TXT record `_swipe-challenge.<domain>`. Absent only on a claim stored before issue 29,
   * which gets one when it is next read (`migrateLegacyClaims`).
   */
  token: { type: 'string' },
  /** When the token was first seen with the routing record right: the name became this claim's. */
  provenAt: { type: 'number' },
} as const

/** The table key of every item about a name: its claims and its verified owner (`domain#<name>`). */
export const namePk = {
  field: 'pk',
  composite: ['domain'],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
  template: 'domain#${domain}',
  casing: 'none',
} as const

/**
 * The indexes of a claim stored before issue 29 (entity version 1): one item per name
 * (`domain#<name>`), read only to migrate it (./domains.ts, ./oem-domains.ts `Legacy…`).
 */
export const legacyClaimIndexes = {
  byDomain: { pk: namePk, sk: { field: 'sk', composite: [] } },
  byState: {
    index: 'gsi1',
    pk: { field: 'gsi1pk', composite: ['state'] },
    sk: { field: 'gsi1sk', composite: ['requestedAt', 'domain'] },
  },
} as const

/**
 * The indexes of every domain claim (issue 29): the name and the claimant (`domain#<name>`, one
 * item per claimant: unverified claims of one name coexist; the verified one is the
 * `domainOwner` item beside them, ./domain-owners.ts), and the claims in a state, oldest request
 * first (the scheduled checker reads VERIFYING). `holder` is the claimant's attribute (`siteId`,
 * `oemId`).
 */
export const claimIndexes = <H extends string>(holder: H) =>
  ({
    byDomain: { pk: namePk, sk: { field: 'sk', composite: [holder] } },
    byState: legacyClaimIndexes.byState,
  }) as const
