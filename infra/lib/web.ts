import { Duration } from 'aws-cdk-lib'
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager'
import {
  CachePolicy,
  Distribution,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront'
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins'
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3'
import { Construct } from 'constructs'
import type { StageConfig } from './config.ts'
import { acknowledgeDistribution } from './distribution-nag.ts'
import { privateBucketProps } from './storage.ts'

export interface WebProps {
  config: StageConfig
  logs: IBucket
}

/** The admin SPA (web-admin's build): a private bucket behind CloudFront with origin access control. */
export class Web extends Construct {
  readonly bucket: Bucket
  readonly distribution: Distribution
  /** `https://<admin host>`: the origin the API and the media bucket accept browser calls from. */
  readonly origin: string

  constructor(scope: Construct, id: string, { config, logs }: WebProps) {
    super(scope, id)
    this.bucket = new Bucket(this, 'Bucket', privateBucketProps(config, logs, 'admin-web'))
    const domain = config.adminDomain
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Swipe LP Studio admin (${config.stage})`,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        // HSTS, nosniff, frame DENY, strict referrer: the admin is never framed.
        responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        compress: true,
      },
      defaultRootObject: 'index.html',
      // Client-side routes (/sites/123) are not objects: serve the SPA shell and let the router decide.
      // With OAC and no ListBucket, a missing key answers 403, so both codes map to the shell.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
        ttl: Duration.seconds(10),
      })),
      httpVersion: HttpVersion.HTTP2_AND_3,
      // Japan and the rest of Asia are in class 200; class All only adds South America and Oceania edges.
      priceClass: PriceClass.PRICE_CLASS_200,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/admin/',
      ...(domain
        ? {
            domainNames: [domain.name],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
            // Only a custom certificate can raise the TLS floor; the default one is fixed by CloudFront.
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    })
    acknowledgeDistribution(this.distribution, { customCertificate: Boolean(domain) })
    this.origin = `https://${domain ? domain.name : this.distribution.distributionDomainName}`
  }
}
