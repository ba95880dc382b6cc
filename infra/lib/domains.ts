import { ORIGIN_VERIFY_HEADER } from '@swipe/functions/edge/origin-headers'
import { CERTIFICATE_REGION, OEM_CERTIFICATE_TAG } from '@swipe/functions/platform/services/domains/acm-scope'
import { API_BASE_PATH } from '@swipe/shared/contract/routes'
import { Aws } from 'aws-cdk-lib'
import {
  CachePolicy,
  CfnConnectionGroup,
  CfnDistribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionRuntime,
  type IFunction as IEdgeFunction,
  OriginRequestPolicy,
  S3OriginAccessControl,
  Signing,
} from 'aws-cdk-lib/aws-cloudfront'
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam'
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda'
import type { IBucket } from 'aws-cdk-lib/aws-s3'
import { Construct } from 'constructs'
import { acknowledge } from './nag.ts'
import { VIEWER_ADDRESS_SOURCE } from './sites.ts'

/** The CloudFront actions the AWS adapter calls (functions/src/platform/services/domains/provisioner.ts), and only those. */
export const DOMAIN_TENANT_ACTIONS = [
  'cloudfront:CreateDistributionTenant',
  'cloudfront:GetDistributionTenantByDomain',
  'cloudfront:GetManagedCertificateDetails',
  'cloudfront:UpdateDistributionTenant',
  'cloudfront:DeleteDistributionTenant',
] as const

/**
 * The ACM actions the wildcard certificates of OEM domains take
 * (functions/src/platform/services/domains/certificates.ts), and only those: request (with tags, which ACM
 * authorises as AddTagsToCertificate), describe, delete. All in us-east-1 (CloudFront's region),
 * and only on certificates tagged as OEM wildcards.
 */
export const DOMAIN_CERTIFICATE_ACTIONS = {
  request: ['acm:RequestCertificate', 'acm:AddTagsToCertificate'],
  manage: ['acm:DescribeCertificate', 'acm:DeleteCertificate'],
} as const

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

export interface DomainDistributionProps {
  /** Names the connection group (`swipe-<stage>-domains`). */
  stage: string
  /** The sites bucket the releases live in (read through origin access control). */
  bucket: IBucket
  /** The sites distribution's host router (Host → release prefix through the host KeyValueStore). */
  hostRouter: IEdgeFunction
  /** The published pages' cache and headers policies, shared with the sites distribution. */
  pageCache: CachePolicy
  securityHeadersPolicyId: string
  /** The API under every custom domain's origin (`/api/v1/*`), as the sites distribution serves it. */
  api?: { host: string; originVerify: string; headersPolicyId: string }
}

/**
 * The multi-tenant distribution and connection group custom domains attach to (issue 19 Deliver
 * 6), made by CDK so an AWS stage needs no context values: an L1 `CfnDistribution` with
 * `ConnectionMode: tenant-only` (no domain of its own: each custom domain is a distribution
 * tenant created at run time by the domain adapter) that serves exactly what the sites
 * distribution serves (the sites bucket through origin access control, the same host router,
 * cache and headers policies, and the API under `/api/v1/*`), and a `CfnConnectionGroup` whose
 * routing endpoint is the CNAME target creators are told. aws-cdk-lib has no L2 for either.
 */
export class DomainDistribution extends Construct {
  readonly distribution: CfnDistribution
  readonly connectionGroup: CfnConnectionGroup

  constructor(scope: Construct, id: string, props: DomainDistributionProps) {
    super(scope, id)
    this.connectionGroup = new CfnConnectionGroup(this, 'ConnectionGroup', {
      name: `swipe-${props.stage}-domains`,
      enabled: true,
      ipv6Enabled: true,
    })
    const oac = new S3OriginAccessControl(this, 'OriginAccess', {
      description: 'Custom domains: reads the sites bucket',
      signing: Signing.SIGV4_ALWAYS,
    })
    const viewerAddress = props.api
      ? new EdgeFunction(this, 'ViewerAddress', {
          comment: 'Names the viewer to the API in X-Viewer-Address (custom domains)',
          code: FunctionCode.fromFile({ filePath: VIEWER_ADDRESS_SOURCE }),
          runtime: FunctionRuntime.JS_2_0,
          autoPublish: true,
        })
      : undefined
    this.distribution = new CfnDistribution(this, 'Distribution', {
      distributionConfig: {
        enabled: true,
        connectionMode: 'tenant-only',
        comment: `Swipe LP Studio custom domains (${props.stage}): one tenant per domain`,
        httpVersion: 'http2and3',
        origins: [
          {
            id: 'sites',
            domainName: props.bucket.bucketRegionalDomainName,
            originAccessControlId: oac.originAccessControlId,
            s3OriginConfig: { originAccessIdentity: '' },
          },
          ...(props.api
            ? [
                {
                  id: 'api',
                  domainName: props.api.host,
                  customOriginConfig: {
                    originProtocolPolicy: 'https-only',
                    originSslProtocols: ['TLSv1.2'],
                  },
                  originCustomHeaders: [
                    { headerName: ORIGIN_VERIFY_HEADER, headerValue: props.api.originVerify },
                  ],
                },
              ]
            : []),
        ],
        defaultCacheBehavior: {
          targetOriginId: 'sites',
          viewerProtocolPolicy: 'redirect-to-https',
          cachePolicyId: props.pageCache.cachePolicyId,
          responseHeadersPolicyId: props.securityHeadersPolicyId,
          compress: true,
          functionAssociations: [{ eventType: 'viewer-request', functionArn: props.hostRouter.functionArn }],
        },
        ...(props.api && viewerAddress
          ? {
              cacheBehaviors: [
                {
                  pathPattern: `${API_BASE_PATH}/*`,
                  targetOriginId: 'api',
                  viewerProtocolPolicy: 'https-only',
                  allowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
                  cachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
                  originRequestPolicyId:
                    OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
                  responseHeadersPolicyId: props.api.headersPolicyId,
                  functionAssociations: [
                    { eventType: 'viewer-request', functionArn: viewerAddress.functionArn },
                  ],
                },
              ],
            }
          : {}),
      },
    })
    // Origin access control: CloudFront may read the sites bucket on behalf of this distribution only.
    props.bucket.addToResourcePolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        resources: [props.bucket.arnForObjects('*')],
        conditions: {
          StringEquals: {
            'AWS:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/${this.distribution.ref}`,
          },
        },
      }),
    )
    acknowledge(
      this.distribution,
      'CFR1',
      'No geo restriction: creators and their visitors are not limited to a country (as the sites distribution).',
    )
    acknowledge(
      this.distribution,
      'CFR2',
      'AWS WAF is planned with the first production traffic (as the sites distribution); a tenant can take a web ACL of its own.',
    )
    acknowledge(
      this.distribution,
      'CFR3',
      'A tenant-only distribution serves nothing by itself; access logs are configured per distribution tenant (standard logging v2) when operations need them.',
    )
    acknowledge(
      this.distribution,
      'CFR4',
      'A tenant-only distribution has no domain: each tenant brings its own certificate (CloudFront-managed, TLS policy of the tenant).',
    )
  }

  /** Where the domain adapter attaches tenants (the ids and the routing endpoint, as CloudFormation tokens). */
  get target(): CustomDomainTarget {
    return {
      distributionId: this.distribution.ref,
      connectionGroupId: this.connectionGroup.attrId,
      routingEndpoint: this.connectionGroup.attrRoutingEndpoint,
    }
  }
}

/**
 * Custom domains on AWS (issue 19; docs/decisions/0037-custom-domains.md):
 * - the checker's schedule is the runtime table's `domainCheck` (@swipe/shared/contract/runtime),
 *   made with every other schedule (./job-schedule.ts);
 * - with a target (a multi-tenant distribution and its connection group), the sites API and jobs
 *   Lambdas are told where to attach (environment) and may call exactly the CloudFront tenant
 *   actions the adapter uses, on distribution tenants of this account plus that distribution and
 *   connection group, and the ACM actions of OEM wildcard certificates (us-east-1, tagged
 *   `swipe:purpose=oem-wildcard`: `DOMAIN_CERTIFICATE_ACTIONS`). Without one, custom domains are refused on this stage
 *   (`DOMAIN_PROVISIONER=unavailable`): the local adapter must never stand in on AWS.
 */
export class CustomDomains extends Construct {
  constructor(
    scope: Construct,
    id: string,
    props: { api: LambdaFunction; jobs: LambdaFunction; target: CustomDomainTarget | undefined },
  ) {
    super(scope, id)
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
      // OEM wildcards: the ACM certificate of `*.<oem domain>` (requested at run time, its ARN unknown
      // in advance), in us-east-1 only, tagged by the adapter at request, touched only when so tagged.
      const purpose = `aws:RequestTag/${OEM_CERTIFICATE_TAG.Key}`
      const certificates = `arn:${Aws.PARTITION}:acm:${CERTIFICATE_REGION}:${Aws.ACCOUNT_ID}:certificate/*`
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: [DOMAIN_CERTIFICATE_ACTIONS.request[0]],
          // RequestCertificate has no resource to name: the region and the request's tag bound it.
          resources: ['*'],
          conditions: {
            StringEquals: { 'aws:RequestedRegion': CERTIFICATE_REGION, [purpose]: OEM_CERTIFICATE_TAG.Value },
          },
        }),
      )
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: [DOMAIN_CERTIFICATE_ACTIONS.request[1]],
          resources: [certificates],
          conditions: { StringEquals: { [purpose]: OEM_CERTIFICATE_TAG.Value } },
        }),
      )
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: [...DOMAIN_CERTIFICATE_ACTIONS.manage],
          resources: [certificates],
          conditions: {
            StringEquals: { [`aws:ResourceTag/${OEM_CERTIFICATE_TAG.Key}`]: OEM_CERTIFICATE_TAG.Value },
          },
        }),
      )
      acknowledge(
        fn.role!,
        'IAM5[Resource::*]',
        'acm:RequestCertificate names no resource (the certificate does not exist yet); the statement is bound to us-east-1 and to requests tagged swipe:purpose=oem-wildcard.',
      )
      acknowledge(
        fn.role!,
        `IAM5[Resource::arn:<AWS::Partition>:acm:${CERTIFICATE_REGION}:<AWS::AccountId>:certificate/*]`,
        'OEM wildcard certificates are requested at run time, one per OEM domain: their ARNs cannot be known in advance. Only certificates tagged swipe:purpose=oem-wildcard may be described or deleted.',
      )
      acknowledge(
        fn.role!,
        'IAM5[Resource::arn:<AWS::Partition>:cloudfront::<AWS::AccountId>:distribution-tenant/*]',
        'Distribution tenants are created at run time, one per custom domain: their ids cannot be known in advance. The actions are only those the domain adapter calls.',
      )
    }
  }
}
