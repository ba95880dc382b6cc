import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam'
import type { IFunction } from 'aws-cdk-lib/aws-lambda'
import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler'
import type { Construct } from 'constructs'

/** A job event as the jobs Lambdas recognise it (functions/src/lib/jobs.ts). */
export interface ScheduledJobEvent {
  source: string
  context: string
  type: string
  id: string
}

/**
 * An EventBridge Scheduler schedule that invokes a jobs Lambda with one job's event, and the
 * scheduler's role, which may invoke that one function and nothing else. Created in `scope` as
 * `InvokeRole` and `id` (the billing close, the domain checker and the webhook sweep).
 */
export const jobSchedule = (
  scope: Construct,
  id: string,
  props: {
    jobs: IFunction
    event: ScheduledJobEvent
    /** `rate(…)` or `cron(…)`. */
    expression: string
    timezone?: string
    description: string
    roleDescription: string
    retryPolicy: { maximumRetryAttempts: number; maximumEventAgeInSeconds: number }
  },
): { role: Role; schedule: CfnSchedule } => {
  const role = new Role(scope, 'InvokeRole', {
    assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
    description: props.roleDescription,
  })
  role.addToPolicy(
    new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [props.jobs.functionArn] }),
  )
  const schedule = new CfnSchedule(scope, id, {
    description: props.description,
    scheduleExpression: props.expression,
    ...(props.timezone ? { scheduleExpressionTimezone: props.timezone } : {}),
    flexibleTimeWindow: { mode: 'OFF' },
    state: 'ENABLED',
    target: {
      arn: props.jobs.functionArn,
      roleArn: role.roleArn,
      input: JSON.stringify(props.event),
      retryPolicy: props.retryPolicy,
    },
  })
  return { role, schedule }
}
