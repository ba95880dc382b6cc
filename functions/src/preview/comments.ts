import { previewRoutes } from '@swipe/shared/contract/preview'
import { PreviewComments } from '#data/previews'
import { endpoint, ok } from '#edge/http'
import { commentView, openPreview } from './service.ts'

/** Review comments, oldest first: every one for the owner, a viewer's own for a viewer. */
export const handler = endpoint(previewRoutes['preview.comments'], async ({ actor, event, params }) => {
  const { viewer } = await openPreview(actor, event, params.siteId)
  const { data } = await PreviewComments.query.comment({ siteId: params.siteId }).go({ pages: 'all' })
  const mine =
    viewer.kind === 'owner' ? data : data.filter((c) => viewer.email !== null && c.author === viewer.email)
  return ok({ items: mine.map(commentView) }, 200, { 'cache-control': 'private, no-store' })
})
