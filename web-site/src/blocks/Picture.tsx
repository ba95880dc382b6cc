import type { ImgHTMLAttributes } from 'react'

/**
 * An image's web renditions as the page offers them (issue 22): AVIF and WebP sources and a JPEG
 * fallback, each a `srcset` of the sizes it was made at, so the browser takes the smallest file
 * its screen needs in the best format it decodes.
 */
export interface Picture {
  /** Best first: AVIF, then WebP. */
  sources: { type: string; srcSet: string }[]
  /** The JPEG fallback's srcset, and its 1× file for browsers without srcset. */
  srcSet: string
  src: string
}

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

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'alt' | 'slot'>

/** The formats a picture's sources may have, best first (the JPEG is the `<img>`'s). */
const SOURCE_TYPES = ['image/avif', 'image/webp']

/**
 * An image: `<picture>` with its renditions' sources when it has them, else the `<img>` of the
 * original `src`. `deferred`: the island sets the real sources later (the page's creatives other
 * than the first carry them in `data-src`/`data-srcset` behind a placeholder). `slot`: a members'
 * template (blocks/Cell.tsx `MemberTemplates`): the `<picture>` with a source of each type and
 * the image (`data-k="img"`), their `sizes` set and no file, for the island to fill
 * (client/members.ts: each source's srcset or its removal, the image's srcset and src).
 */
export const Img = ({
  src,
  alt,
  picture,
  sizes,
  deferred,
  slot,
  ...img
}: ImgProps & {
  src: string
  /** Required: the creative's alt text, or `''` for a decorative image. */
  alt: string
  picture?: Picture | undefined
  sizes: string
  /** The placeholder shown until the island loads the image. */
  deferred?: string | undefined
  slot?: boolean
}) => {
  if (slot)
    return (
      <picture>
        {SOURCE_TYPES.map((type) => (
          <source key={type} type={type} sizes={sizes} />
        ))}
        <img {...img} alt={alt} sizes={sizes} data-k="img" />
      </picture>
    )
  if (!picture)
    return <img {...img} alt={alt} {...(deferred ? { src: deferred, 'data-src': src } : { src })} />
  const set = (srcSet: string) => (deferred ? { 'data-srcset': srcSet } : { srcSet })
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} sizes={sizes} {...set(source.srcSet)} />
      ))}
      <img
        {...img}
        alt={alt}
        sizes={sizes}
        {...(deferred
          ? { src: deferred, 'data-src': picture.src, 'data-srcset': picture.srcSet }
          : { src: picture.src, srcSet: picture.srcSet })}
      />
    </picture>
  )
}
