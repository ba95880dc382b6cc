import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam'
import type { IFunction } from 'aws-cdk-lib/aws-lambda'
import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler'
import { Construct } from 'constructs'

/** The job event the billing jobs Lambda recognises (functions/src/billing/index.ts `close`). */
export const BILLING_CLOSE_EVENT = { source: 'swipe.job', context: 'billing', type: 'close', id: 'scheduled' }

/**
 * The monthly closing run (issue 18): an EventBridge Scheduler schedule at 00:00 JST on the 1st of
 * every month that invokes the billing jobs Lambda with the closing job's event; the run closes the
 * month that just ended and is idempotent, so a retried invocation issues nothing twice. The
 * scheduler's role may invoke that one function (its unqualified ARN) and nothing else.
 */
export class BillingSchedule extends Construct {
  readonly schedule: CfnSchedule
  readonly role: Role

  constructor(scope: Construct, id: string, props: { jobs: IFunction }) {
    super(scope, id)
    this.role = new Role(this, 'InvokeRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
      description: 'EventBridge Scheduler: invokes the billing jobs Lambda for the monthly close',
    })
    this.role.addToPolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [props.jobs.functionArn] }),
    )
    this.schedule = new CfnSchedule(this, 'MonthlyClose', {
      description: 'Monthly billing close: one invoice per billable account (00:00 JST on the 1st)',
      scheduleExpression: 'cron(0 0 1 * ? *)',
      scheduleExpressionTimezone: 'Asia/Tokyo',
      flexibleTimeWindow: { mode: 'OFF' },
      state: 'ENABLED',
      target: {
        arn: props.jobs.functionArn,
        roleArn: this.role.roleArn,
        input: JSON.stringify(BILLING_CLOSE_EVENT),
        retryPolicy: { maximumRetryAttempts: 2, maximumEventAgeInSeconds: 3600 },
      },
    })
  }
}
