/**
 * How the island shows an image's web renditions (issue 22) that the page could not carry as they
 * are: a deferred creative (Picture.tsx `Img` with `deferred`) and a member's template (`slot`).
 */
import type { Picture } from '../blocks/Picture.tsx'

/** The formats a picture's sources may have, best first (the JPEG is the `<img>`'s). */
const SOURCE_FORMATS = ['avif', 'webp'] as const

/**
 * Shows `picture` in `image` (inside its `<picture>`) as the publish render does: a `<source>` of
 * each format with its `sizes` before the image, then the image's JPEG srcset, `sizes` and 1× file
 * (set last, so the browser picks a rendition before any fetch). The island's way to load a
 * deferred creative and to fill a member's template.
 */
export const showPicture = (image: HTMLImageElement, picture: Picture, sizes: string) => {
  for (const source of picture.sources) {
    const element = document.createElement('source')
    element.type = source.type
    element.sizes = sizes
    element.srcset = source.srcSet
    image.before(element)
  }
  image.sizes = sizes
  image.srcset = picture.srcSet
  image.src = picture.src
}

/**
 * The picture a deferred image carries in its data attributes (Picture.tsx `Img` with
 * `deferred`), removed from it; none for an image without renditions.
 */
export const takeDeferredPicture = (image: HTMLImageElement): Picture | undefined => {
  const { src, srcset } = image.dataset
  if (!src || !srcset) return undefined
  const sources = SOURCE_FORMATS.flatMap((format) => {
    const srcSet = image.dataset[format]
    image.removeAttribute(`data-${format}`)
    return srcSet ? [{ type: `image/${format}`, srcSet }] : []
  })
  image.removeAttribute('data-src')
  image.removeAttribute('data-srcset')
  return { sources, srcSet: srcset, src }
}
