import { jobsHandler } from '#edge/router'
import { jobs } from './webhookJobs.ts'

/**
 * The apiAccess jobs Lambda (infra/lib/api.ts): the runtime table's apiAccess jobs, started by the API
 * Lambda's `runJob` or by a schedule (@swipe/shared/contract/runtime). Locally the in-process job
 * queue and the local scheduler run this same module (functions/src/platform/local/workers.ts).
 */
export const handler = jobsHandler('apiAccess', jobs)
