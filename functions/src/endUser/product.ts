import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { ForbiddenError, NotFoundError } from '#edge/errors'
import { ok } from '#edge/http'
import {
  CONTENT_CACHE,
  creativeMediaKeys,
  languageFor,
  productsView,
  publishedSite,
  visibleCreatives,
  visitorEndpoint,
  visitorMedia,
} from './service.ts'

/**
 * GET /end-user/site/{siteId}/product/public?position=&lang=: the products placed on one
 * creative, in their order. Members-only creatives keep their products to members (403).
 */
export const handler = visitorEndpoint(endUserRoutes['endUser.product'], async ({ params, query }) => {
  const { site, items } = await publishedSite(params.siteId)
  const lang = languageFor(site, query.lang)
  const creative = visibleCreatives(site, items, lang).find((c) => c.position === query.position)
  if (!creative) throw new NotFoundError()
  if (creative.membersOnlyLock) throw new ForbiddenError('endUser.membersOnly')
  const media = await visitorMedia(site, creativeMediaKeys([creative]))
  return ok(
    { lang, position: creative.position, products: productsView(creative, media) },
    200,
    CONTENT_CACHE,
  )
})
