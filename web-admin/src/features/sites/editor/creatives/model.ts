import type { SiteLanguage } from '@swipe/shared'
import { gridCells } from '@swipe/shared/site/cells'
import { newCreativeView } from '@swipe/shared/site/model'
import { PRODUCT_DEFAULTS } from '@swipe/shared/site/model-defaults'
import type { Creative, Product } from '../../api.ts'
import { entryIndex, type SiteDraft } from '../draft.ts'

/** The creative frame visitors see (SPEC §9): products and image-link points are placed on it. */
export const FRAME = { width: 351, height: 535 } as const

/** At most 20 products and 20 image-link points per creative (shared CreativeSchema). */
export const MAX_PRODUCTS = 20
export const MAX_LINK_POINTS = 20

/** SPEC §3 Creative detail defaults: a cell gets its draft entry on its first edit. */
export const newCreative = (lang: SiteLanguage, position: string): Creative => newCreativeView(lang, position)

/** SPEC §3 Product defaults. */
export const newProduct = (order: number): Product => ({
  ...PRODUCT_DEFAULTS,
  imagePath: null,
  price: null,
  description: null,
  linkButtonUrl: null,
  linkButtonText: null,
  textColor: null,
  backgroundColor: null,
  order,
})

/** Cell references of a grid in row-major order (A1, B1, …, A2, …): the order media are placed in. */
export const gridPositions = (rows: number, columns: number): string[] => gridCells({ rows, columns })

/** Changes one cell's creative, creating it with the defaults when the cell has none yet. */
export const updateCreative = (
  draft: SiteDraft,
  lang: SiteLanguage,
  position: string,
  update: (creative: Creative) => Creative,
): SiteDraft => {
  const index = entryIndex(draft.creatives, lang, position)
  const current = index === -1 ? newCreative(lang, position) : draft.creatives[index]!
  const next = update(current)
  const creatives =
    index === -1 ? [...draft.creatives, next] : draft.creatives.map((c, i) => (i === index ? next : c))
  return { ...draft, creatives }
}

/** Keeps a point inside the frame, in whole pixels. */
export const clampToFrame = (x: number, y: number): { x: number; y: number } => ({
  x: Math.round(Math.min(FRAME.width, Math.max(0, x))),
  y: Math.round(Math.min(FRAME.height, Math.max(0, y))),
})

/** Empty text is "not set". */
export const orNull = (value: string): string | null => (value === '' ? null : value)
