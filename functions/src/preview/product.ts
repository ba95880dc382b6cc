import { previewRoutes } from '@swipe/shared/contract/preview'
import { NotFoundError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { siteMedia, siteView } from '../sites/service.ts'
import { checkDomain, openPreview, previewLanguage } from './service.ts'

/** The products of one creative of the saved draft, with their images' display URLs. */
export const handler = endpoint(previewRoutes['preview.product'], async ({ actor, event, params, query }) => {
  const { site, items } = await openPreview(actor, event, params.siteId)
  checkDomain(site, query.domain)
  const lang = previewLanguage(site, query.lang)
  const creative = siteView(site, items).creatives.find(
    (c) => c.lang === lang && c.position === params.pageId,
  )
  if (!creative) throw new NotFoundError()
  const products = (creative.products ?? []) as Array<Record<string, unknown> & { imagePath?: string | null }>
  const keys = new Set(products.map((p) => p.imagePath).filter(Boolean))
  const media = (await siteMedia(site, items)).filter((m) => keys.has(m.key))
  return ok({ lang, products, media }, 200, { 'cache-control': 'private, no-store' })
})
