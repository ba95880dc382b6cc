import { previewRoutes } from '@swipe/shared/contract/preview'
import { PreviewComments } from '#data/previews'
import { NotFoundError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { now } from '#platform/services/clock'
import { commentView } from './service.ts'

/**
 * The owner ticks a comment off the checklist (resolved) or opens it again, and marks it blocking
 * or not (an open blocking comment stops publishing: the pre-publish checklist, issue 33).
 */
export const handler = endpoint(previewRoutes['preview.commentUpdate'], async ({ actor, params, body }) => {
  await sitesFor(actor).get(params.siteId, 'site:write')
  const key = { siteId: params.siteId, commentId: params.commentId }
  const found = (await PreviewComments.get(key).go()).data
  if (!found) throw new NotFoundError()
  const set = {
    ...(body.status ? { status: body.status } : {}),
    ...(body.blocking !== undefined ? { blocking: body.blocking } : {}),
  }
  const update = PreviewComments.patch(key).set(set)
  const resolvedAt = body.status === 'resolved' ? new Date(now()).toISOString() : undefined
  const updated = await (resolvedAt
    ? update.set({ resolvedAt })
    : body.status === 'open'
      ? update.remove(['resolvedAt'])
      : update
  ).go({ response: 'all_new' })
  return ok(commentView({ ...found, ...updated.data }))
})
