import type { CheckedAddress, Resolver } from '#platform/services/outbound'

/**
 * The exceptions to the outbound-address policy (#platform/services/outbound, issue 29) a platform allows, and
 * nothing else: none on AWS (./aws/outbound.ts); locally the stack's webhook inspector
 * (`WEBHOOK_INSPECTOR_ORIGIN`, issue 30) and the one receiver a test names (./local/outbound.ts).
 * Every other URL is checked by the policy itself, unchanged.
 */
export interface Outbound {
  /** The address an allowance gives `url`, else undefined (then the policy decides). */
  allowed(url: URL): CheckedAddress | undefined
  /**
   * How the pre-publish checklist resolves the names of a site's links (issue 33): on AWS the
   * system's resolvers (none here); locally the stack's DNS server, so a creator's `example.com`
   * is never looked up on the internet by a test or `npm start` (it answers NXDOMAIN at once).
   */
  linkResolver?: Resolver | undefined
}
