import { gridCells } from '@swipe/shared/site/cells'
import type { SiteLanguage } from '@swipe/shared/site/model'
import { CTA_DEFAULTS } from '@swipe/shared/site/model-defaults'
import type { PopupCta, PopupCtaKind } from '../../api.ts'
import type { SiteDraft } from '../draft.ts'

/** Popup CTAs per site (the shared schema's limit, docs/decisions/0019-popup-ctas.md). */
export const MAX_CTAS = 20

/** A new CTA with SPEC §3's defaults: red button, white text, every page, at the bottom. */
export const newCta = (kind: PopupCtaKind): PopupCta => ({
  kind,
  ...CTA_DEFAULTS,
  linkUrl: '',
  localized: [],
  startDate: null,
  endDate: null,
  limit: null,
  effectiveSheets: [],
})

/** Changes the CTAs of the global setting. */
export const updateCtas =
  (update: (ctas: PopupCta[]) => PopupCta[]) =>
  (draft: SiteDraft): SiteDraft => ({
    ...draft,
    globalSetting: { ...draft.globalSetting, popupCtas: update(draft.globalSetting.popupCtas) },
  })

/** Changes one CTA. */
export const updateCta = (index: number, patch: Partial<PopupCta>) =>
  updateCtas((ctas) => ctas.map((cta, i) => (i === index ? { ...cta, ...patch } : cta)))

/** The pages of the grid in order (row-major, as the server numbers creatives) with their cells. */
export const pagesOf = (rows: number, columns: number): { page: number; cell: string }[] =>
  gridCells({ rows, columns }).map((cell, i) => ({ page: i + 1, cell }))

type Localized = PopupCta['localized'][number]

/** A CTA's own text and image in `lang`, and its place in `localized` (-1: none yet). */
export const localizedOf = (
  cta: PopupCta,
  lang: SiteLanguage,
): { entry: Localized | undefined; index: number } => {
  const index = cta.localized.findIndex((l) => l.lang === lang)
  return { entry: cta.localized[index], index }
}

/**
 * The CTA's `localized` with `lang`'s text or image changed; a language left with neither is
 * dropped (it shows the default language's again).
 */
export const withLocalized = (
  cta: PopupCta,
  lang: SiteLanguage,
  patch: Partial<Pick<Localized, 'content' | 'imageUrl'>>,
): PopupCta['localized'] => {
  const { entry } = localizedOf(cta, lang)
  const next = { ...(entry ?? { lang }), ...patch }
  const empty = !next.content && !next.imageUrl
  if (!entry) return empty ? cta.localized : [...cta.localized, next]
  return empty ? cta.localized.filter((l) => l !== entry) : cta.localized.map((l) => (l === entry ? next : l))
}
