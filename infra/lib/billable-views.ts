import { Duration, Stack } from 'aws-cdk-lib'
import type { IKeyValueStore } from 'aws-cdk-lib/aws-cloudfront'
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb'
import { PolicyStatement } from 'aws-cdk-lib/aws-iam'
import { type Bucket, EventType } from 'aws-cdk-lib/aws-s3'
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications'
import { Construct } from 'constructs'
import { AppFunction } from './app-function.ts'
import type { StageConfig } from './config.ts'
import { acknowledge, nagRef } from './nag.ts'

/** Where the sites distribution's standard logs land in the logs bucket (infra/lib/sites.ts). */
export const SITES_LOG_PREFIX = 'cloudfront/sites/'

export interface BillableViewsProps {
  config: StageConfig
  /** The bucket CloudFront's standard logs are delivered to. */
  logs: Bucket
  table: ITableV2
  /** The host map, to tell which site a logged host serves. */
  hostMap: IKeyValueStore
}

/**
 * Billable page views (issue 29; docs/decisions/0048-billable-page-views.md): every standard log file
 * CloudFront delivers for the sites distribution triggers the log Lambda
 * (functions/src/billing/page-views.ts) through an S3 notification; it counts the page documents served into
 * the billable counter the invoices read. Least privilege: it may read the log objects under the sites prefix
 * only (nothing else of the bucket), read the host map, and read and write the table.
 */
export class BillableViews extends Construct {
  readonly function: AppFunction

  constructor(scope: Construct, id: string, { config, logs, table, hostMap }: BillableViewsProps) {
    super(scope, id)
    const fn = new AppFunction(this, 'Function', {
      entry: 'billing/page-views.ts',
      stage: config.stage,
      logRetention: config.logRetention,
      removalPolicy: config.removalPolicy,
      description: `Swipe LP ${config.stage}: billable page views from CloudFront logs`,
      memorySize: 512,
      timeout: Duration.minutes(2),
    })
    fn.useTable(table, 'readWrite')
    fn.useHostMap(hostMap, 'read')
    const objects = logs.arnForObjects(`${SITES_LOG_PREFIX}*`)
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [objects] }))
    acknowledge(
      fn.role!,
      `IAM5[Resource::${nagRef(fn, logs.bucketArn)}/${SITES_LOG_PREFIX}*]`,
      'The log Lambda reads the log files CloudFront delivers under the sites prefix; their names are not known in advance.',
    )
    logs.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(fn), {
      prefix: SITES_LOG_PREFIX,
    })
    // CDK's own singleton Lambda that writes the bucket's notification configuration at deploy.
    const notifications = Stack.of(this).node.tryFindChild(
      'BucketNotificationsHandler050a0587b7544547bf325f094a3db834',
    )
    if (notifications) {
      acknowledge(
        notifications,
        'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        "CDK's bucket-notifications custom resource uses the AWS managed basic execution policy for its logs.",
      )
      acknowledge(
        notifications,
        'IAM5[Resource::*]',
        "CDK's bucket-notifications custom resource sets notification configurations (s3:PutBucketNotification) with a wildcard resource.",
      )
    }
    this.function = fn
  }
}
