import type { Distribution } from 'aws-cdk-lib/aws-cloudfront'
import { acknowledge } from './nag.ts'

/** The cdk-nag exceptions both CloudFront distributions share, each with its reason. */
export const acknowledgeDistribution = (
  distribution: Distribution,
  opts: { customCertificate: boolean },
): void => {
  acknowledge(
    distribution,
    'CFR1',
    'No geo restriction: creators and their visitors are not limited to a country, and the product sells abroad through OEM partners.',
  )
  acknowledge(
    distribution,
    'CFR2',
    'AWS WAF (managed rule groups + rate limiting) is planned with the first production traffic; its per-request cost is not justified before.',
  )
  if (!opts.customCertificate) {
    acknowledge(
      distribution,
      'CFR4',
      'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, whose TLS policy cannot be raised; TLSv1.2_2021 applies as soon as a domain and certificate are given in context.',
    )
  }
}
