import type { JobRunners } from '#platform/services/jobs'
import { logger } from '#platform/services/logger'
import { checkPendingDomains, releaseDomainOf } from './domains.ts'
import { checkPendingOemDomains } from './oem-domains.ts'

/** The domains context's asynchronous jobs (`#platform/services/jobs`), run by its jobs Lambda (./worker.ts). */
export const jobs: JobRunners<'domains'> = {
  // The custom-domain checker (issue 19), the runtime table's `domainCheck` schedule: EventBridge
  // Scheduler on AWS, infra/local/scheduler.ts under `npm start`.
  domainCheck: async () => {
    const outcome = await checkPendingDomains()
    logger.info('Custom domains checked', outcome)
    // OEM white-label domains: the same checker, the same 72 hours (./oem-domains.ts).
    logger.info('OEM domains checked', await checkPendingOemDomains())
  },
  // A deleted site's custom domain (started by functions/src/sites/remove.ts); the id is the site's.
  releaseSite: async (event) => {
    await releaseDomainOf(event.id)
  },
}
