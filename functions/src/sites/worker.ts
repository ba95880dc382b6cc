import { jobsHandler } from '#edge/router'
import { declareAwsAdapters } from '#platform'
import { invokedHostMap } from '#platform/aws/invoked-host-map'
import { awsMail } from '#platform/aws/mail'
import { awsVideo } from '#platform/aws/video'
import { jobs } from './jobs.ts'

/**
 * The sites jobs Lambda (infra/lib/api.ts): the runtime table's sites jobs, started by the API
 * Lambda's `runJob` or by a schedule (@swipe/shared/contract/runtime). Locally the in-process job
 * queue and the local scheduler run this same module (functions/src/platform/local/workers.ts).
 */
// The large AWS adapters this Lambda's code uses (functions/src/platform/aws/index.ts).
declareAwsAdapters({ hostMap: invokedHostMap, mail: awsMail, video: awsVideo })

export const handler = jobsHandler('sites', jobs)
