import { Duration } from 'aws-cdk-lib'
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type BucketProps,
  HttpMethods,
  type IBucket,
  type LifecycleRule,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3'
import { Construct } from 'constructs'
import type { StageConfig } from './config.ts'

/** Every bucket of the app starts from these: private, TLS only, encrypted, access-logged. */
export const privateBucketProps = (
  config: StageConfig,
  logs: IBucket | undefined,
  logPrefix: string,
  lifecycleRules: LifecycleRule[] = [],
): BucketProps => ({
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
  enforceSSL: true,
  minimumTLSVersion: 1.2,
  encryption: BucketEncryption.S3_MANAGED,
  ...(logs ? { serverAccessLogsBucket: logs, serverAccessLogsPrefix: `s3/${logPrefix}/` } : {}),
  // A browser that gives up on a multipart upload leaves parts that are billed until aborted.
  lifecycleRules: [
    { id: 'abort-incomplete-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
    ...lifecycleRules,
  ],
  removalPolicy: config.removalPolicy,
  // dev is disposable: let `cdk destroy` empty the buckets (every version) instead of failing on them.
  autoDeleteObjects: config.isDev,
})

export interface AccessLogsProps {
  config: StageConfig
}

/** The bucket that receives S3 server access logs and CloudFront standard logs of this stage. */
export class AccessLogs extends Construct {
  readonly bucket: Bucket

  constructor(scope: Construct, id: string, { config }: AccessLogsProps) {
    super(scope, id)
    this.bucket = new Bucket(this, 'Bucket', {
      ...privateBucketProps(config, undefined, 'logs', [
        { id: 'expire-logs', expiration: Duration.days(config.isDev ? 30 : 365) },
      ]),
      // CloudFront standard logging still writes with object ACLs, so ACLs stay enabled here only.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
    })
    // S1 (server access logs) is satisfied: cdk-nag treats a bucket that is itself a log target as compliant.
  }
}

export interface StorageProps {
  config: StageConfig
  logs: IBucket
  /** Origins of the admin SPA, which PUTs uploads straight to S3 with presigned URLs. */
  uploadOrigins: string[]
}

/** The media bucket (creatives, logos, ZIP uploads) and the sites bucket (published pages). */
export class Storage extends Construct {
  readonly mediaBucket: Bucket
  readonly sitesBucket: Bucket

  constructor(scope: Construct, id: string, { config, logs, uploadOrigins }: StorageProps) {
    super(scope, id)
    this.mediaBucket = new Bucket(this, 'MediaBucket', {
      ...privateBucketProps(config, logs, 'media'),
      cors: [
        {
          allowedOrigins: uploadOrigins,
          allowedMethods: [HttpMethods.PUT, HttpMethods.GET, HttpMethods.HEAD],
          // Presigned PUTs carry content-type and x-amz-* headers chosen at signing time.
          allowedHeaders: ['*'],
          // Multipart uploads from the browser need each part's ETag to complete the upload.
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
    })
    this.sitesBucket = new Bucket(this, 'SitesBucket', {
      ...privateBucketProps(config, logs, 'sites', [
        // Every publish overwrites pages; keep old versions long enough to roll back, not forever.
        { id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(30) },
      ]),
      versioned: true,
    })
  }
}
