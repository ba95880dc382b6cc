import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { ForbiddenError, NotFoundError } from '#edge/errors'
import { ok } from '#edge/http'
import {
  CONTENT_CACHE,
  creativeMediaKeys,
  creativeView,
  languageFor,
  positionOfPage,
  publishedSite,
  visibleCreatives,
  visitorEndpoint,
  visitorMedia,
} from './service.ts'

/**
 * GET /end-user/site/{siteId}/page/{pageId}/public?lang=: one creative, by page order (`3`) or
 * cell (`B2`). A members-only creative is 403 `endUser.membersOnly`, inviting the visitor to sign
 * up; its contents are the members' page (`/private`, with the end-user token).
 */
export const handler = visitorEndpoint(endUserRoutes['endUser.page'], async ({ params, query }) => {
  const { site, items } = await publishedSite(params.siteId)
  const lang = languageFor(site, query.lang)
  const position = positionOfPage(params.pageId, site)
  const creative = visibleCreatives(site, items, lang).find((c) => c.position === position)
  if (!creative) throw new NotFoundError()
  if (creative.membersOnlyLock) throw new ForbiddenError('endUser.membersOnly')
  const media = await visitorMedia(site, creativeMediaKeys([creative]))
  return ok({ lang, creative: creativeView(creative, site, media) }, 200, CONTENT_CACHE)
})
