import { createHash } from 'node:crypto'
import {
  CreateDistributionTenantCommand,
  DeleteDistributionTenantCommand,
  GetDistributionTenantByDomainCommand,
  GetManagedCertificateDetailsCommand,
  UpdateDistributionTenantCommand,
} from '@aws-sdk/client-cloudfront'

/**
 * ARCHITECTURE decision 5: what connecting a verified custom domain takes, behind one port. The
 * checker (functions/src/sites/domains.ts) verifies the CNAME through DNS itself, then asks the
 * provisioner to attach; the host map entry (which release the host serves) is written by the
 * shared publish path (`syncHostMap`) once the site's `customDomain` is set, on either stage.
 */
export type AttachResult =
  /** The host can be served now (certificate issued, or none needed). */
  | { state: 'active'; certificate: 'issued' | 'none' }
  /** The certificate is not issued yet: check again later. */
  | { state: 'pending'; certificate: 'pending' }
  /** The certificate will not be issued (CAA refused, validation timed out, revoked…). */
  | { state: 'failed'; certificate: 'failed'; status: string }

export interface DomainProvisioner {
  readonly kind: 'local' | 'aws'
  /** The host name creators point their CNAME records at. */
  readonly cnameTarget: string
  /** Starts or continues connecting `domain` (idempotent: every check calls it again until active). */
  attach(domain: string, siteId: string): Promise<AttachResult>
  /** Disconnects `domain` (absent is fine). */
  detach(domain: string): Promise<void>
  /**
   * An OEM's sites domain (issue 19 white label): the wildcard `*.<zone>`. False `wildcard`: this
   * stage cannot (refused up front).
   */
  readonly wildcard: boolean
  /**
   * The certificate `*.<zone>` needs (AWS: requested from ACM on the first call, read on every
   * later one); null where no certificate is issued (the local stack).
   */
  wildcardCertificate(request: WildcardCertificateRequest): Promise<WildcardCertificate | null>
  /** Connects `*.<zone>` (idempotent); on AWS with the ISSUED certificate `certificateArn`. */
  attachWildcard(zone: string, certificateArn?: string): Promise<AttachResult>
  /** Disconnects `*.<zone>`, then deletes its certificate (absent is fine). */
  detachWildcard(zone: string, certificateArn?: string): Promise<void>
}

/**
 * The local stack's adapter: no certificate exists locally (the site edge speaks HTTP), so a
 * verified CNAME is all a domain needs; the local edge serves it by Host from the host map. An AWS
 * stage without a distribution keeps it too, refusing every new domain (functions/src/platform/aws/domains.ts).
 */
export const localProvisioner = (cnameTarget: string): DomainProvisioner => ({
  kind: 'local',
  cnameTarget,
  attach: async () => ({ state: 'active', certificate: 'none' }),
  detach: async () => undefined,
  wildcard: true,
  wildcardCertificate: async () => null,
  attachWildcard: async () => ({ state: 'active', certificate: 'none' }),
  detachWildcard: async () => undefined,
})

/** What the AWS adapter needs of its CloudFront client: `send`, so a test can pass a mocked one. */
export interface CloudFrontLike {
  send(command: unknown): Promise<unknown>
}

export interface AwsProvisionerConfig {
  /** The multi-tenant distribution (template) every tenant inherits its behaviour from. */
  distributionId: string
  /** The connection group the tenants join; its routing endpoint is the CNAME target. */
  connectionGroupId: string
  /** The connection group's routing endpoint (`dxxxx.cloudfront.net`). */
  cnameTarget: string
  /**
   * Where an OEM's wildcard certificate comes from. CloudFront-managed certificates are
   * HTTP-validated, which ACM cannot do for a wildcard: `*.<zone>` needs an ACM certificate
   * validated over DNS (us-east-1), named in the tenant's `Customizations` (./certificates.ts;
   * the AWS stage always gives it). Without it the stage refuses OEM domains
   * (docs/decisions/0038-oem-white-label-domains.md).
   */
  wildcardCertificates?: WildcardCertificates
}

/** Which OEM claim a wildcard certificate is for (the idempotency token and the tags derive from it). */
export interface WildcardCertificateRequest {
  zone: string
  oemId: string
  /** The claim's request time: a claim made again later asks for a certificate of its own. */
  requestedAt: number
  /** The certificate an earlier check requested, if any. */
  arn?: string
}

/** An OEM wildcard's certificate as ACM describes it. */
export interface WildcardCertificate {
  arn: string
  /** ACM's status: PENDING_VALIDATION, ISSUED, FAILED, VALIDATION_TIMED_OUT, REVOKED… */
  status: string
  /** Why ACM will not issue it (`CAA_ERROR`…), when it says. */
  reason?: string
  /** The CNAME record ACM validates over; null until ACM has made it (seconds after the request). */
  validation: { name: string; value: string } | null
}

/** The ACM side of an OEM's wildcard (a DNS-validated certificate in us-east-1, ./certificates.ts). */
export interface WildcardCertificates {
  /** Requests the certificate for `*.<zone>` unless `arn` names one, and describes it. */
  ensure(request: WildcardCertificateRequest): Promise<WildcardCertificate>
  /** Deletes it (absent is fine). */
  remove(arn: string): Promise<void>
}

/** ACM statuses after which a certificate is never issued. */
export const FAILED_ACM = new Set(['FAILED', 'VALIDATION_TIMED_OUT', 'REVOKED', 'EXPIRED', 'INACTIVE'])

/**
 * A tenant's name: CloudFront allows letters, digits and hyphens; a hash of the domain keeps
 * `a-b.c` and `a.b-c` apart and stays within the length limit.
 */
export const tenantName = (domain: string): string =>
  `site-${domain.replace(/[^a-z0-9]+/g, '-').slice(0, 40)}-${createHash('sha256').update(domain).digest('hex').slice(0, 12)}`

const errorName = (error: unknown) => (error as { name?: string }).name

const FAILED_CERTIFICATE = new Set(['failed', 'validation-timed-out', 'revoked', 'expired', 'inactive'])

/**
 * The AWS adapter (docs/decisions/0037-custom-domains.md): one CloudFront distribution
 * tenant per custom domain, under the stack's multi-tenant distribution and connection group,
 * with a CloudFront-managed certificate validated over the CNAME the creator added
 * (`ValidationTokenHost: cloudfront`: CloudFront answers the HTTP validation itself, no extra
 * record). Tenants are created at run time, never by CDK.
 */
export const awsProvisioner = (client: CloudFrontLike, config: AwsProvisionerConfig): DomainProvisioner => {
  const tenantOf = async (domain: string) => {
    try {
      const found = (await client.send(new GetDistributionTenantByDomainCommand({ Domain: domain }))) as {
        DistributionTenant?: { Id?: string; Enabled?: boolean }
        ETag?: string
      }
      return found.DistributionTenant?.Id
        ? {
            id: found.DistributionTenant.Id,
            etag: found.ETag ?? '',
            enabled: found.DistributionTenant.Enabled !== false,
          }
        : undefined
    } catch (error) {
      if (errorName(error) === 'EntityNotFound' || errorName(error) === 'NoSuchResource') return undefined
      throw error
    }
  }
  const detachTenant = tenantDetacher(client, tenantOf)
  return {
    kind: 'aws',
    cnameTarget: config.cnameTarget,
    async attach(domain) {
      let tenant = await tenantOf(domain)
      if (!tenant) {
        const created = (await client.send(
          new CreateDistributionTenantCommand({
            DistributionId: config.distributionId,
            ConnectionGroupId: config.connectionGroupId,
            Name: tenantName(domain),
            Domains: [{ Domain: domain }],
            Enabled: true,
            ManagedCertificateRequest: {
              ValidationTokenHost: 'cloudfront',
              PrimaryDomainName: domain,
              CertificateTransparencyLoggingPreference: 'enabled',
            },
          }),
        )) as { DistributionTenant?: { Id?: string }; ETag?: string }
        const id = created.DistributionTenant?.Id
        if (!id) throw new Error('CloudFront created a distribution tenant without an id')
        tenant = { id, etag: created.ETag ?? '', enabled: true }
      } else if (!tenant.enabled) {
        // Left disabled by an earlier detach whose delete CloudFront had not yet allowed.
        await client.send(
          new UpdateDistributionTenantCommand({ Id: tenant.id, IfMatch: tenant.etag, Enabled: true }),
        )
      }
      const details = (await client.send(
        new GetManagedCertificateDetailsCommand({ Identifier: tenant.id }),
      )) as {
        ManagedCertificateDetails?: { CertificateStatus?: string }
      }
      const status = details.ManagedCertificateDetails?.CertificateStatus ?? 'pending-validation'
      if (status === 'issued') return { state: 'active', certificate: 'issued' }
      if (FAILED_CERTIFICATE.has(status)) return { state: 'failed', certificate: 'failed', status }
      return { state: 'pending', certificate: 'pending' }
    },
    detach: (domain) => detachTenant(domain),
    wildcard: config.wildcardCertificates !== undefined,
    wildcardCertificate: async (request) => {
      if (!config.wildcardCertificates) throw new Error('This stage has no wildcard certificate source')
      return config.wildcardCertificates.ensure(request)
    },
    /**
     * An OEM's `*.<zone>`: one tenant for the wildcard naming the ACM certificate in
     * `Customizations` (a wildcard cannot take a CloudFront-managed certificate). The checker
     * calls it only once ACM has issued the certificate, so CloudFront never refuses the tenant
     * for a certificate that does not cover the name yet.
     */
    async attachWildcard(zone, certificateArn) {
      if (!config.wildcardCertificates || !certificateArn)
        return { state: 'failed', certificate: 'failed', status: 'unsupported' }
      const wildcard = `*.${zone}`
      const tenant = await tenantOf(wildcard)
      if (!tenant) {
        await client.send(
          new CreateDistributionTenantCommand({
            DistributionId: config.distributionId,
            ConnectionGroupId: config.connectionGroupId,
            Name: tenantName(wildcard),
            Domains: [{ Domain: wildcard }],
            Enabled: true,
            Customizations: { Certificate: { Arn: certificateArn } },
          }),
        )
      } else if (!tenant.enabled) {
        await client.send(
          new UpdateDistributionTenantCommand({ Id: tenant.id, IfMatch: tenant.etag, Enabled: true }),
        )
      }
      return { state: 'active', certificate: 'issued' }
    },
    async detachWildcard(zone, certificateArn) {
      await detachTenant(`*.${zone}`)
      if (certificateArn) await config.wildcardCertificates?.remove(certificateArn)
    },
  }
}

const tenantDetacher =
  (
    client: CloudFrontLike,
    tenantOf: (domain: string) => Promise<{ id: string; etag: string; enabled: boolean } | undefined>,
  ) =>
  async (domain: string) => {
    const tenant = await tenantOf(domain)
    if (!tenant) return
    let etag = tenant.etag
    // A tenant must be disabled before CloudFront deletes it.
    if (tenant.enabled) {
      const updated = (await client.send(
        new UpdateDistributionTenantCommand({ Id: tenant.id, IfMatch: etag, Enabled: false }),
      )) as { ETag?: string }
      etag = updated.ETag ?? etag
    }
    try {
      await client.send(new DeleteDistributionTenantCommand({ Id: tenant.id, IfMatch: etag }))
    } catch (error) {
      // Disabling is still deploying: the tenant serves nothing and holds no name of ours; an
      // attach of the same name later enables it again, anything else leaves it for clean-up.
      if (errorName(error) !== 'ResourceNotDisabled' && errorName(error) !== 'PreconditionFailed') throw error
    }
  }
