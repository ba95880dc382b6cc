import { createHash } from 'node:crypto'
import {
  ACMClient,
  DeleteCertificateCommand,
  DescribeCertificateCommand,
  RequestCertificateCommand,
} from '@aws-sdk/client-acm'
import { logger } from '#platform/services/logger'
import { CERTIFICATE_REGION, OEM_CERTIFICATE_TAG } from './acm-scope.ts'
import type { WildcardCertificate, WildcardCertificateRequest, WildcardCertificates } from './provisioner.ts'

/** What the adapter needs of its ACM client: `send`, so a test can pass a mocked one. */
export interface AcmLike {
  send(command: unknown): Promise<unknown>
}

/** The ACM client the AWS stage uses: us-east-1, where CloudFront looks for certificates. */
export const certificateClient = (): ACMClient => new ACMClient({ region: CERTIFICATE_REGION })

/**
 * ACM's idempotency token (`\w{1,32}`): the same OEM, domain and claim ask for the same
 * certificate, so a check retried before its ARN was stored does not request a second one.
 */
export const idempotencyToken = (request: WildcardCertificateRequest): string =>
  createHash('sha256')
    .update(`${request.oemId}\n${request.zone}\n${request.requestedAt}`)
    .digest('hex')
    .slice(0, 32)

const errorName = (error: unknown) => (error as { name?: string }).name

interface Described {
  Certificate?: {
    CertificateArn?: string
    Status?: string
    FailureReason?: string
    DomainValidationOptions?: {
      DomainName?: string
      ResourceRecord?: { Name?: string; Type?: string; Value?: string }
    }[]
  }
}

/**
 * The ACM side of an OEM's wildcard: one certificate for `*.<zone>` (the apex is not needed: the
 * OEM's users' sites answer on `{site-uuid}.<zone>` only), validated over DNS by a CNAME record
 * the OEM adds beside its wildcard record. Requested once per claim (idempotency token, tagged
 * with the OEM and the domain), described on every check, deleted when the claim ends.
 */
export const acmCertificates = (client: AcmLike): WildcardCertificates => {
  const describe = async (arn: string): Promise<WildcardCertificate | undefined> => {
    try {
      const { Certificate: c } = (await client.send(
        new DescribeCertificateCommand({ CertificateArn: arn }),
      )) as Described
      const record = c?.DomainValidationOptions?.find((o) => o.ResourceRecord?.Name)?.ResourceRecord
      return {
        arn,
        status: c?.Status ?? 'PENDING_VALIDATION',
        ...(c?.FailureReason ? { reason: c.FailureReason } : {}),
        validation:
          record?.Name && record.Value && (record.Type ?? 'CNAME') === 'CNAME'
            ? { name: record.Name, value: record.Value }
            : null,
      }
    } catch (error) {
      if (errorName(error) === 'ResourceNotFoundException') return undefined
      throw error
    }
  }
  const request = async (r: WildcardCertificateRequest) => {
    const answer = (await client.send(
      new RequestCertificateCommand({
        DomainName: `*.${r.zone}`,
        ValidationMethod: 'DNS',
        IdempotencyToken: idempotencyToken(r),
        Options: { CertificateTransparencyLoggingPreference: 'ENABLED' },
        Tags: [
          OEM_CERTIFICATE_TAG,
          { Key: 'swipe:oem', Value: r.oemId },
          { Key: 'swipe:domain', Value: r.zone },
        ],
      }),
    )) as { CertificateArn?: string }
    if (!answer.CertificateArn) throw new Error('ACM answered a certificate request without an ARN')
    logger.info('OEM wildcard certificate requested', { oemId: r.oemId, zone: r.zone })
    return answer.CertificateArn
  }
  return {
    async ensure(r) {
      if (r.arn) {
        const known = await describe(r.arn)
        if (known) return known
        // Deleted outside the product: ask again.
        logger.warn('OEM wildcard certificate gone, requesting again', { oemId: r.oemId, zone: r.zone })
      }
      const arn = await request(r)
      return (await describe(arn)) ?? { arn, status: 'PENDING_VALIDATION', validation: null }
    },
    async remove(arn) {
      try {
        await client.send(new DeleteCertificateCommand({ CertificateArn: arn }))
      } catch (error) {
        if (errorName(error) === 'ResourceNotFoundException') return
        // Still associated with a tenant whose deletion CloudFront is deploying: left for clean-up
        // (tagged `swipe:purpose=oem-wildcard`), as the tenant itself is.
        if (errorName(error) === 'ResourceInUseException') {
          logger.warn('OEM wildcard certificate still in use, not deleted', { arn })
          return
        }
        throw error
      }
    },
  }
}
