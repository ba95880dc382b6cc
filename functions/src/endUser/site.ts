import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { ok } from '#edge/http'
import {
  CONTENT_CACHE,
  creativeMediaKeys,
  creativeView,
  defaultLanguageOf,
  languageFor,
  languagesOf,
  menuView,
  publishedSite,
  visibleCreatives,
  visitorEndpoint,
  visitorMedia,
} from './service.ts'

/**
 * GET /end-user/site/{siteId}?lang=: the global setting a visitor's page needs (languages, grid,
 * colours, switches, logo and favicon), the global menu and the creatives of one language.
 */
export const handler = visitorEndpoint(endUserRoutes['endUser.site'], async ({ params, query }) => {
  const { site, items } = await publishedSite(params.siteId)
  const lang = languageFor(site, query.lang)
  const creatives = visibleCreatives(site, items, lang)
  const media = await visitorMedia(site, [site.logoKey, site.faviconKey, ...creativeMediaKeys(creatives)])
  return ok(
    {
      siteId: site.siteId,
      name: site.name,
      lang,
      defaultLanguage: defaultLanguageOf(site),
      languages: languagesOf(site),
      viewMode: site.viewMode,
      numberHorizontal: site.numberHorizontal,
      numberVertical: site.numberVertical,
      displayLanguageIcon: site.displayLanguageIcon,
      displayGlobalMenu: site.displayGlobalMenu,
      globalMenuTextColor: site.globalMenuTextColor ?? null,
      speakerColor: site.speakerColor ?? null,
      logoUrl: (site.logoKey && media.urls.get(site.logoKey)) || null,
      faviconUrl: (site.faviconKey && media.urls.get(site.faviconKey)) || null,
      menu: menuView(site, items, lang),
      creatives: creatives.map((c) => creativeView(c, site, media)),
      publishedAt: site.publishedAt === undefined ? null : new Date(site.publishedAt).toISOString(),
    },
    200,
    CONTENT_CACHE,
  )
})
