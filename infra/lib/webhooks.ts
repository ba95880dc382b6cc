import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam'
import type { IFunction } from 'aws-cdk-lib/aws-lambda'
import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler'
import { Construct } from 'constructs'

/** The job event the end-user jobs Lambda recognises (functions/src/endUser/jobs.ts `webhookSweep`). */
export const WEBHOOK_SWEEP_EVENT = {
  source: 'swipe.job',
  context: 'endUser',
  type: 'webhookSweep',
  id: 'scheduled',
}

/**
 * The webhook retry sweep (issue 21; docs/decisions.md "API issuing per site (issue 21)"): an
 * EventBridge Scheduler schedule every minute that invokes the end-user jobs Lambda with the
 * sweep's event; the sweep attempts every webhook delivery that is due (the first attempt of an
 * event runs at once, in a job of its own; this one runs the backoff's retries). A missed run is
 * not retried: the next one comes a minute later. The scheduler's role may invoke that one
 * function and nothing else.
 */
export class WebhookSchedule extends Construct {
  readonly schedule: CfnSchedule
  readonly role: Role

  constructor(scope: Construct, id: string, props: { jobs: IFunction }) {
    super(scope, id)
    this.role = new Role(this, 'InvokeRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
      description: 'EventBridge Scheduler: invokes the end-user jobs Lambda for the webhook retry sweep',
    })
    this.role.addToPolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [props.jobs.functionArn] }),
    )
    this.schedule = new CfnSchedule(this, 'Sweep', {
      description: 'Site webhooks: attempt every delivery that is due (exponential backoff for 24 hours)',
      scheduleExpression: 'rate(1 minute)',
      flexibleTimeWindow: { mode: 'OFF' },
      state: 'ENABLED',
      target: {
        arn: props.jobs.functionArn,
        roleArn: this.role.roleArn,
        input: JSON.stringify(WEBHOOK_SWEEP_EVENT),
        retryPolicy: { maximumRetryAttempts: 0, maximumEventAgeInSeconds: 60 },
      },
    })
  }
}
