import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { ok } from '#edge/http'
import { CONTENT_CACHE, languageFor, publishedSite, settingsOf, visitorEndpoint } from './service.ts'

/**
 * GET /end-user/site/{siteId}/seo?lang=: title, h1 and description of one language, with the
 * renderer's fallbacks (title → site name, h1 → title). Head and body tags are `scripts`.
 */
export const handler = visitorEndpoint(endUserRoutes['endUser.seo'], async ({ params, query }) => {
  const { site, items } = await publishedSite(params.siteId)
  const lang = languageFor(site, query.lang)
  const seo = (settingsOf(site, items, lang)?.seo ?? {}) as {
    title?: string
    h1?: string
    description?: string
  }
  const title = seo.title?.trim() || site.name
  return ok(
    { lang, title, h1: seo.h1?.trim() || title, description: seo.description?.trim() ?? '' },
    200,
    CONTENT_CACHE,
  )
})
