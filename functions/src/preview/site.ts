import { previewRoutes } from '@swipe/shared/contract/preview'
import { endpoint, ok } from '#edge/http'
import { siteMedia, siteView } from '../sites/service.ts'
import { checkDomain, openPreview, previewLanguage, type Viewer } from './service.ts'

type View = ReturnType<typeof siteView>

/**
 * One language of the view, and what a viewer who is not the owner may see: the form recipients
 * (the creator's addresses) are left out.
 */
export const previewView = (
  view: View,
  lang: View['globalSetting']['defaultLanguage'],
  viewer: Viewer,
): View => ({
  ...view,
  menus: view.menus.filter((m) => m.lang === lang),
  creatives: view.creatives.filter((c) => c.lang === lang),
  settings: view.settings
    .filter((s) => s.lang === lang)
    .map((s) =>
      viewer.kind === 'owner' || !s.forms
        ? s
        : { ...s, forms: { ...s.forms, contact: { ...s.forms.contact, recipientEmail: '' } } },
    ),
})

/** The last saved draft in one language, never the live release (SPEC §4: preview needs a saved draft). */
export const handler = endpoint(previewRoutes['preview.site'], async ({ actor, event, params, query }) => {
  const { viewer, site, items } = await openPreview(actor, event, params.siteId)
  checkDomain(site, query.domain)
  const lang = previewLanguage(site, query.lang)
  const view = previewView(siteView(site, items), lang, viewer)
  const keys = new Set<string>()
  for (const c of view.creatives) {
    if (c.mediaKey) keys.add(c.mediaKey)
    for (const p of (c.products ?? []) as Array<{ imagePath?: string | null }>)
      if (p.imagePath) keys.add(p.imagePath)
  }
  const media = (await siteMedia(site, items)).filter(
    (m) => keys.has(m.key) || !view.creatives.some((c) => c.mediaKey === m.key),
  )
  return ok({ ...view, lang, media, viewer }, 200, { 'cache-control': 'private, no-store' })
})
