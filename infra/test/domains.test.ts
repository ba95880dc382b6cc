import { App, Stack } from 'aws-cdk-lib'
import { Template } from 'aws-cdk-lib/assertions'
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda'
import { AwsSolutionsChecks } from 'cdk-nag'
import { describe, expect, it } from 'vitest'
import { CustomDomains, DOMAIN_CHECK_EVENT, DOMAIN_TENANT_ACTIONS, readDomainTarget } from '../lib/domains.ts'

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
  it('checks every 5 minutes by invoking the sites jobs Lambda with the domain check, and may invoke nothing else', () => {
    const { resources, jobs } = build(target)
    const schedules = Object.values(resources).filter((r) => r.Type === 'AWS::Scheduler::Schedule')
    expect(schedules).toHaveLength(1)
    const props = schedules[0]!.Properties
    expect(props.ScheduleExpression).toBe('rate(5 minutes)')
    expect(props.State).toBe('ENABLED')
    const scheduleTarget = props.Target as Json
    expect(scheduleTarget.Arn).toEqual({ 'Fn::GetAtt': [jobs, 'Arn'] })
    expect(JSON.parse(scheduleTarget.Input as string)).toEqual(DOMAIN_CHECK_EVENT)
    const role = (scheduleTarget.RoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0]
    expect(statementsOf(resources, role)).toEqual([
      { Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: { 'Fn::GetAtt': [jobs, 'Arn'] } },
    ])
  })

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

  it('without a target, grants no CloudFront action and makes the stage refuse custom domains', () => {
    const { resources, api, jobs } = build()
    for (const fn of [api, jobs]) {
      const props = resources[fn]!.Properties
      expect((props.Environment as { Variables: Json }).Variables).toEqual({
        DOMAIN_PROVISIONER: 'unavailable',
      })
    }
    expect(JSON.stringify(resources)).not.toContain('cloudfront:')
    // The checker still runs (it finds nothing to check).
    expect(Object.values(resources).filter((r) => r.Type === 'AWS::Scheduler::Schedule')).toHaveLength(1)
  })

  it('leaves cdk-nag nothing unacknowledged on its own resources', () => {
    const { app } = build(target)
    const report = new AwsSolutionsChecks().validateScope(app)
    // The stand-in functions are not ours to judge (the real ones are checked in stack.test.ts).
    const ours = report.violations.filter((v) =>
      JSON.stringify(v).match(/CustomDomains|distribution-tenant|cloudfront/),
    )
    expect(ours.map((v) => `${v.severity} ${v.ruleName}`)).toEqual([])
  })

  it('refuses a partial target', () => {
    expect(() => build({ domainsDistributionId: 'E2MULTITENANT' })).toThrow(/all of/)
  })
})
