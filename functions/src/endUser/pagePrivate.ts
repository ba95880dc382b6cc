import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { NotFoundError } from '#edge/errors'
import { ok } from '#edge/http'
import { memberOfActor } from './members.ts'
import {
  creativeMediaKeys,
  creativeView,
  languageFor,
  PRIVATE_NO_STORE,
  positionOfPage,
  publishedSite,
  visibleCreatives,
  visitorEndpoint,
  visitorMedia,
} from './service.ts'

/**
 * GET /end-user/site/{siteId}/page/{pageId}/private?lang= (the member's session cookie, from the
 * site's own pages: `verifiers.endUser`): one creative as `/public` answers it, members-only ones
 * unlocked. A session of another site is 403 `endUser.otherSite`, a request another origin made
 * 403 `endUser.crossOrigin`; none, an invalid or expired one, or a member no longer active is 401.
 */
export const handler = visitorEndpoint(
  endUserRoutes['endUser.pagePrivate'],
  async ({ params, query, actor }) => {
    const member = await memberOfActor(actor, params.siteId)
    const { site, items } = await publishedSite(member.siteId)
    const lang = languageFor(site, query.lang)
    const position = positionOfPage(params.pageId, site)
    const creative = visibleCreatives(site, items, lang).find((c) => c.position === position)
    if (!creative) throw new NotFoundError()
    const media = await visitorMedia(site, creativeMediaKeys([creative], { member: true }))
    return ok(
      { lang, creative: creativeView(creative, site, media, { member: true }) },
      200,
      PRIVATE_NO_STORE,
    )
  },
)
