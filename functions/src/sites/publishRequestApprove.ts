import { sitesRoutes } from '@swipe/shared/contract/sites'
import { PublishRequests } from '#data/publish-requests'
import { notifyAccounts } from '#domain/account-notices'
import { ConflictError, NotFoundError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { now as clockNow } from '#platform/services/clock'
import { logger } from '#platform/services/logger'
import { latestVersion } from '../publishing/versions.ts'
import { checkedPublish, checkPublishable, decide, requestView } from './approval.ts'
import { scheduleApprovedPublish } from './schedule.ts'
import { authorOf } from './service.ts'

/**
 * POST /site/{id}/publish-requests/{requestId}/approve (issue 33 part 4): publishes exactly the
 * version requested — the draft must still be at it (409 `approval.stale` otherwise) — after the
 * pre-publish checklist (400 `checklist.blocked` naming each blocking item, nothing published).
 * A request with a future `publishAt` is scheduled instead: the run publishes that version then.
 * The requester is told by mail and in the bell.
 */
export const handler = endpoint(
  sitesRoutes['sites.publishRequestApprove'],
  async ({ actor, params, body, t }) => {
    const loaded = await sitesFor(actor).load(params.id, 'site:approve')
    const { site } = loaded
    const request = (await PublishRequests.get({ siteId: site.siteId, requestId: params.requestId }).go())
      .data
    if (!request) throw new NotFoundError()
    if (request.state !== 'PENDING') throw new ConflictError('approval.notPending')
    if (request.version !== site.version) throw new ConflictError('approval.stale')
    const approver = authorOf(actor)
    const now = clockNow()
    let versionId: string | undefined
    if (request.publishAt !== undefined && request.publishAt > now) {
      await checkPublishable(loaded, t)
      await scheduleApprovedPublish(site.siteId, request.publishAt, approver, {
        version: request.version,
        requestId: request.requestId,
      })
    } else {
      await checkedPublish(loaded, { author: approver, t })
      versionId = (await latestVersion(site.siteId))?.versionId
    }
    const decided = await decide(request, {
      state: 'APPROVED',
      by: approver,
      at: now,
      comment: body.comment,
      versionId,
    })
    if (!decided) throw new ConflictError('approval.notPending')
    logger.info('Publish request approved', { siteId: site.siteId, requestId: request.requestId, versionId })
    await notifyAccounts([request.byAccountId], {
      kind: 'approvalApproved',
      siteId: site.siteId,
      siteName: site.name,
      requestId: request.requestId,
      by: approver.name,
      comment: body.comment ?? null,
    })
    // Decided, so never stale: the draft's version does not matter to the view any more.
    return ok({
      ...requestView(decided, site.version),
      message: t(versionId ? 'approval.approvedPublished' : 'approval.approvedScheduled'),
    })
  },
)
