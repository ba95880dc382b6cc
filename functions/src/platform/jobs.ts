import type { JobEvent } from './services/jobs.ts'

/**
 * Where a job runs (functions/src/platform/services/jobs.ts `runJob`): on AWS an asynchronous invocation of the
 * context's jobs Lambda, which runs the same context module and dispatches the event
 * (`contextHandler`); where there is none (the local stack, whose gateway runs every context in
 * one process, and a jobs Lambda starting a follow-up job) in this process, after the answer.
 */
export interface JobQueue {
  /**
   * Hands `event` over without waiting for the job: resolves once the invocation was accepted or
   * the in-process run was scheduled. `dispatch` runs it in this process (the context's runners).
   */
  start(event: JobEvent, dispatch: () => Promise<void>): Promise<void>
}
