import type { JobRunner } from '#lib/jobs'
import { processBulkJob } from './bulk.ts'

/** The sites context's asynchronous jobs (`#lib/jobs`), run by the same Lambda module as its routes. */
export const jobs: Record<string, JobRunner> = {
  bulkUpload: (event) => processBulkJob(event.id),
}
