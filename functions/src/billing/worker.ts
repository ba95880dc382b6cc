import { jobsHandler } from '#edge/router'
import { declareAwsAdapters } from '#platform'
import { invokedPayments } from '#platform/aws/invoked-payments'
import { awsMail } from '#platform/aws/mail'
import { jobs } from './jobs.ts'

/**
 * The billing jobs Lambda (infra/lib/api.ts): the runtime table's billing jobs, started by the API
 * Lambda's `runJob` or by a schedule (@swipe/shared/contract/runtime). Locally the in-process job
 * queue and the local scheduler run this same module (functions/src/platform/local/workers.ts).
 */
// The large AWS adapters this Lambda's code uses (functions/src/platform/aws/index.ts).
declareAwsAdapters({ payments: invokedPayments, mail: awsMail })

export const handler = jobsHandler('billing', jobs)
