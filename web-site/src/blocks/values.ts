import { isColor } from '@swipe/shared/colors'
import { PRODUCT_DEFAULTS } from '@swipe/shared/site/model-defaults'

/**
 * The value rules the blocks paint with: prices, creator colours, positions on the creative frame.
 * No schema library and no React: the publish render, the console's previews and the visitor
 * island (which fills a members-only cell after sign-in) all use these same functions, so a value
 * looks the same wherever it is shown.
 */

/** SPEC §9: the creative frame that products and image-link points are placed on. */
export const FRAME = { width: 351, height: 535 } as const

/** A link as the page writes it: where it goes and whether it leaves the site (new tab). */
export interface Href {
  href: string
  external: boolean
}

/** `¥1,980（税込）`: integer yen with thousands separators and the language's tax-included label. */
export const formatPrice = (yen: number, taxIncluded: string): string =>
  `¥${Math.round(yen)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${taxIncluded}`

/**
 * A creator colour as CSS, or the fallback. Colours are validated by the builder; this keeps a
 * stored value that is not one (say `red;background:url(…)`) out of a style attribute.
 */
export const safeColor = (value: string | null | undefined, fallback: string): string =>
  value && isColor(value) ? value : fallback

/**
 * A button's background and text colour: the creator's, else the defaults. Painted as chosen, never
 * swapped for a "more legible" one (the editor warns about low contrast and offers the fix:
 * docs/decisions/0022-visitor-site.md "The creator's colours as chosen"), so the live site shows what the
 * editor showed.
 */
export const colors = (
  background: string | null | undefined,
  defaultBackground: string,
  text: string | null | undefined,
  defaultText: string,
) => ({ background: safeColor(background, defaultBackground), color: safeColor(text, defaultText) })

/** A frame coordinate as a percentage of its side, clamped to the frame. */
export const percent = (value: number, of: number): string =>
  `${Math.round((Math.min(Math.max(value, 0), of) / of) * 10000) / 100}%`

/** Whether a place on the frame (`percent`'s `top`) lies above its middle. */
export const isAboveMiddle = (top: string): boolean => Number.parseFloat(top) < 50

/** Attributes of a creator link: external links open in a new tab without access to this page. */
export const newTab = (link: Href) =>
  link.external ? ({ target: '_blank', rel: 'noopener noreferrer' } as const) : {}

/** The product card's colours, which are not stored defaults (SPEC §3 Product). */
export const PRODUCT_LOOK = { background: '#FFFFFF', text: '#202020' } as const

/** Default colours of the creative's texts over its media. */
export const OVERLAY_TEXT = '#FFFFFF'

/** A product's place on the frame and its colours. */
export const productStyle = (product: {
  coordinateX?: number | null | undefined
  coordinateY?: number | null | undefined
  backgroundColor?: string | null | undefined
  textColor?: string | null | undefined
}) => ({
  left: percent(product.coordinateX ?? PRODUCT_DEFAULTS.coordinateX, FRAME.width),
  top: percent(product.coordinateY ?? PRODUCT_DEFAULTS.coordinateY, FRAME.height),
  ...colors(product.backgroundColor, PRODUCT_LOOK.background, product.textColor, PRODUCT_LOOK.text),
})

/** Sorted by their `order` (products of a creative). */
export const byOrder = <T extends { order?: number | null | undefined }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => (a.order ?? 0) - (b.order ?? 0))

/**
 * The side of the smallest tap target on a creative, in CSS px: link points are this round, the
 * link button and product tags at least this high (WCAG 2.5.5's 44 px rounded up to Material's 48,
 * the size a fingertip covers). The page's stylesheet (Cell.tsx) and the pre-publish checklist's
 * overlap rule (functions/src/publishing/checklist) both read it.
 */
export const TAP_TARGET = 48
