import { sitesRoutes } from '@swipe/shared/contract/sites'
import { deleteSiteFreeingSlot } from '#domain/plans'
import { ConflictError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { runJob } from '#platform/services/jobs'
import { logger } from '#platform/services/logger'
import { unpublishSite } from '../publishing/publish.ts'
import { sweep } from './service.ts'

/**
 * Starts a job of a deleted site (its id is the job's). The site is already gone, so the answer
 * stays a success if the start fails; the log names the job to run again.
 */
const startAfterDeletion = async (job: Parameters<typeof runJob>[0], what: string) => {
  try {
    await runJob(job)
  } catch (error) {
    logger.error(`${what} could not be started`, {
      siteId: job.id,
      job: `${job.context}.${job.type}`,
      error: (error as Error).name,
    })
  }
}

/**
 * Deletes a site: the global-setting item, conditioned on the version, is the commit point (the
 * site is gone for every reader at once), deleted in one transaction with its owner's site counter
 * going down by one (the plan's slot is free again); its other items are deleted right after,
 * then its hosts leave the host map and its releases the sites bucket. Its visitors' members, pool users and
 * submissions are deleted by a job (`forgetVisitors`, ./forget.ts): Cognito's rate limit makes
 * thousands of members take minutes, beyond API Gateway's 30 s. Its custom domain is freed and
 * detached by the domains context's job (`releaseSite`, functions/src/domains/jobs.ts).
 */
export const handler = endpoint(sitesRoutes['sites.remove'], async ({ actor, params, query, t }) => {
  // The items as stored: deleting needs only keys, so a document the model refuses cannot block it.
  const { site, items } = await sitesFor(actor).loadStored(params.id, 'site:write')
  if (site.version !== query.version) throw new ConflictError()
  await deleteSiteFreeingSlot(site, query.version)
  await sweep(site, items, true)
  await startAfterDeletion(
    { context: 'sites', type: 'forgetVisitors', id: site.siteId },
    'Forgetting visitors',
  )
  await unpublishSite(site.siteId, site)
  // Its custom domain's name is freed for other sites and detached (issue 19), by the domains
  // context's jobs Lambda (docs/decisions/0076-domains-context.md).
  await startAfterDeletion(
    { context: 'domains', type: 'releaseSite', id: site.siteId },
    'Releasing the custom domain',
  )
  return ok({ message: t('site.deleted') })
})
