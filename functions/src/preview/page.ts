import { previewRoutes } from '@swipe/shared/contract/preview'
import { NotFoundError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { siteMedia, siteView } from '../sites/service.ts'
import { checkDomain, openPreview, previewLanguage } from './service.ts'

/** One creative of the saved draft with the display URLs of its media and product images. */
export const handler = endpoint(previewRoutes['preview.page'], async ({ actor, event, params, query }) => {
  const { site, items } = await openPreview(actor, event, params.siteId)
  checkDomain(site, query.domain)
  const lang = previewLanguage(site, query.lang)
  const creative = siteView(site, items).creatives.find(
    (c) => c.lang === lang && c.position === params.pageId,
  )
  if (!creative) throw new NotFoundError()
  const keys = new Set(
    [
      creative.mediaKey,
      ...((creative.products ?? []) as Array<{ imagePath?: string | null }>).map((p) => p.imagePath),
    ].filter(Boolean),
  )
  const media = (await siteMedia(site, items)).filter((m) => keys.has(m.key))
  return ok({ lang, creative, media }, 200, { 'cache-control': 'private, no-store' })
})
