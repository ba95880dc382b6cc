import { previewRoutes } from '@swipe/shared/contract/preview'
import { PreviewComments } from '#data/previews'
import { BadRequestError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { now } from '#platform/services/clock'
import { logger } from '#platform/services/logger'
import { commentView, mailNewComment, newCommentId, openPreview } from './service.ts'

/**
 * Pins a review comment to a cell and language of the saved draft. An invited viewer's comment
 * mails the owner (at most once per 10 minutes per site); a password holder cannot comment (no
 * address to answer to).
 */
export const handler = endpoint(
  previewRoutes['preview.commentCreate'],
  async ({ actor, event, params, body }) => {
    const { viewer, site, items } = await openPreview(actor, event, params.siteId)
    if (viewer.kind === 'password') throw new BadRequestError('preview.commentNeedsInvite')
    if (
      !site.languages.includes(body.lang) ||
      !items.creatives.some((c) => c.lang === body.lang && c.position === body.cell)
    )
      throw new BadRequestError('preview.noSuchCell', { cell: body.cell })
    const comment = {
      siteId: params.siteId,
      commentId: newCommentId(),
      cell: body.cell,
      lang: body.lang,
      text: body.text,
      status: 'open' as const,
      blocking: body.blocking,
      createdAt: new Date(now()).toISOString(),
      ...(viewer.kind === 'invitee' ? { author: viewer.email } : {}),
    }
    await PreviewComments.create(comment).go()
    if (viewer.kind === 'invitee')
      await mailNewComment(site, comment).catch((error: Error) =>
        logger.warn('Preview comment mail failed', { siteId: site.siteId, error: error.name }),
      )
    return ok(commentView(comment), 201)
  },
)
