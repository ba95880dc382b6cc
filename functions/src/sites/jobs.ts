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
  // Web renditions of one confirmed upload (issue 22); the id is the original's key.
  mediaRenditions: async (event) => {
    const { processMedia } = await import('./media.ts')
    await processMedia(event.id)
  },
  // The one-off re-encoding of media that predates renditions (issue 22); the id is a site id.
  mediaReencode: async (event) => {
    const { reencodeSite } = await import('./media.ts')
    logger.info('Media re-encoded', { siteId: event.id, outcome: await reencodeSite(event.id) })
  },
  // The custom-domain checker (issue 19): EventBridge Scheduler on AWS, a timer under `npm start`.
  domainCheck: async () => {
    const { checkPendingDomains } = await import('./domains.ts')
    const outcome = await checkPendingDomains()
    logger.info('Custom domains checked', outcome)
    // OEM white-label domains: the same checker, the same 72 hours (./oem-domains.ts).
    const { checkPendingOemDomains } = await import('./oem-domains.ts')
    logger.info('OEM domains checked', await checkPendingOemDomains())
  },
}
