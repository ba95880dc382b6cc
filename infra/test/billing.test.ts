import { describe, expect, it } from 'vitest'
import { BILLING_CLOSE_EVENT } from '../lib/billing.ts'
import { type Json, memo, refOf, synth } from './support.ts'

const dev = memo(() => synth())

describe('monthly billing close', () => {
  it('runs the billing jobs Lambda at 00:00 JST on the 1st through EventBridge Scheduler', () => {
    const { resources } = dev()
    // The billing close's schedule (the domain checker has one of its own, infra/test/domains.test.ts).
    const schedules = Object.entries(resources).filter(
      ([, r]) =>
        r.Type === 'AWS::Scheduler::Schedule' &&
        JSON.stringify(JSON.parse(((r.Properties as Json).Target as Json).Input as string)) ===
          JSON.stringify(BILLING_CLOSE_EVENT),
    )
    expect(schedules).toHaveLength(1)
    const p = schedules[0]![1].Properties as Json
    expect(p.ScheduleExpression).toBe('cron(0 0 1 * ? *)')
    expect(p.ScheduleExpressionTimezone).toBe('Asia/Tokyo')
    expect(p.State).toBe('ENABLED')
    const target = p.Target as Json
    expect(JSON.parse(target.Input as string)).toEqual(BILLING_CLOSE_EVENT)
    // The target is the billing jobs function.
    const arn = target.Arn as Json
    const fnId = refOf(arn) as string
    expect(resources[fnId]?.Type).toBe('AWS::Lambda::Function')
    expect((resources[fnId]!.Properties as Json).Description).toBe('Swipe LP dev: billing jobs')

    // Least privilege: the scheduler's role may invoke that one function and do nothing else.
    const roleId = refOf(target.RoleArn as Json) as string
    const policies = Object.values(resources).filter(
      (r) =>
        r.Type === 'AWS::IAM::Policy' &&
        ((r.Properties as Json).Roles as Json[]).some((role) => refOf(role) === roleId),
    )
    const statements = policies.flatMap(
      (r) => ((r.Properties as Json).PolicyDocument as { Statement: Json[] }).Statement,
    )
    expect(statements.length).toBeGreaterThan(0)
    for (const statement of statements) {
      expect(statement.Effect).toBe('Allow')
      expect(statement.Action).toBe('lambda:InvokeFunction')
      const resourcesOf = [statement.Resource].flat() as Json[]
      for (const resource of resourcesOf) expect(JSON.stringify(resource)).toContain(fnId)
    }
  })
})
