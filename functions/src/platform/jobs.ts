import type { JobEvent } from './services/jobs.ts'
import { logger } from './services/logger.ts'

/**
 * Where a job runs (functions/src/platform/services/jobs.ts `runJob`): on AWS an asynchronous
 * invocation of the context's jobs Lambda (its entry `functions/src/<context>/worker.ts`); on the
 * local stack, whose gateway runs every context in one process, that same worker module in this
 * process, after the answer; in a jobs Lambda itself (a job's follow-up job) its own runners.
 */
export interface JobQueue {
  /** Hands `event` over without waiting for the job: resolves once the invocation was accepted or the in-process run was scheduled. */
  start(event: JobEvent): Promise<void>
}

/**
 * Runs each job with `run` in this process once the current work has answered; its failure is
 * logged (the job records its own outcome). The local queue, and a jobs Lambda's own.
 */
export const inProcessJobs = (run: (event: JobEvent) => Promise<unknown>): JobQueue => ({
  start: async (event) => {
    setImmediate(() => {
      run(event).catch((error: unknown) =>
        logger.error('Job failed', { jobId: event.id, error: error as Error }),
      )
    })
  },
})
