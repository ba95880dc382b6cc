import type { DomainProvisioner } from '#platform/services/domains/provisioner'

/**
 * The domain provisioner (ARCHITECTURE decision 5, issue 19): what connecting a verified custom
 * domain or an OEM's wildcard takes (#platform/services/domains/provisioner). On AWS, CloudFront distribution
 * tenants and ACM certificates (./aws/domains.ts); locally, nothing beyond the verified CNAME
 * (./local/domains.ts).
 */
export interface Domains extends DomainProvisioner {
  /**
   * False on an AWS stage without a multi-tenant distribution to attach to (infra/lib/domains.ts
   * `DOMAIN_PROVISIONER=unavailable`): custom and OEM domains are refused there.
   */
  readonly available: boolean
}

/** The sites zone (`sites.example.com` of `https://{host}.sites.example.com`). */
export const sitesZoneOf = (sitesOrigin: string | undefined): string | undefined =>
  sitesOrigin ? new URL(sitesOrigin.replace('{host}.', '')).hostname : undefined

/** The CNAME target creators are told: `DOMAIN_CNAME_TARGET`, else `domains.<sites zone>`. */
export const cnameTargetOf = (env: {
  DOMAIN_CNAME_TARGET?: string | undefined
  SITES_ORIGIN?: string | undefined
}) => env.DOMAIN_CNAME_TARGET ?? `domains.${sitesZoneOf(env.SITES_ORIGIN) ?? 'localhost'}`
