import { previewRoutes } from '@swipe/shared/contract/preview'
import { PreviewInvites } from '#data/previews'
import { ConflictError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { adminOf, sitesFor } from '#edge/tenancy'
import { now } from '#platform/services/clock'
import { normaliseEmail } from '../endUser/members.ts'
import { mailInvitation, shareListOf, shareOf } from './service.ts'

/**
 * Invites viewers (SPEC §2 share popup): each address gets a mail with the link in the site's
 * default language. An address already invited keeps its view log and gets the mail again
 * (resend). A password must be set first (SPEC §2: the security settings require one).
 */
export const handler = endpoint(previewRoutes['preview.shareInvite'], async ({ actor, params, body, t }) => {
  const site = await sitesFor(actor).get(params.siteId, 'site:write')
  const share = await shareOf(params.siteId)
  if (!share?.passwordHash) throw new ConflictError('preview.passwordFirst')
  const at = new Date(now()).toISOString()
  const emails = [...new Set(body.emails.map(normaliseEmail))]
  for (const email of emails) {
    await PreviewInvites.patch({ siteId: params.siteId, email })
      .set({ invitedAt: at })
      .go()
      .catch(async () => {
        await PreviewInvites.create({ siteId: params.siteId, email, invitedAt: at }).go()
      })
  }
  await Promise.all(emails.map((email) => mailInvitation(site, email, adminOf(actor))))
  return ok({
    ...(await shareListOf(params.siteId)),
    message: t('preview.invited', { count: emails.length }),
  })
})
