import {
  type JobId,
  jobContexts,
  jobNamesOf,
  jobs,
  scheduledJobEvent,
  scheduleList,
} from '@swipe/shared/contract/runtime'
import { App, Stack } from 'aws-cdk-lib'
import { Template } from 'aws-cdk-lib/assertions'
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda'
import { describe, expect, it, vi } from 'vitest'
import { JobSchedules } from '../lib/job-schedule.ts'

// The runner modules read their environment at load, as a Lambda does: placeholders, no AWS call.
vi.hoisted(() => {
  for (const name of [
    'TABLE_NAME',
    'ADMIN_ORIGIN',
    'MEDIA_BUCKET',
    'SITES_BUCKET',
    'MEMBERS_USER_POOL_ID',
    'MEMBERS_USER_POOL_CLIENT_ID',
    'ADMIN_USER_POOL_ID',
    'ADMIN_USER_POOL_CLIENT_ID',
  ])
    process.env[name] ??=
      name === 'ADMIN_ORIGIN' ? 'https://admin.example' : `swipe-test-${name.toLowerCase()}`
})

type Json = Record<string, unknown>

/** The real runner maps each context's jobs Lambda dispatches job events to (`jobsHandler`, `<context>/worker.ts`). */
const runnerMaps = async (): Promise<Record<string, Record<string, unknown>>> => ({
  sites: (await import('../../functions/src/sites/jobs.ts')).jobs,
  domains: (await import('../../functions/src/domains/jobs.ts')).jobs,
  billing: (await import('../../functions/src/billing/jobs.ts')).jobs,
  endUser: (await import('../../functions/src/endUser/jobs.ts')).jobs,
  auth: (await import('../../functions/src/auth/jobs.ts')).jobs,
  apiAccess: (await import('../../functions/src/apiAccess/webhookJobs.ts')).jobs,
})

/** The construct alone, in a bare stack with a stand-in jobs Lambda per context that runs jobs. */
const build = () => {
  const stack = new Stack(new App(), 'Test')
  const jobFunctions = new Map(
    jobContexts().map((context) => [
      context,
      new LambdaFunction(stack, `${context}Jobs`, {
        runtime: Runtime.NODEJS_22_X,
        handler: 'index.handler',
        code: Code.fromInline('x'),
      }),
    ]),
  )
  new JobSchedules(stack, 'Schedules', { jobFunctions })
  const resources = Template.fromStack(stack).toJSON().Resources as Record<
    string,
    { Type: string; Properties: Json }
  >
  const id = (context: string) =>
    stack.getLogicalId(jobFunctions.get(context as never)!.node.defaultChild as never)
  return { resources, id }
}

describe('schedules on AWS, from the runtime table', () => {
  it('gives every scheduled job a runner in its context’s Lambda (every rule has a target)', async () => {
    const maps = await runnerMaps()
    for (const schedule of scheduleList()) {
      const job = jobs[schedule.job as JobId]
      expect(typeof maps[job.context]?.[job.name], `${schedule.id}: no runner for ${schedule.job}`).toBe(
        'function',
      )
    }
    // And every runner map is exactly its context's jobs in the table (jobsHandler checks the same at load).
    for (const context of jobContexts())
      expect(Object.keys(maps[context] ?? {}).sort()).toEqual(jobNamesOf(context).sort())
  })

  it('makes one schedule per table entry: its expression, time zone and retries, its job event, its context’s jobs Lambda', () => {
    const { resources, id } = build()
    const made = Object.values(resources).filter((r) => r.Type === 'AWS::Scheduler::Schedule')
    expect(made).toHaveLength(scheduleList().length)
    for (const schedule of scheduleList()) {
      const event = scheduledJobEvent(schedule.id)
      const found = made.filter(
        (r) => JSON.parse((r.Properties.Target as Json).Input as string).type === event.type,
      )
      expect(found, schedule.id).toHaveLength(1)
      const props = found[0]!.Properties
      expect(props.ScheduleExpression).toBe(schedule.expression)
      expect(props.ScheduleExpressionTimezone).toBe(schedule.timezone)
      expect(props.State).toBe('ENABLED')
      expect(props.FlexibleTimeWindow).toEqual({ Mode: 'OFF' })
      const target = props.Target as Json
      expect(JSON.parse(target.Input as string)).toEqual(event)
      expect(target.RetryPolicy).toEqual({
        MaximumRetryAttempts: schedule.retry.maximumRetryAttempts,
        MaximumEventAgeInSeconds: schedule.retry.maximumEventAgeInSeconds,
      })
      const fn = id(event.context)
      expect(target.Arn).toEqual({ 'Fn::GetAtt': [fn, 'Arn'] })
      // Least privilege: the scheduler's role may invoke that one function and nothing else.
      const role = (target.RoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0]
      const statements = Object.values(resources)
        .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(role))
        .flatMap((r) => (r.Properties.PolicyDocument as { Statement: Json[] }).Statement)
      expect(statements).toEqual([
        { Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: { 'Fn::GetAtt': [fn, 'Arn'] } },
      ])
    }
  })

  it('keeps the business’s times: the close at 00:00 JST on the 1st, the checker every 5 minutes, the sweep every minute', () => {
    const { resources } = build()
    const byType = Object.fromEntries(
      Object.values(resources)
        .filter((r) => r.Type === 'AWS::Scheduler::Schedule')
        .map((r) => [JSON.parse((r.Properties.Target as Json).Input as string).type, r.Properties]),
    )
    expect(byType.close).toMatchObject({
      ScheduleExpression: 'cron(0 0 1 * ? *)',
      ScheduleExpressionTimezone: 'Asia/Tokyo',
    })
    expect(byType.domainCheck).toMatchObject({ ScheduleExpression: 'rate(5 minutes)' })
    expect(byType.webhookSweep).toMatchObject({ ScheduleExpression: 'rate(1 minute)' })
  })
})
