import type { Context } from '@swipe/shared/contract/routes'
import type { JobRunnersOf } from '@swipe/shared/contract/runtime'
import { platform } from '#platform'
import { logger } from './logger.ts'

/**
 * Work that cannot finish inside API Gateway's 30 s (a 1 GB ZIP): the handler records a job item,
 * starts the job and answers 202; the console polls the job. Where the job runs is the platform's
 * job queue (functions/src/platform/jobs.ts), not a question the handler asks: on AWS an
 * asynchronous invocation of the context's jobs Lambda, whose entry (`<context>/worker.ts`,
 * `jobsHandler`) dispatches the event to the context's runner; on the local stack, whose gateway
 * runs every context in one process, that same worker module in this process after the answer.
 * The API Lambda carries no runner: the job's code is in the jobs Lambda's bundle only.
 */

/** The event a context Lambda receives for a job. */
export interface JobEvent {
  source: 'swipe.job'
  context: Context
  /** The job kind, a key of the context's `jobs`. */
  type: string
  /** The job item's id. */
  id: string
  /**
   * What a short job needs that is kept nowhere else (a mail's recipient, a sign-up's password for
   * the members pool). Never logged; it lives only as long as the invocation.
   */
  input?: Readonly<Record<string, string>>
  /**
   * Which delivery of a queued job this is (1 the first): the SQS message's receive count, or the
   * local queue's count. Set by the queue, never by who starts the job; none for other jobs.
   */
  attempt?: number
}

export type JobRunner = (event: JobEvent) => Promise<void>

/**
 * A context's runner map: exactly the runtime table's jobs of that context
 * (@swipe/shared/contract/runtime), so a job without a runner does not compile; `jobsHandler`
 * checks the same at load.
 */
export type JobRunners<C extends Context> = JobRunnersOf<C, JobRunner>

export const isJobEvent = (event: unknown): event is JobEvent =>
  typeof event === 'object' &&
  event !== null &&
  (event as { source?: unknown }).source === 'swipe.job' &&
  typeof (event as { type?: unknown }).type === 'string' &&
  typeof (event as { id?: unknown }).id === 'string'

/** Runs a job event with the context's runners; an unknown kind is a deployment error. */
export const dispatchJob = async (event: JobEvent, runners: Record<string, JobRunner>) => {
  const run = runners[event.type]
  if (!run) throw new Error(`No job runner for ${event.context}.${event.type}`)
  logger.appendKeys({ jobId: event.id, job: `${event.context}.${event.type}` })
  try {
    await run(event)
  } finally {
    logger.removeKeys(['jobId', 'job'])
  }
}

/**
 * Starts a job without waiting for it. Resolves once the job is handed over (the invocation was
 * accepted, or the in-process run was scheduled); the job itself records its outcome.
 */
export const runJob = async (job: Omit<JobEvent, 'source' | 'attempt'>): Promise<void> => {
  await platform().jobs.start({ source: 'swipe.job', ...job })
}

/**
 * Starts many jobs at once (a fan-out: one per account of a close). A queued job of the runtime
 * table goes to its queue in batches; resolves once every job is handed over.
 */
export const runJobs = async (jobs: ReadonlyArray<Omit<JobEvent, 'source' | 'attempt'>>): Promise<void> => {
  await platform().jobs.startAll(jobs.map((job) => ({ source: 'swipe.job' as const, ...job })))
}
