import { Aws } from 'aws-cdk-lib'
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam'
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda'
import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler'
import { Construct } from 'constructs'
import { acknowledge } from './nag.ts'

/** The job event the sites jobs Lambda recognises (functions/src/sites/jobs.ts `domainCheck`). */
export const DOMAIN_CHECK_EVENT = {
  source: 'swipe.job',
  context: 'sites',
  type: 'domainCheck',
  id: 'scheduled',
}

/** The CloudFront actions the AWS adapter calls (functions/src/lib/domains/provisioner.ts), and only those. */
export const DOMAIN_TENANT_ACTIONS = [
  'cloudfront:CreateDistributionTenant',
  'cloudfront:GetDistributionTenantByDomain',
  'cloudfront:GetManagedCertificateDetails',
  'cloudfront:UpdateDistributionTenant',
  'cloudfront:DeleteDistributionTenant',
] as const

/** Where custom domains attach on AWS: the multi-tenant distribution and its connection group. */
export interface CustomDomainTarget {
  distributionId: string
  connectionGroupId: string
  /** The connection group's routing endpoint: the CNAME target creators are told. */
  routingEndpoint: string
}

const text = (scope: Construct, key: string): string | undefined => {
  const value: unknown = scope.node.tryGetContext(key)
  return typeof value === 'string' && value.trim() ? value.trim() : undefined
}

/**
 * Context `domainsDistributionId`, `domainsConnectionGroupId`, `domainsRoutingEndpoint`: the
 * multi-tenant distribution and connection group custom domains attach to (all three or none).
 */
export const readDomainTarget = (scope: Construct): CustomDomainTarget | undefined => {
  const distributionId = text(scope, 'domainsDistributionId')
  const connectionGroupId = text(scope, 'domainsConnectionGroupId')
  const routingEndpoint = text(scope, 'domainsRoutingEndpoint')
  const given = [distributionId, connectionGroupId, routingEndpoint].filter(Boolean).length
  if (given === 0) return undefined
  if (!distributionId || !connectionGroupId || !routingEndpoint)
    throw new Error(
      'Give all of "domainsDistributionId", "domainsConnectionGroupId" and "domainsRoutingEndpoint", or none',
    )
  return { distributionId, connectionGroupId, routingEndpoint }
}

/**
 * Custom domains on AWS (issue 19; docs/decisions.md "Custom domains (issue 19)"):
 * - an EventBridge Scheduler schedule every 5 minutes that invokes the sites jobs Lambda with the
 *   domain check's event (the same job `npm start` runs on a timer); its role may invoke that one
 *   function and nothing else;
 * - with a target (a multi-tenant distribution and its connection group), the sites API and jobs
 *   Lambdas are told where to attach (environment) and may call exactly the CloudFront tenant
 *   actions the adapter uses, on distribution tenants of this account plus that distribution and
 *   connection group. Without one, custom domains are refused on this stage
 *   (`DOMAIN_PROVISIONER=unavailable`): the local adapter must never stand in on AWS.
 */
export class CustomDomains extends Construct {
  readonly schedule: CfnSchedule
  readonly role: Role

  constructor(
    scope: Construct,
    id: string,
    props: { api: LambdaFunction; jobs: LambdaFunction; target: CustomDomainTarget | undefined },
  ) {
    super(scope, id)
    this.role = new Role(this, 'InvokeRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
      description: 'EventBridge Scheduler: invokes the sites jobs Lambda for the custom-domain checker',
    })
    this.role.addToPolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [props.jobs.functionArn] }),
    )
    this.schedule = new CfnSchedule(this, 'DomainCheck', {
      description: 'Custom domains: check every domain still verifying (connect, or give up after 72 hours)',
      scheduleExpression: 'rate(5 minutes)',
      flexibleTimeWindow: { mode: 'OFF' },
      state: 'ENABLED',
      target: {
        arn: props.jobs.functionArn,
        roleArn: this.role.roleArn,
        input: JSON.stringify(DOMAIN_CHECK_EVENT),
        // The next run comes in 5 minutes: a failed one is not worth retrying late.
        retryPolicy: { maximumRetryAttempts: 0, maximumEventAgeInSeconds: 300 },
      },
    })
    const { target } = props
    for (const fn of [props.api, props.jobs]) {
      if (!target) {
        fn.addEnvironment('DOMAIN_PROVISIONER', 'unavailable')
        continue
      }
      fn.addEnvironment('DOMAIN_DISTRIBUTION_ID', target.distributionId)
      fn.addEnvironment('DOMAIN_CONNECTION_GROUP_ID', target.connectionGroupId)
      fn.addEnvironment('DOMAIN_CNAME_TARGET', target.routingEndpoint)
      const tenants = `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution-tenant/*`
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: [...DOMAIN_TENANT_ACTIONS],
          resources: [
            tenants,
            `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/${target.distributionId}`,
            `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:connection-group/${target.connectionGroupId}`,
          ],
        }),
      )
      acknowledge(
        fn.role!,
        'IAM5[Resource::arn:<AWS::Partition>:cloudfront::<AWS::AccountId>:distribution-tenant/*]',
        'Distribution tenants are created at run time, one per custom domain: their ids cannot be known in advance. The actions are only those the domain adapter calls.',
      )
    }
  }
}
