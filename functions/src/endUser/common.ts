import type { SiteLanguage } from '@swipe/shared'
import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { snsLinksFor } from '@swipe/shared/site/bottom-bar'
import { ok } from '#edge/http'
import {
  CONTENT_CACHE,
  defaultLanguageOf,
  languageFor,
  languageList,
  menuView,
  publishedSite,
  settingsOf,
  snsView,
  visitorEndpoint,
} from './service.ts'

/** GET /end-user/common/{siteId}?lang=: the site frame of one language: languages, SNS links, menu. */
export const handler = visitorEndpoint(endUserRoutes['endUser.common'], async ({ params, query }) => {
  const { site, items } = await publishedSite(params.siteId)
  const lang = languageFor(site, query.lang)
  return ok(
    {
      lang,
      defaultLanguage: defaultLanguageOf(site),
      displayLanguageIcon: site.displayLanguageIcon,
      languages: languageList(site),
      sns: snsView(
        snsLinksFor((l) => settingsOf(site, items, l as SiteLanguage)?.sns, lang, defaultLanguageOf(site)),
      ),
      displayGlobalMenu: site.displayGlobalMenu,
      menu: menuView(site, items, lang),
    },
    200,
    CONTENT_CACHE,
  )
})
