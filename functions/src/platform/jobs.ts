import { jobQueueOf } from '@swipe/shared/contract/runtime'
import type { JobEvent } from './services/jobs.ts'
import { logger } from './services/logger.ts'

/**
 * Where a job runs (functions/src/platform/services/jobs.ts `runJob`): on AWS an asynchronous
 * invocation of the context's jobs Lambda (its entry `functions/src/<context>/worker.ts`); on the
 * local stack, whose gateway runs every context in one process, that same worker module in this
 * process, after the answer; in a jobs Lambda itself (a job's follow-up job) its own runners.
 *
 * A queued job of the runtime table (`JobDef.queue`: the close's one job per account) goes to its
 * queue instead: SQS on AWS, from a jobs Lambda (`withQueues`, ./aws/job-queue.ts); locally the
 * in-process queue with the same bound and attempts (./local/jobs.ts).
 */
export interface JobQueue {
  /** Hands `event` over without waiting for the job: resolves once the invocation was accepted or the in-process run was scheduled. */
  start(event: JobEvent): Promise<void>
  /** Hands many over at once (a fan-out): a queued job's events go to its queue in batches. */
  startAll(events: readonly JobEvent[]): Promise<void>
}

/** What a jobs Lambda answers an SQS batch: the messages to be delivered again (ReportBatchItemFailures). */
export interface BatchAnswer {
  batchItemFailures: Array<{ itemIdentifier: string }>
}

/** Sends the events of one queued job (`<context>.<type>`) to that job's queue. */
export interface QueueSender {
  send(job: string, events: readonly JobEvent[]): Promise<void>
}

const keyOf = (event: JobEvent) => `${event.context}.${event.type}`

/**
 * `other` for every job, except the runtime table's queued jobs, which `queues` sends to their
 * queue: the jobs Lambda's queue on AWS (functions/src/edge/router.ts `jobsHandler`).
 */
export const withQueues = (queues: QueueSender, other: JobQueue): JobQueue => {
  const startAll = async (events: readonly JobEvent[]) => {
    const queued = new Map<string, JobEvent[]>()
    const rest: JobEvent[] = []
    for (const event of events) {
      if (!jobQueueOf(event.context, event.type)) {
        rest.push(event)
        continue
      }
      // Pushed, not copied: a close hands over one event per account (100,000 of them).
      const batch = queued.get(keyOf(event))
      if (batch) batch.push(event)
      else queued.set(keyOf(event), [event])
    }
    await Promise.all([
      ...[...queued].map(([job, batch]) => queues.send(job, batch)),
      ...(rest.length ? [other.startAll(rest)] : []),
    ])
  }
  return { start: (event) => startAll([event]), startAll }
}

/**
 * Runs each job with `run` in this process once the current work has answered; its failure is
 * logged (the job records its own outcome). The local queue, and a jobs Lambda's own.
 */
export const inProcessJobs = (run: (event: JobEvent) => Promise<unknown>): JobQueue => {
  const start = async (event: JobEvent) => {
    setImmediate(() => {
      run(event).catch((error: unknown) =>
        logger.error('Job failed', { jobId: event.id, error: error as Error }),
      )
    })
  }
  return {
    start,
    startAll: async (events) => {
      for (const event of events) await start(event)
    },
  }
}
