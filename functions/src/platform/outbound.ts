import type { CheckedAddress } from '#platform/services/outbound'

/**
 * The exceptions to the outbound-address policy (#platform/services/outbound, issue 29) a platform allows, and
 * nothing else: none on AWS (./aws/outbound.ts); locally the stack's webhook inspector
 * (`WEBHOOK_INSPECTOR_ORIGIN`, issue 30) and the one receiver a test names (./local/outbound.ts).
 * Every other URL is checked by the policy itself, unchanged.
 */
export interface Outbound {
  /** The address an allowance gives `url`, else undefined (then the policy decides). */
  allowed(url: URL): CheckedAddress | undefined
}
