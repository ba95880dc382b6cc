import { CloudFrontClient } from '@aws-sdk/client-cloudfront'
import { acmCertificates, certificateClient } from '#platform/services/domains/certificates'
import { awsProvisioner, localProvisioner } from '#platform/services/domains/provisioner'
import { clientConfig } from '#platform/services/env'
import { cnameTargetOf, type Domains } from '../domains.ts'
import type { PlatformEnv } from '../env.ts'

/**
 * On AWS: one CloudFront distribution tenant per domain, under the multi-tenant distribution and
 * connection group the stack names (`DOMAIN_DISTRIBUTION_ID`, `DOMAIN_CONNECTION_GROUP_ID`), OEM
 * wildcards with ACM certificates validated over DNS in us-east-1
 * (docs/decisions/0038-oem-white-label-domains.md). A stage without a distribution
 * (`DOMAIN_PROVISIONER=unavailable`) refuses custom domains; what it is asked to detach there was never
 * attached (no-ops, as before).
 */
export const awsDomains = (env: PlatformEnv): Domains => {
  const available = env.DOMAIN_PROVISIONER !== 'unavailable'
  const target = cnameTargetOf(env)
  if (!env.DOMAIN_DISTRIBUTION_ID || !env.DOMAIN_CONNECTION_GROUP_ID)
    return { ...localProvisioner(target), available }
  return {
    ...awsProvisioner(new CloudFrontClient(clientConfig(undefined)), {
      distributionId: env.DOMAIN_DISTRIBUTION_ID,
      connectionGroupId: env.DOMAIN_CONNECTION_GROUP_ID,
      cnameTarget: target,
      // OEM wildcards: ACM certificates validated over DNS, in us-east-1
      // (docs/decisions/0038-oem-white-label-domains.md).
      wildcardCertificates: acmCertificates(certificateClient()),
    }),
    available,
  }
}
