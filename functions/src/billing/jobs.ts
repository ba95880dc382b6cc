import type { JobRunners } from '#platform/services/jobs'
import { closeMonth, monthToClose } from './close.ts'

/** The billing context's asynchronous jobs (`#platform/services/jobs`), run by the same Lambda module as its routes. */
export const jobs: JobRunners<'billing'> = {
  /**
   * The monthly closing run: EventBridge Scheduler invokes the jobs Lambda at 00:00 JST on the
   * 1st with `{ source: 'swipe.job', context: 'billing', type: 'close', id: 'scheduled' }`
   * (@swipe/shared/contract/runtime `billingClose`); it closes the month that just ended (or
   * `input.month`).
   */
  close: async (event) => {
    await closeMonth(event.input?.month ?? monthToClose(Date.now()))
  },
}
