import { previewRoutes } from '@swipe/shared/contract/preview'
import { endpoint, ok } from '#edge/http'
import { siteView } from '../sites/service.ts'
import { checkDomain, openPreview, previewLanguage } from './service.ts'

/** One language's search texts as the page would show them (the site name stands in for a title). */
export const handler = endpoint(previewRoutes['preview.seo'], async ({ actor, event, params, query }) => {
  const { site, items } = await openPreview(actor, event, params.siteId)
  checkDomain(site, query.domain)
  const lang = previewLanguage(site, query.lang)
  const seo = siteView(site, items).settings.find((s) => s.lang === lang)?.seo
  const title = seo?.title?.trim() || site.name
  return ok({ lang, title, description: seo?.description?.trim() ?? '', h1: seo?.h1?.trim() || title }, 200, {
    'cache-control': 'private, no-store',
  })
})
