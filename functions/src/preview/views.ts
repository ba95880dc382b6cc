import { previewRoutes } from '@swipe/shared/contract/preview'
import { PreviewInvites } from '#data/previews'
import { endpoint, ok } from '#edge/http'
import { now } from '#platform/services/clock'
import { openPreview } from './service.ts'

/**
 * The share's view log (issue 16): an invited viewer's first and last view and the cells seen, as
 * `<lang>:<cell>`. Only invited viewers are logged; the owner's own previews are not.
 */
export const handler = endpoint(previewRoutes['preview.views'], async ({ actor, event, params, body }) => {
  const { viewer, items } = await openPreview(actor, event, params.siteId)
  if (viewer.kind !== 'invitee') return ok(undefined, 204)
  const known = new Set(items.creatives.map((c) => `${c.lang}:${c.position}`))
  const cells = [...new Set(body.cells.map((cell) => `${body.lang}:${cell}`))].filter((c) => known.has(c))
  const at = new Date(now()).toISOString()
  const update = PreviewInvites.update({ siteId: params.siteId, email: viewer.email }).set({ lastViewAt: at })
  await (cells.length ? update.add({ cellsViewed: cells }) : update)
    .where((attr, op) => op.exists(attr.invitedAt))
    .go()
    .catch(() => undefined)
  await PreviewInvites.patch({ siteId: params.siteId, email: viewer.email })
    .set({ firstViewAt: at })
    .where((attr, op) => `${op.exists(attr.invitedAt)} AND ${op.notExists(attr.firstViewAt)}`)
    .go()
    .catch(() => undefined)
  return ok(undefined, 204)
})
