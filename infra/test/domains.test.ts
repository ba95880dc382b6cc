import { App, Stack } from 'aws-cdk-lib'
import { Template } from 'aws-cdk-lib/assertions'
import {
  CachePolicy,
  Function as EdgeFunction,
  FunctionCode,
  ResponseHeadersPolicy,
} from 'aws-cdk-lib/aws-cloudfront'
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda'
import { Bucket } from 'aws-cdk-lib/aws-s3'
import { AwsSolutionsChecks } from 'cdk-nag'
import { describe, expect, it } from 'vitest'
import {
  CustomDomains,
  DOMAIN_CERTIFICATE_ACTIONS,
  DOMAIN_TENANT_ACTIONS,
  DomainDistribution,
  readDomainTarget,
} from '../lib/domains.ts'

type Json = Record<string, unknown>

/** The construct alone, in a bare stack with two stand-in functions (the sites API and jobs Lambdas). */
const build = (context: Record<string, string> = {}) => {
  const app = new App({ context })
  const stack = new Stack(app, 'Test')
  const fn = (id: string) =>
    new LambdaFunction(stack, id, {
      runtime: Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: Code.fromInline('x'),
    })
  const api = fn('SitesApi')
  const jobs = fn('SitesJobs')
  new CustomDomains(stack, 'CustomDomains', { api, jobs, target: readDomainTarget(stack) })
  const template = Template.fromStack(stack)
  const id = (f: LambdaFunction) => stack.getLogicalId(f.node.defaultChild as never)
  return {
    app,
    template,
    resources: template.toJSON().Resources as Record<string, { Type: string; Properties: Json }>,
    api: id(api),
    jobs: id(jobs),
  }
}

const target = {
  domainsDistributionId: 'E2MULTITENANT',
  domainsConnectionGroupId: 'cg_2abc',
  domainsRoutingEndpoint: 'd1234abcd.cloudfront.net',
}

const statementsOf = (resources: ReturnType<typeof build>['resources'], roleRef: string) =>
  Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(roleRef))
    .flatMap((r) => (r.Properties.PolicyDocument as { Statement: Json[] }).Statement)

describe('custom domains on AWS', () => {
  it('grants the API and jobs Lambdas exactly the tenant actions the adapter calls, and tells them where to attach', () => {
    const { resources, api, jobs } = build(target)
    for (const fn of [api, jobs]) {
      const props = resources[fn]!.Properties
      expect((props.Environment as { Variables: Json }).Variables).toMatchObject({
        DOMAIN_DISTRIBUTION_ID: 'E2MULTITENANT',
        DOMAIN_CONNECTION_GROUP_ID: 'cg_2abc',
        DOMAIN_CNAME_TARGET: 'd1234abcd.cloudfront.net',
      })
      const role = (props.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0]
      const cloudfront = statementsOf(resources, role).filter((st) =>
        JSON.stringify(st.Action).includes('cloudfront:'),
      )
      expect(cloudfront).toHaveLength(1)
      expect(cloudfront[0]!.Action).toEqual([...DOMAIN_TENANT_ACTIONS])
      const arns = JSON.stringify(cloudfront[0]!.Resource)
      expect(arns).toContain(':distribution-tenant/*')
      expect(arns).toContain(':distribution/E2MULTITENANT')
      expect(arns).toContain(':connection-group/cg_2abc')
      expect(arns).not.toContain('"*"')
    }
  })

  it('grants the API and jobs Lambdas only the ACM actions of OEM wildcard certificates: us-east-1, tagged ones', () => {
    const { resources, api, jobs } = build(target)
    const tagged = { 'aws:ResourceTag/swipe:purpose': 'oem-wildcard' }
    for (const fn of [api, jobs]) {
      const role = (resources[fn]!.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0]
      const acm = statementsOf(resources, role).filter((st) => JSON.stringify(st.Action).includes('acm:'))
      const certificates = {
        'Fn::Join': [
          '',
          ['arn:', { Ref: 'AWS::Partition' }, ':acm:us-east-1:', { Ref: 'AWS::AccountId' }, ':certificate/*'],
        ],
      }
      expect(acm).toEqual([
        {
          Action: 'acm:RequestCertificate',
          Effect: 'Allow',
          Resource: '*',
          Condition: {
            StringEquals: {
              'aws:RequestedRegion': 'us-east-1',
              'aws:RequestTag/swipe:purpose': 'oem-wildcard',
            },
          },
        },
        {
          Action: 'acm:AddTagsToCertificate',
          Effect: 'Allow',
          Resource: certificates,
          Condition: { StringEquals: { 'aws:RequestTag/swipe:purpose': 'oem-wildcard' } },
        },
        {
          Action: ['acm:DescribeCertificate', 'acm:DeleteCertificate'],
          Effect: 'Allow',
          Resource: certificates,
          Condition: { StringEquals: tagged },
        },
      ])
      expect(acm.flatMap((st) => [st.Action].flat()).sort()).toEqual(
        [...DOMAIN_CERTIFICATE_ACTIONS.request, ...DOMAIN_CERTIFICATE_ACTIONS.manage].sort(),
      )
    }
  })

  it('without a target, grants no CloudFront action and makes the stage refuse custom domains', () => {
    const { resources, api, jobs } = build()
    for (const fn of [api, jobs]) {
      const props = resources[fn]!.Properties
      expect((props.Environment as { Variables: Json }).Variables).toEqual({
        DOMAIN_PROVISIONER: 'unavailable',
      })
    }
    expect(JSON.stringify(resources)).not.toContain('cloudfront:')
    expect(JSON.stringify(resources)).not.toContain('acm:')
  })

  it('leaves cdk-nag nothing unacknowledged on its own resources', () => {
    const { app } = build(target)
    const report = new AwsSolutionsChecks().validateScope(app)
    // The stand-in functions are not ours to judge (the real ones are checked in stack.test.ts).
    const ours = report.violations.filter((v) =>
      JSON.stringify(v).match(/CustomDomains|distribution-tenant|cloudfront|acm|Resource::\*/),
    )
    expect(ours.map((v) => `${v.severity} ${v.ruleName}`)).toEqual([])
  })

  it('refuses a partial target', () => {
    expect(() => build({ domainsDistributionId: 'E2MULTITENANT' })).toThrow(/all of/)
  })
})

/** The stack-made multi-tenant distribution and connection group (no context values). */
const buildMade = () => {
  const app = new App()
  const stack = new Stack(app, 'Test')
  const fn = (id: string) =>
    new LambdaFunction(stack, id, {
      runtime: Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: Code.fromInline('x'),
    })
  const api = fn('SitesApi')
  const jobs = fn('SitesJobs')
  const bucket = new Bucket(stack, 'SitesBucket')
  const hostRouter = new EdgeFunction(stack, 'HostRouter', {
    code: FunctionCode.fromInline('function handler(event) { return event.request }'),
  })
  const made = new DomainDistribution(stack, 'DomainDistribution', {
    stage: 'test',
    bucket,
    hostRouter,
    pageCache: new CachePolicy(stack, 'PageCache'),
    securityHeadersPolicyId: new ResponseHeadersPolicy(stack, 'Headers', {
      securityHeadersBehavior: { contentTypeOptions: { override: true } },
    }).responseHeadersPolicyId,
    api: {
      host: 'abc.execute-api.ap-northeast-1.amazonaws.com',
      originVerify: 'secret',
      headersPolicyId: 'hp',
    },
  })
  new CustomDomains(stack, 'CustomDomains', { api, jobs, target: made.target })
  const template = Template.fromStack(stack)
  const id = (c: { node: { defaultChild?: unknown } } | LambdaFunction) =>
    stack.getLogicalId((c as LambdaFunction).node.defaultChild as never)
  return {
    app,
    stack,
    template,
    resources: template.toJSON().Resources as Record<string, { Type: string; Properties: Json }>,
    api: id(api),
    jobs: id(jobs),
    distribution: stack.getLogicalId(made.distribution),
    group: stack.getLogicalId(made.connectionGroup),
    router: stack.getLogicalId(hostRouter.node.defaultChild as never),
    bucket: stack.getLogicalId(bucket.node.defaultChild as never),
  }
}

describe('the multi-tenant distribution and connection group, made by the stack', () => {
  it('makes a tenant-only distribution serving the sites bucket through the host router, and the API under /api/v1', () => {
    const { resources, router, bucket, group } = buildMade()
    const groups = Object.values(resources).filter((r) => r.Type === 'AWS::CloudFront::ConnectionGroup')
    expect(groups.map((g) => g.Properties)).toEqual([
      { Name: 'swipe-test-domains', Enabled: true, Ipv6Enabled: true },
    ])
    expect(resources[group]).toBeDefined()
    const distributions = Object.values(resources).filter((r) => r.Type === 'AWS::CloudFront::Distribution')
    expect(distributions).toHaveLength(1)
    const config = distributions[0]!.Properties.DistributionConfig as Json
    expect(config.ConnectionMode).toBe('tenant-only')
    expect(config.Aliases).toBeUndefined()
    const origins = config.Origins as Json[]
    expect(origins.map((o) => o.Id)).toEqual(['sites', 'api'])
    expect(origins[0]!.DomainName).toEqual({ 'Fn::GetAtt': [bucket, 'RegionalDomainName'] })
    expect(origins[0]!.OriginAccessControlId).toBeDefined()
    expect(origins[1]!.OriginCustomHeaders).toEqual([
      { HeaderName: 'x-origin-verify', HeaderValue: 'secret' },
    ])
    const defaults = config.DefaultCacheBehavior as Json
    expect(defaults.TargetOriginId).toBe('sites')
    expect(defaults.ViewerProtocolPolicy).toBe('redirect-to-https')
    expect(defaults.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [router, 'FunctionARN'] } },
    ])
    const [apiBehaviour] = config.CacheBehaviors as Json[]
    expect(apiBehaviour).toMatchObject({
      PathPattern: '/api/v1/*',
      TargetOriginId: 'api',
      ViewerProtocolPolicy: 'https-only',
      ResponseHeadersPolicyId: 'hp',
    })
  })

  it('lets CloudFront read the sites bucket for this distribution only', () => {
    const { resources, distribution } = buildMade()
    const statements = Object.values(resources)
      .filter((r) => r.Type === 'AWS::S3::BucketPolicy')
      .flatMap((r) => (r.Properties.PolicyDocument as { Statement: Json[] }).Statement)
      .filter((st) => JSON.stringify(st.Principal).includes('cloudfront.amazonaws.com'))
    expect(statements).toHaveLength(1)
    expect(statements[0]!.Action).toBe('s3:GetObject')
    expect(JSON.stringify(statements[0]!.Condition)).toContain(distribution)
  })

  it('tells the Lambdas its ids and routing endpoint, and grants the tenant actions on it alone', () => {
    const { resources, api, jobs, distribution, group } = buildMade()
    for (const fn of [api, jobs]) {
      const props = resources[fn]!.Properties
      expect((props.Environment as { Variables: Json }).Variables).toEqual({
        DOMAIN_DISTRIBUTION_ID: { Ref: distribution },
        DOMAIN_CONNECTION_GROUP_ID: { 'Fn::GetAtt': [group, 'Id'] },
        DOMAIN_CNAME_TARGET: { 'Fn::GetAtt': [group, 'RoutingEndpoint'] },
      })
      const role = (props.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0]
      const cloudfront = statementsOf(resources, role).filter((st) =>
        JSON.stringify(st.Action).includes('cloudfront:'),
      )
      expect(cloudfront).toHaveLength(1)
      expect(cloudfront[0]!.Action).toEqual([...DOMAIN_TENANT_ACTIONS])
      const arns = JSON.stringify(cloudfront[0]!.Resource)
      expect(arns).toContain(':distribution-tenant/*')
      expect(arns).toContain(`{"Ref":"${distribution}"}`)
      expect(arns).toContain(`{"Fn::GetAtt":["${group}","Id"]}`)
    }
  })

  it('leaves cdk-nag nothing unacknowledged on the distribution and connection group', () => {
    const { app } = buildMade()
    const report = new AwsSolutionsChecks().validateScope(app)
    const ours = report.violations.filter((v) => JSON.stringify(v).match(/DomainDistribution|CustomDomains/))
    expect(ours.map((v) => `${v.severity} ${v.ruleName}`)).toEqual([])
  })
})
