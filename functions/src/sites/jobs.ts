import type { JobRunner } from '#lib/jobs'
import { logger } from '#lib/logger'
import { processBulkJob } from './bulk.ts'
import { forgetVisitors } from './forget.ts'

/** The sites context's asynchronous jobs (`#lib/jobs`), run by the same Lambda module as its routes. */
export const jobs: Record<string, JobRunner> = {
  bulkUpload: (event) => processBulkJob(event.id),
  // The id is the deleted site's id (functions/src/sites/remove.ts).
  forgetVisitors: async (event) => {
    await forgetVisitors(event.id)
  },
  // The custom-domain checker (issue 19): EventBridge Scheduler on AWS, a timer under `npm start`.
  domainCheck: async () => {
    const { checkPendingDomains } = await import('./domains.ts')
    const outcome = await checkPendingDomains()
    logger.info('Custom domains checked', outcome)
  },
}
