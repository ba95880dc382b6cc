import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { NotFoundError } from '#edge/errors'
import { ok } from '#edge/http'
import { memberOfActor } from './members.ts'
import {
  creativeMediaKeys,
  languageFor,
  PRIVATE_NO_STORE,
  productsView,
  publishedSite,
  visibleCreatives,
  visitorEndpoint,
  visitorMedia,
} from './service.ts'

/**
 * GET /end-user/site/{siteId}/product/private?position=&lang= (the member's session cookie): the
 * products of one creative, members-only ones included. 403 for another site's session or another
 * origin's request, 401 without a valid session.
 */
export const handler = visitorEndpoint(
  endUserRoutes['endUser.productPrivate'],
  async ({ params, query, actor }) => {
    const member = await memberOfActor(actor, params.siteId)
    const { site, items } = await publishedSite(member.siteId)
    const lang = languageFor(site, query.lang)
    const creative = visibleCreatives(site, items, lang).find((c) => c.position === query.position)
    if (!creative) throw new NotFoundError()
    const media = await visitorMedia(site, creativeMediaKeys([creative], { member: true }))
    return ok(
      { lang, position: creative.position, products: productsView(creative, media) },
      200,
      PRIVATE_NO_STORE,
    )
  },
)
