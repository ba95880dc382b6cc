import { jobsHandler } from '#edge/router'
import { declareAwsAdapters } from '#platform'
import { awsMail } from '#platform/aws/mail'
import { awsSecrets } from '#platform/aws/secrets'
import { jobs } from './jobs.ts'

/**
 * The endUser jobs Lambda (infra/lib/api.ts): the runtime table's endUser jobs, started by the API
 * Lambda's `runJob` or by a schedule (@swipe/shared/contract/runtime). Locally the in-process job
 * queue and the local scheduler run this same module (functions/src/platform/local/workers.ts).
 */
// The large AWS adapters this Lambda's code uses (functions/src/platform/aws/index.ts); the
// secrets for the vault key that opens the conversion destinations' credentials.
declareAwsAdapters({ mail: awsMail, secrets: awsSecrets })

export const handler = jobsHandler('endUser', jobs)
