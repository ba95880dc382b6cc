/**
 * Where and how OEM wildcard certificates live in ACM, shared by the adapter (./certificates.ts)
 * and the CDK grant (infra/lib/domains.ts) so the two cannot drift. Dependency-free: CDK imports it.
 */

/**
 * CloudFront reads its certificates in us-east-1 only, whatever the stack's own region: the
 * wildcard certificates of OEM domains are requested there (docs/decisions/0038-oem-white-label-domains.md).
 */
export const CERTIFICATE_REGION = 'us-east-1'

/** The tag every OEM wildcard certificate carries: the Lambdas may describe and delete only those. */
export const OEM_CERTIFICATE_TAG = { Key: 'swipe:purpose', Value: 'oem-wildcard' } as const
