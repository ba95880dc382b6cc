import { jobsHandler } from '#edge/router'
import { declareAwsAdapters } from '#platform'
import { awsDns } from '#platform/aws/dns'
import { awsDomains } from '#platform/aws/domains'
import { invokedHostMap } from '#platform/aws/invoked-host-map'
import { awsMail } from '#platform/aws/mail'
import { jobs } from './jobs.ts'

/**
 * The domains jobs Lambda (infra/lib/api.ts): the runtime table's domains jobs, started by a
 * schedule or by another context's route (a site's deletion). Locally the in-process job queue and
 * the local scheduler run this same module (functions/src/platform/local/workers.ts).
 */
// The large AWS adapters this Lambda's code uses (functions/src/platform/aws/index.ts).
declareAwsAdapters({ domains: awsDomains, dns: awsDns, hostMap: invokedHostMap, mail: awsMail })

export const handler = jobsHandler('domains', jobs)
