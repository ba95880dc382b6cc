import { PREVIEW_REPLY_MAX, previewRoutes } from '@swipe/shared/contract/preview'
import { PreviewComments } from '#data/previews'
import { BadRequestError, NotFoundError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { now } from '#platform/services/clock'
import { logger } from '#platform/services/logger'
import { commentView, mailNewComment, newCommentId, openPreview } from './service.ts'

/**
 * Answers a review comment in its thread (issue 30 #11), with the permissions of comments: the
 * site's owner answers any comment, an invited viewer only their own (another's is 404, as it is
 * not in their list), a password holder none. A reviewer's answer mails the owner like a comment
 * (at most once per 10 minutes per site).
 */
export const handler = endpoint(
  previewRoutes['preview.commentReply'],
  async ({ actor, event, params, body }) => {
    const { viewer, site } = await openPreview(actor, event, params.siteId)
    if (viewer.kind === 'password') throw new BadRequestError('preview.commentNeedsInvite')
    const key = { siteId: params.siteId, commentId: params.commentId }
    const found = (await PreviewComments.get(key).go({ consistent: true })).data
    if (!found || (viewer.kind === 'invitee' && found.author !== viewer.email)) throw new NotFoundError()
    if ((found.replies?.length ?? 0) >= PREVIEW_REPLY_MAX)
      throw new BadRequestError('validation.tooMany', { max: PREVIEW_REPLY_MAX })
    const reply = {
      replyId: newCommentId(),
      text: body.text,
      createdAt: new Date(now()).toISOString(),
      ...(viewer.kind === 'invitee' ? { author: viewer.email } : {}),
    }
    const updated = await PreviewComments.patch(key)
      .append({ replies: [reply] })
      .go({ response: 'all_new' })
    const comment = { ...found, ...updated.data }
    if (viewer.kind === 'invitee')
      await mailNewComment(site, { ...found, text: body.text }).catch((error: Error) =>
        logger.warn('Preview comment mail failed', { siteId: site.siteId, error: error.name }),
      )
    return ok(commentView(comment), 201)
  },
)
