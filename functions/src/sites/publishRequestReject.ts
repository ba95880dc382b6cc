import { sitesRoutes } from '@swipe/shared/contract/sites'
import { PublishRequests } from '#data/publish-requests'
import { notifyAccounts } from '#domain/account-notices'
import { ConflictError, NotFoundError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { now } from '#platform/services/clock'
import { logger } from '#platform/services/logger'
import { decide, requestView } from './approval.ts'
import { authorOf } from './service.ts'

/**
 * POST /site/{id}/publish-requests/{requestId}/reject (issue 33 part 4): returns the request with
 * the approver's comment (required); nothing is published. The requester is told by mail and in
 * the bell.
 */
export const handler = endpoint(
  sitesRoutes['sites.publishRequestReject'],
  async ({ actor, params, body, t }) => {
    const site = await sitesFor(actor).get(params.id, 'site:approve')
    const request = (await PublishRequests.get({ siteId: site.siteId, requestId: params.requestId }).go())
      .data
    if (!request) throw new NotFoundError()
    const approver = authorOf(actor)
    const decided =
      request.state === 'PENDING'
        ? await decide(request, { state: 'REJECTED', by: approver, at: now(), comment: body.comment })
        : undefined
    if (!decided) throw new ConflictError('approval.notPending')
    logger.info('Publish request rejected', { siteId: site.siteId, requestId: request.requestId })
    await notifyAccounts([request.byAccountId], {
      kind: 'approvalRejected',
      siteId: site.siteId,
      siteName: site.name,
      requestId: request.requestId,
      by: approver.name,
      comment: body.comment,
    })
    return ok({ ...requestView(decided, site.version), message: t('approval.rejected') })
  },
)
