import type { Context } from '@swipe/shared/contract/routes'
import { type JobId, queuedJobList, jobs as runtimeJobs } from '@swipe/shared/contract/runtime'
import { Duration as D, type Duration, Stack } from 'aws-cdk-lib'
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda'
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources'
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs'
import { Construct } from 'constructs'
import { acknowledge } from './nag.ts'
import { pascal } from './names.ts'

/** How long SQS keeps a job's message, and a dead letter: its maximum, for the operator to look. */
const RETENTION = D.days(14)

/**
 * The queues of one context's queued jobs (@swipe/shared/contract/runtime `JobDef.queue`; the
 * close's `billing.closeAccount`), made by iterating the table: per job, an SQS queue whose event
 * source mapping hands the context's jobs Lambda one message per invocation (`batchSize` 1), at
 * most the table's `concurrency` invocations at once (`maxConcurrency`), a failed message
 * (`reportBatchItemFailures`: the Lambda names it) coming back after the visibility timeout — the
 * jobs Lambda's timeout, as SQS requires no less — until it was received `maxAttempts` times (the
 * redrive policy's `maxReceiveCount`), then moved to the job's dead-letter queue. Both are
 * encrypted and refuse requests without TLS. The jobs Lambda, which starts them (a queued job is
 * started by jobs of its own context), may send to the queue and reads its URL from
 * `JOB_QUEUE_URLS` (functions/src/platform/aws/job-queue.ts). Created as `<Job>/Queue` and
 * `<Job>/DeadLetters`. docs/decisions/0072-close-fans-out.md.
 */
export class JobQueues extends Construct {
  readonly queues = new Map<JobId, { queue: Queue; deadLetters: Queue }>()

  constructor(
    scope: Construct,
    id: string,
    props: { context: Context; worker: LambdaFunction; timeout: Duration },
  ) {
    super(scope, id)
    const urls: Record<string, string> = {}
    for (const def of queuedJobList().filter((job) => job.context === props.context)) {
      const foreign = (def.startedBy.jobs ?? []).filter(
        (starter) => (runtimeJobs as Record<string, { context: Context }>)[starter]?.context !== def.context,
      )
      if (foreign.length || def.startedBy.routes?.length)
        throw new Error(`${def.key} is queued: only jobs of ${def.context} may start it`)
      const own = new Construct(this, pascal(def.name))
      const deadLetters = new Queue(own, 'DeadLetters', {
        retentionPeriod: RETENTION,
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
      })
      acknowledge(
        deadLetters,
        'SQS3',
        `The dead-letter queue of ${def.key}: it has none of its own (the runtime table's queue)`,
      )
      const queue = new Queue(own, 'Queue', {
        visibilityTimeout: props.timeout,
        retentionPeriod: RETENTION,
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        deadLetterQueue: { queue: deadLetters, maxReceiveCount: def.queue.maxAttempts },
      })
      props.worker.addEventSource(
        new SqsEventSource(queue, {
          batchSize: 1,
          maxConcurrency: def.queue.concurrency,
          reportBatchItemFailures: true,
        }),
      )
      queue.grantSendMessages(props.worker)
      urls[def.key] = queue.queueUrl
      this.queues.set(def.key, { queue, deadLetters })
    }
    if (this.queues.size) props.worker.addEnvironment('JOB_QUEUE_URLS', Stack.of(this).toJsonString(urls))
  }
}
