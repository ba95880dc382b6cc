import { previewRoutes } from '@swipe/shared/contract/preview'
import { endpoint, ok } from '#edge/http'
import { siteView } from '../sites/service.ts'
import { checkDomain, openPreview, previewLanguage } from './service.ts'

/** One language's company texts of the saved draft (the company dialog). */
export const handler = endpoint(previewRoutes['preview.company'], async ({ actor, event, params, query }) => {
  const { site, items } = await openPreview(actor, event, params.siteId)
  checkDomain(site, query.domain)
  const lang = previewLanguage(site, query.lang)
  const company = siteView(site, items).settings.find((s) => s.lang === lang)?.company ?? null
  return ok({ lang, company: company as Record<string, unknown> | null }, 200, {
    'cache-control': 'private, no-store',
  })
})
