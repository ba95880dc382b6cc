import type { JobRunner } from '#lib/jobs'
import { processBulkJob } from './bulk.ts'
import { forgetVisitors } from './forget.ts'

/** The sites context's asynchronous jobs (`#lib/jobs`), run by the same Lambda module as its routes. */
export const jobs: Record<string, JobRunner> = {
  bulkUpload: (event) => processBulkJob(event.id),
  // The id is the deleted site's id (functions/src/sites/remove.ts).
  forgetVisitors: async (event) => {
    await forgetVisitors(event.id)
  },
}
