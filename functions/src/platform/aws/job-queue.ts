import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs'
import type { PlatformEnv } from '../env.ts'
import type { QueueSender } from '../jobs.ts'
import { clientConfig } from '../services/env.ts'
import type { JobEvent } from '../services/jobs.ts'

/** SendMessageBatch takes 10 messages at most. */
const BATCH = 10
/** Batch requests in flight at once: 100,000 jobs are 10,000 requests, about 15 s at this width. */
const WIDTH = 10
/** A batch's entries SQS refused (throttled, an internal error) are sent again this often, then the send fails. */
const TRIES = 3

/**
 * The queues of the runtime table's queued jobs (`JobDef.queue`): each event a message of its
 * job's queue (`JOB_QUEUE_URLS`, set by infra/lib/job-queue.ts on the jobs Lambda that starts
 * them), sent 10 to a SendMessageBatch request. The event source mapping of the context's jobs
 * Lambda receives them (functions/src/edge/router.ts `jobsHandler`). The body is the job event
 * as JSON; its attempt is the message's receive count, never part of the body.
 */
export const awsJobQueues = (env: PlatformEnv): QueueSender => {
  let sqs: SQSClient | undefined
  const client = () => {
    sqs ??= new SQSClient(clientConfig(undefined))
    return sqs
  }
  const sendBatch = async (url: string, batch: readonly JobEvent[]) => {
    let entries = batch.map((event, i) => ({ Id: String(i), MessageBody: JSON.stringify(event) }))
    for (let attempt = 1; entries.length; attempt++) {
      const answer = await client().send(new SendMessageBatchCommand({ QueueUrl: url, Entries: entries }))
      const failed = new Set((answer.Failed ?? []).map((f) => f.Id))
      if (!failed.size) return
      if (attempt >= TRIES) {
        const reasons = (answer.Failed ?? []).map((f) => `${f.Code}: ${f.Message ?? ''}`).join('; ')
        throw new Error(`SQS refused ${failed.size} of ${batch.length} messages to ${url} (${reasons})`)
      }
      entries = entries.filter((entry) => failed.has(entry.Id))
    }
  }
  return {
    send: async (job, events) => {
      const url = env.JOB_QUEUE_URLS[job]
      if (!url) throw new Error(`This Lambda names no queue for ${job} (JOB_QUEUE_URLS)`)
      const batches: JobEvent[][] = []
      for (let i = 0; i < events.length; i += BATCH) batches.push(events.slice(i, i + BATCH))
      for (let i = 0; i < batches.length; i += WIDTH)
        await Promise.all(batches.slice(i, i + WIDTH).map((batch) => sendBatch(url, batch)))
    },
  }
}
