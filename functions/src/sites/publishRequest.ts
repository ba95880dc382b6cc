import { sitesRoutes } from '@swipe/shared/contract/sites'
import { timeOrderedId } from '#data/ids'
import { PublishRequests } from '#data/publish-requests'
import { approversOf, notifyAccounts } from '#domain/account-notices'
import { BadRequestError, ConflictError, ValidationError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { now as clockNow } from '#platform/services/clock'
import { logger } from '#platform/services/logger'
import { approvalRequired, requestView, requirePublishable, withdrawPending } from './approval.ts'
import { instantIssues } from './schedule.ts'
import { authorOf } from './service.ts'

/**
 * POST /site/{id}/publish-requests (issue 33 part 4): on a site that requires approval, asks the
 * approvers to publish the saved draft at `version` — now, or at `publishAt`. The draft must be
 * publishable (the images rule) and saved at that version (409 otherwise); an open request is
 * withdrawn (one at a time). The approvers are told by mail and in the bell. The checklist is not
 * a condition of asking: the approver sees it, and a blocking item stops the approval.
 */
export const handler = endpoint(sitesRoutes['sites.publishRequest'], async ({ actor, params, body, t }) => {
  const { site, items } = await sitesFor(actor).load(params.id, 'site:write')
  if (!(await approvalRequired(site.siteId))) throw new BadRequestError('approval.notRequired')
  if (site.version !== body.version) throw new ConflictError()
  requirePublishable(site, items)
  const now = clockNow()
  const refused = instantIssues(body.publishAt, 'body.publishAt', now)
  if (refused.length) throw new ValidationError(refused)
  const publishAt = body.publishAt ? Date.parse(body.publishAt) : undefined
  const author = authorOf(actor)
  await withdrawPending(site.siteId)
  const request = {
    siteId: site.siteId,
    requestId: timeOrderedId(now),
    state: 'PENDING' as const,
    version: body.version,
    byAccountId: author.accountId,
    byName: author.name,
    requestedAt: now,
    ...(body.note ? { note: body.note } : {}),
    ...(publishAt !== undefined ? { publishAt } : {}),
  }
  await PublishRequests.create(request).go()
  logger.info('Publish requested', { siteId: site.siteId, requestId: request.requestId })
  await notifyAccounts(await approversOf(site, author.accountId), {
    kind: 'approvalRequested',
    siteId: site.siteId,
    siteName: site.name,
    requestId: request.requestId,
    by: author.name,
    comment: body.note ?? null,
  })
  return ok({ ...requestView(request, site.version), message: t('approval.requested') }, 201)
})
