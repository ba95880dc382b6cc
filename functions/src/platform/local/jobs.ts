import { type JobId, type JobQueueDef, jobQueueOf } from '@swipe/shared/contract/runtime'
import type { PlatformEnv } from '../env.ts'
import { type BatchAnswer, inProcessJobs, type JobQueue, withQueues } from '../jobs.ts'
import type { JobEvent } from '../services/jobs.ts'
import { logger } from '../services/logger.ts'
import { runWorker } from './workers.ts'

/** What the local queue of one queued job did, for the tests and the benchmark to read. */
export interface QueueStats {
  /** Deliveries made (a retried job counts once per attempt). */
  deliveries: number
  /** Deliveries of each job, by the job event's id. */
  attempts: ReadonlyMap<string, number>
  /** The most jobs that ran at once. */
  maxInFlight: number
  /** Jobs that failed on their last attempt: kept, as SQS keeps them in the dead-letter queue. */
  deadLetters: readonly JobEvent[]
}

/** The local job queue, and what its queues did. */
export interface LocalJobQueue extends JobQueue {
  stats(job: JobId): QueueStats
  /** Resolves once no queued job waits or runs. */
  idle(): Promise<void>
}

export interface LocalJobOptions {
  /** Another bound than the table's for some queued jobs (the benchmark's serial run: 1). */
  concurrency?: Partial<Record<JobId, number>>
}

/** One message as the event source mapping hands it over: the job event is the body. */
const sqsEventOf = (event: JobEvent, attempt: number) => ({
  Records: [
    {
      eventSource: 'aws:sqs',
      messageId: `${event.id}#${attempt}`,
      body: JSON.stringify(event),
      attributes: { ApproximateReceiveCount: String(attempt) },
    },
  ],
})

interface Lane {
  def: JobQueueDef
  waiting: Array<{ event: JobEvent; attempt: number }>
  inFlight: number
  stats: { deliveries: number; attempts: Map<string, number>; maxInFlight: number; deadLetters: JobEvent[] }
}

/**
 * The local stack's gateway runs every context in one process: a job runs there, after the answer,
 * through its context's jobs Lambda module (./workers.ts), as the asynchronous invocation runs it on
 * AWS. A queued job of the runtime table (`JobDef.queue`) runs as SQS and its event source mapping
 * run it: handed to the worker as a one-record SQS batch, at most the table's `concurrency` at once,
 * a job the worker reports as a batch item failure (or that throws) delivered again at the back of
 * the queue — at once, where SQS waits for the visibility timeout — until it was delivered
 * `maxAttempts` times, then kept as a dead letter and logged.
 */
export const localJobs = (_env: PlatformEnv, options: LocalJobOptions = {}): LocalJobQueue => {
  const lanes = new Map<string, Lane>()
  let waiters: Array<() => void> = []
  const busy = () => [...lanes.values()].some((lane) => lane.inFlight > 0 || lane.waiting.length > 0)
  const settle = () => {
    if (busy()) return
    const done = waiters
    waiters = []
    for (const resolve of done) resolve()
  }
  const lane = (job: string, def: JobQueueDef): Lane => {
    let found = lanes.get(job)
    if (!found) {
      const bound = options.concurrency?.[job as JobId] ?? def.concurrency
      found = {
        def: { ...def, concurrency: bound },
        waiting: [],
        inFlight: 0,
        stats: { deliveries: 0, attempts: new Map(), maxInFlight: 0, deadLetters: [] },
      }
      lanes.set(job, found)
    }
    return found
  }
  const deliver = (current: Lane, item: { event: JobEvent; attempt: number }) => {
    current.inFlight++
    current.stats.deliveries++
    current.stats.maxInFlight = Math.max(current.stats.maxInFlight, current.inFlight)
    current.stats.attempts.set(item.event.id, item.attempt)
    runWorker(item.event, sqsEventOf(item.event, item.attempt))
      .then(
        // A batch item failure is the one record's: delivered again.
        (answer) => !(answer as BatchAnswer | undefined)?.batchItemFailures?.length,
        (error: unknown) => {
          logger.error('Queued job failed', { jobId: item.event.id, error: error as Error })
          return false
        },
      )
      .then((ok) => {
        current.inFlight--
        if (!ok) {
          if (item.attempt < current.def.maxAttempts)
            current.waiting.push({ event: item.event, attempt: item.attempt + 1 })
          else {
            current.stats.deadLetters.push(item.event)
            logger.error('Queued job failed on its last attempt: kept as a dead letter', {
              job: `${item.event.context}.${item.event.type}`,
              jobId: item.event.id,
              attempts: item.attempt,
            })
          }
        }
        pump(current)
        settle()
      })
  }
  const pump = (current: Lane) => {
    while (current.inFlight < current.def.concurrency && current.waiting.length)
      deliver(current, current.waiting.shift()!)
  }
  const queued = withQueues(
    {
      send: async (job, events) => {
        const [context, type] = job.split('.') as [string, string]
        const current = lane(job, jobQueueOf(context, type)!)
        for (const event of events) current.waiting.push({ event, attempt: 1 })
        // After the answer, as the in-process jobs: the caller's work goes on first.
        setImmediate(() => pump(current))
      },
    },
    inProcessJobs((event) => runWorker(event)),
  )
  const empty: QueueStats = { deliveries: 0, attempts: new Map(), maxInFlight: 0, deadLetters: [] }
  return {
    ...queued,
    stats: (job) => {
      const found = lanes.get(job)?.stats
      return found
        ? { ...found, attempts: new Map(found.attempts), deadLetters: [...found.deadLetters] }
        : empty
    },
    idle: () =>
      new Promise<void>((resolve) => {
        setImmediate(() => {
          if (!busy()) resolve()
          else waiters.push(resolve)
        })
      }),
  }
}
