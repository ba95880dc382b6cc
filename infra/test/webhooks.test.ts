import { App, Stack } from 'aws-cdk-lib'
import { Template } from 'aws-cdk-lib/assertions'
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda'
import { describe, expect, it } from 'vitest'
import { WEBHOOK_SWEEP_EVENT, WebhookSchedule } from '../lib/webhooks.ts'

type Json = Record<string, unknown>

/** The construct alone, in a bare stack with a stand-in end-user jobs Lambda. */
const build = () => {
  const stack = new Stack(new App(), 'Test')
  const jobs = new LambdaFunction(stack, 'EndUserJobs', {
    runtime: Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: Code.fromInline('x'),
  })
  new WebhookSchedule(stack, 'Webhooks', { jobs })
  const resources = Template.fromStack(stack).toJSON().Resources as Record<
    string,
    { Type: string; Properties: Json }
  >
  return { resources, jobs: stack.getLogicalId(jobs.node.defaultChild as never) }
}

describe('webhook retry sweep on AWS', () => {
  it('invokes the end-user jobs Lambda with the sweep every minute, and may invoke nothing else', () => {
    const { resources, jobs } = build()
    const schedules = Object.values(resources).filter((r) => r.Type === 'AWS::Scheduler::Schedule')
    expect(schedules).toHaveLength(1)
    const props = schedules[0]!.Properties
    expect(props.ScheduleExpression).toBe('rate(1 minute)')
    expect(props.State).toBe('ENABLED')
    const target = props.Target as Json
    expect(target.Arn).toEqual({ 'Fn::GetAtt': [jobs, 'Arn'] })
    expect(JSON.parse(target.Input as string)).toEqual(WEBHOOK_SWEEP_EVENT)
    expect(WEBHOOK_SWEEP_EVENT).toEqual({
      source: 'swipe.job',
      context: 'endUser',
      type: 'webhookSweep',
      id: 'scheduled',
    })
    const role = (target.RoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0]
    const statements = Object.values(resources)
      .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(role))
      .flatMap((r) => (r.Properties.PolicyDocument as { Statement: Json[] }).Statement)
    expect(statements).toEqual([
      { Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: { 'Fn::GetAtt': [jobs, 'Arn'] } },
    ])
  })
})
