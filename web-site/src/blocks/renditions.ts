import type { Picture } from './Picture.tsx'
import { FRAME } from './values.ts'

/**
 * An image's web renditions as a `<picture>` offers them (issue 22), from its files (each a format,
 * the width of the box it was made for, and its URL, or none when the reader cannot resolve it):
 * the publish model (storage keys through the release's media map) and the members-only fill (the
 * member API's URLs) build the same sources with this. A format with a file the reader cannot
 * resolve is left out; without the JPEG fallback there is no picture (the original is shown).
 * No React, no schema library: the island imports it.
 */
export const pictureOf = (
  files: readonly { format: string; width: number; url: string | null | undefined }[],
  /** Files narrower than this are left out: the box is never shown small enough to pick them. */
  minWidth = 0,
): Picture | undefined => {
  const list = (format: string) => {
    const found = files
      .filter((f) => f.format === format && f.width >= minWidth)
      .sort((a, b) => a.width - b.width)
    return found.every((f) => f.url) ? (found as { url: string; width: number }[]) : []
  }
  const srcSet = (found: { url: string; width: number }[]) =>
    found.map((f) => `${f.url} ${f.width}w`).join(', ')
  const jpeg = list('jpeg')
  if (!jpeg.length) return undefined
  return {
    sources: ['avif', 'webp'].flatMap((format) => {
      const found = list(format)
      return found.length ? [{ type: `image/${format}`, srcSet: srcSet(found) }] : []
    }),
    srcSet: srcSet(jpeg),
    src: (jpeg.find((f) => f.width >= FRAME.width) ?? jpeg[jpeg.length - 1]!).url,
  }
}

/**
 * The narrowest a creative's frame or a product card is ever shown (a phone held sideways: two
 * thirds of ~320 px): the popup CTA's 96 px files never serve it, so their `srcset` leaves them out
 * (every creative's page bytes, issue 22).
 */
export const SMALLEST_FRAME = 200

/**
 * Where each image is shown, as `sizes`: a creative fills the frame (351 × 535, at most the
 * viewport's width and, in the tall frame, two thirds of its height); a popup CTA's image is
 * 48 px; a product card's is up to 400 px; a logo is at most 160 px wide.
 */
export const SIZES = {
  frame: 'min(100vw, 66vh)',
  cta: '48px',
  product: '(max-width: 448px) calc(100vw - 48px), 400px',
  logo: '160px',
} as const

/**
 * Images other than the first wait for the client, which loads the current creative's neighbours
 * as the visitor moves: the first creative (the LCP) gets the whole connection, and a visitor who
 * never swipes does not download the grid. Until then they show a transparent pixel.
 */
export const PLACEHOLDER = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'

/** The data attribute a deferred image keeps a source's srcset in: `image/avif` → `data-avif`. */
export const sourceAttribute = (type: string) => `data-${type.slice('image/'.length)}`

/** The largest JPEG of an image's renditions (a link preview's `og:image`), or none. */
export const largestJpeg = (
  files: readonly { format: string; width: number; url: string | null | undefined }[],
): string | undefined =>
  files.filter((f) => f.format === 'jpeg' && f.url).sort((a, b) => b.width - a.width)[0]?.url ?? undefined
