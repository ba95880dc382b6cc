import { now } from '#platform/services/clock'
import type { JobRunners } from '#platform/services/jobs'
import { logger } from '#platform/services/logger'
import { processBulkJob } from './bulk.ts'
import { runExperimentSchedule } from './experiment-service.ts'
import { forgetVisitors } from './forget.ts'
import { processMedia, reencodeSite } from './media.ts'
import { runDueSchedules } from './schedule.ts'

/** The sites context's asynchronous jobs (`#platform/services/jobs`), run by the same Lambda module as its routes. */
export const jobs: JobRunners<'sites'> = {
  bulkUpload: (event) => processBulkJob(event.id),
  // The id is the deleted site's id (functions/src/sites/remove.ts).
  forgetVisitors: async (event) => {
    await forgetVisitors(event.id)
  },
  // Web renditions of one confirmed upload (issue 22); the id is the original's key.
  mediaRenditions: async (event) => {
    await processMedia(event.id)
  },
  // The one-off re-encoding of media that predates renditions (issue 22); the id is a site id.
  mediaReencode: async (event) => {
    logger.info('Media re-encoded', { siteId: event.id, outcome: await reencodeSite(event.id) })
  },
  // Scheduled publishing (issue 33 part 6), the runtime table's `publishSchedule` schedule.
  publishSchedule: async () => {
    logger.info('Scheduled changes run', await runDueSchedules())
  },
  // A/B tests (issue 34), the runtime table's `experimentSchedule` schedule.
  experimentSchedule: async () => {
    logger.info('Experiments run', await runExperimentSchedule(now()))
  },
}
