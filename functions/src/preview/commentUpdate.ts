import { previewRoutes } from '@swipe/shared/contract/preview'
import { PreviewComments } from '#data/previews'
import { NotFoundError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { now } from '#platform/services/clock'
import { commentView } from './service.ts'

/** The owner ticks a comment off the checklist (resolved) or opens it again. */
export const handler = endpoint(previewRoutes['preview.commentUpdate'], async ({ actor, params, body }) => {
  await sitesFor(actor).get(params.siteId, 'site:write')
  const key = { siteId: params.siteId, commentId: params.commentId }
  const found = (await PreviewComments.get(key).go()).data
  if (!found) throw new NotFoundError()
  const resolvedAt = body.status === 'resolved' ? new Date(now()).toISOString() : undefined
  const update = PreviewComments.patch(key).set({ status: body.status })
  const updated = await (resolvedAt ? update.set({ resolvedAt }) : update.remove(['resolvedAt'])).go({
    response: 'all_new',
  })
  return ok(commentView({ ...found, ...updated.data }))
})
