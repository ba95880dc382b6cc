import type { ImgHTMLAttributes } from 'react'
import { PLACEHOLDER, sourceAttribute } from './renditions.ts'

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

export { SIZES } from './renditions.ts'

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'alt' | 'slot'>

/**
 * An image: `<picture>` with its renditions' sources when it has them, else the `<img>` of the
 * original `src`. `deferred`: the island sets the real sources later (the page's creatives other
 * than the first): the `<img>` shows the placeholder and carries its files in data attributes
 * (`data-src`, `data-srcset`, and each source's srcset as `data-avif`/`data-webp`), with no
 * `<source>` and no `sizes` yet, which valid HTML allows only with a srcset; the island adds them
 * (`showPicture`, renditions.ts). `slot`: a members' template (blocks/Cell.tsx `MemberTemplates`):
 * the `<picture>` with the image alone (`data-k="img"`, its `sizes` in `data-sizes`), for the
 * island to fill the same way (client/members.ts).
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
  /** The placeholder shown until the island loads the image (a creative's frame: `SIZES.frame`). */
  deferred?: string | undefined
  slot?: boolean
}) => {
  if (slot)
    return (
      <picture>
        <img {...img} alt={alt} src={PLACEHOLDER} data-sizes={sizes} data-k="img" />
      </picture>
    )
  if (!picture)
    return <img {...img} alt={alt} {...(deferred ? { src: deferred, 'data-src': src } : { src })} />
  if (deferred)
    return (
      <picture>
        <img
          {...img}
          alt={alt}
          src={deferred}
          data-src={picture.src}
          data-srcset={picture.srcSet}
          {...Object.fromEntries(picture.sources.map((s) => [sourceAttribute(s.type), s.srcSet]))}
        />
      </picture>
    )
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} sizes={sizes} srcSet={source.srcSet} />
      ))}
      <img {...img} alt={alt} sizes={sizes} src={picture.src} srcSet={picture.srcSet} />
    </picture>
  )
}
