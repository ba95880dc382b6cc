import { jobs as runtimeJobs } from '@swipe/shared/contract/runtime'
import { now } from '#platform/services/clock'
import type { JobRunners } from '#platform/services/jobs'
import { closeAccountJob, monthToClose, startClose } from './close.ts'

/** The billing context's asynchronous jobs (`#platform/services/jobs`), run by its jobs Lambda (./worker.ts). */
export const jobs: JobRunners<'billing'> = {
  /**
   * The monthly close's coordinator: EventBridge Scheduler invokes the jobs Lambda at 00:00 JST on
   * the 1st with `{ source: 'swipe.job', context: 'billing', type: 'close', id: 'scheduled' }`
   * (@swipe/shared/contract/runtime `billingClose`); it starts one `closeAccount` job per account
   * billed in the month that just ended (or `input.month`) and does not wait for them.
   */
  close: async (event) => {
    await startClose(event.input?.month ?? monthToClose(now()))
  },
  /**
   * One account's close, from the queue the runtime table gives this job (SQS on AWS): its invoice
   * once, its pending plan folded, its outcome in the run. A failure is thrown for the queue to
   * deliver the job again (`event.attempt` counts the deliveries).
   */
  closeAccount: async (event) => {
    await closeAccountJob(runtimeJobs['billing.closeAccount'].input.parse(event.input), event.attempt)
  },
}
