import { previewRoutes } from '@swipe/shared/contract/preview'
import { PreviewInvites } from '#data/previews'
import { endpoint, ok } from '#edge/http'
import { adminOf, sitesFor } from '#edge/tenancy'
import { normaliseEmail } from '../endUser/members.ts'
import { mailInvitation, shareListOf } from './service.ts'

/**
 * Revokes invited addresses: their preview tokens are refused from the next request on (each
 * preview request checks the invite). `resendAll` then mails the link again to every address
 * still invited.
 */
export const handler = endpoint(previewRoutes['preview.shareRevoke'], async ({ actor, params, body, t }) => {
  const site = await sitesFor(actor).get(params.siteId, 'site:write')
  const emails = [...new Set(body.emails.map(normaliseEmail))]
  await Promise.all(emails.map((email) => PreviewInvites.delete({ siteId: params.siteId, email }).go()))
  const list = await shareListOf(params.siteId)
  if (body.resendAll)
    await Promise.all(list.items.map((invite) => mailInvitation(site, invite.email, adminOf(actor))))
  return ok({
    ...list,
    message: body.resendAll
      ? t('preview.resent', { count: list.total })
      : t('preview.revoked', { count: emails.length }),
  })
})
