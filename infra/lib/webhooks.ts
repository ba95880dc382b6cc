import type { Role } from 'aws-cdk-lib/aws-iam'
import type { IFunction } from 'aws-cdk-lib/aws-lambda'
import type { CfnSchedule } from 'aws-cdk-lib/aws-scheduler'
import { Construct } from 'constructs'
import { jobSchedule } from './job-schedule.ts'

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
    ;({ role: this.role, schedule: this.schedule } = jobSchedule(this, 'Sweep', {
      jobs: props.jobs,
      event: WEBHOOK_SWEEP_EVENT,
      expression: 'rate(1 minute)',
      description: 'Site webhooks: attempt every delivery that is due (exponential backoff for 24 hours)',
      roleDescription: 'EventBridge Scheduler: invokes the end-user jobs Lambda for the webhook retry sweep',
      retryPolicy: { maximumRetryAttempts: 0, maximumEventAgeInSeconds: 60 },
    }))
  }
}
