import type { Context } from '@swipe/shared/contract/routes'
import {
  jobs as runtimeJobs,
  type ScheduleId,
  scheduledJobEvent,
  scheduleList,
} from '@swipe/shared/contract/runtime'
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam'
import type { IFunction } from 'aws-cdk-lib/aws-lambda'
import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler'
import { Construct } from 'constructs'
import { pascal } from './names.ts'

/**
 * Every schedule of the runtime table (@swipe/shared/contract/runtime `schedules`: the monthly
 * billing close, the custom-domain checker, the webhook retry sweep), made by iterating the table:
 * per schedule, an EventBridge Scheduler schedule that invokes its context's jobs Lambda with the
 * job's event (`scheduledJobEvent`: `{ source: 'swipe.job', context, type, id: 'scheduled' }`),
 * its expression, time zone and retry policy, and the scheduler's role, which may invoke that one
 * function (its unqualified ARN) and nothing else. Created as `<Schedule>/Schedule` and
 * `<Schedule>/InvokeRole` (`BillingClose/Schedule`, …). A schedule whose context has no jobs
 * Lambda in this stack (a stack of a few routes, in tests) is left out; `jobFunctions` of the
 * whole stack has one for every context with jobs (infra/lib/api.ts).
 */
export class JobSchedules extends Construct {
  readonly schedules = new Map<ScheduleId, { role: Role; schedule: CfnSchedule }>()

  constructor(scope: Construct, id: string, props: { jobFunctions: ReadonlyMap<Context, IFunction> }) {
    super(scope, id)
    for (const def of scheduleList()) {
      const jobs = props.jobFunctions.get(runtimeJobs[def.job].context)
      if (!jobs) continue
      const own = new Construct(this, pascal(def.id))
      const role = new Role(own, 'InvokeRole', {
        assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
        description: def.roleDescription,
      })
      role.addToPolicy(
        new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [jobs.functionArn] }),
      )
      const schedule = new CfnSchedule(own, 'Schedule', {
        description: def.description,
        scheduleExpression: def.expression,
        ...(def.timezone ? { scheduleExpressionTimezone: def.timezone } : {}),
        flexibleTimeWindow: { mode: 'OFF' },
        state: 'ENABLED',
        target: {
          arn: jobs.functionArn,
          roleArn: role.roleArn,
          input: JSON.stringify(scheduledJobEvent(def.id)),
          retryPolicy: { ...def.retry },
        },
      })
      this.schedules.set(def.id, { role, schedule })
    }
  }
}
