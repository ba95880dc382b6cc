import { gridCells } from '@swipe/shared/site/cells'
import { CTA_DEFAULTS } from '@swipe/shared/site/model-defaults'
import type { PopupCta, PopupCtaKind } from '../../api.ts'
import type { SiteDraft } from '../draft.ts'

/** Popup CTAs per site (the shared schema's limit, docs/decisions.md). */
export const MAX_CTAS = 20

/** A new CTA with SPEC §3's defaults: red button, white text, every page, at the bottom. */
export const newCta = (kind: PopupCtaKind): PopupCta => ({
  kind,
  ...CTA_DEFAULTS,
  linkUrl: '',
  content: '',
  imageUrl: null,
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
