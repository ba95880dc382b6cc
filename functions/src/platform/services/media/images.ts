import { createRequire } from 'node:module'
import type { Sharp, SharpOptions } from 'sharp'
import type { Rendition } from '#data/media-renditions'

/**
 * Web renditions of an uploaded image (issue 22): AVIF, WebP and a JPEG fallback at the sizes the
 * page shows it at, EXIF orientation applied, every metadata block (EXIF, ICC, XMP) dropped —
 * pixels are converted to sRGB, which is what a browser assumes without a profile. sharp (libvips)
 * is imported by the sites jobs Lambda only (its entry reaches this module; no API entry does):
 * never bundled (infra marks it external), installed beside that Lambda's bundle for Lambda's
 * platform, and loaded on the first image (`sharp` below).
 */

/** A box an image is shown in, in CSS pixels × density; `srcset` names it by its width. */
export interface ImageTarget {
  width: number
  height: number
  /** `cover`: fills the box (creatives, CTA and product images); `contain`: fits inside it (logos). */
  fit: 'cover' | 'contain'
}

/**
 * Where uploads are shown (web-site/src/blocks): a creative fills the 351 × 535 frame (1× and 2×),
 * a popup CTA's image is 48 × 48 (2× is 96) and a product card's is at most 400 wide, which the
 * frame's sizes serve; a logo fits 160 × 32 (1× and 2×). Favicons are left as uploaded.
 */
export const IMAGE_TARGETS: Readonly<Record<'media' | 'logo', readonly ImageTarget[]>> = {
  media: [
    { width: 96, height: 96, fit: 'cover' },
    { width: 351, height: 535, fit: 'cover' },
    { width: 702, height: 1070, fit: 'cover' },
  ],
  logo: [
    { width: 160, height: 32, fit: 'contain' },
    { width: 320, height: 64, fit: 'contain' },
  ],
}

export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]

const CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
}

/** One encoded file before it is stored. */
export interface EncodedImage extends Omit<Rendition, 'key'> {
  /** The box width it was made for: its `srcset` width descriptor. */
  target: number
  body: Buffer
}

/** sharp's constructor (its ESM typings of 0.35 declare the instance, not the default export). */
export type SharpFactory = (input?: Uint8Array, options?: SharpOptions) => Sharp
let loaded: SharpFactory | undefined
/**
 * sharp, loaded on its first call: loading it opens libvips (about 100 ms of CPU), which the sites
 * jobs Lambda's other jobs (the publish and experiment schedules every minute, the domain checks)
 * would otherwise pay at every cold start (docs/decisions/0073-cold-starts-near-the-floor.md, third
 * round). `require` of the same package an `import` would load: the one beside the module.
 */
export const sharp: SharpFactory = (input, options) => {
  loaded ??= createRequire(import.meta.url)('sharp') as SharpFactory
  return loaded(input, options)
}

/** Thrown when the bytes are not an image libvips can decode. */
export class UndecodableImageError extends Error {}

/** A pipeline set to write `format` at the renditions' quality (JPEG has no alpha: white behind). */
export const encodeAs = (pipeline: Sharp, format: ImageFormat): Sharp =>
  format === 'avif'
    ? pipeline.avif({ quality: 50, effort: 4, chromaSubsampling: '4:2:0' })
    : format === 'webp'
      ? pipeline.webp({ quality: 75, effort: 4 })
      : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 75, mozjpeg: true })

/** How a target's box is filled: a cover fills it (cropped by the page), a contain fits inside it. */
export const resizeTo = (pipeline: Sharp, target: ImageTarget): Sharp =>
  pipeline.resize({
    width: target.width,
    height: target.height,
    fit: target.fit === 'cover' ? 'outside' : 'inside',
    withoutEnlargement: true,
  })

/** The decoder's limits: a truncated or corrupt file fails instead of encoding grey pixels. */
export const DECODE_OPTIONS: SharpOptions = { failOn: 'error', limitInputPixels: 50_000_000 }

/**
 * Encodes every target × format of an image. The source is decoded once — upright (EXIF
 * orientation applied), in sRGB, 8 bits per channel, shrunk to the largest box while decoding —
 * and every rendition is resized from those pixels, instead of decoding the upload again for each
 * of the nine files (issue 35; `npm run bench:media-encode`). AVIF subsamples chroma (4:2:0) like the WebP and JPEG encoders:
 * 12–15 % smaller than sharp's 4:4:4 default at the same quality, which keeps a first creative
 * small enough to travel inside its page (web-site/src/inline.ts). A target larger than the image
 * is made at the image's own size (never enlarged), and targets that come out the same size are
 * made once.
 */
export const encodeImage = async (
  input: Uint8Array,
  targets: readonly ImageTarget[],
): Promise<{ width: number; height: number; files: EncodedImage[] }> => {
  // The source is decoded once, at the size of the largest box (libvips shrinks a JPEG while it
  // decodes it): every target is no larger than that box in either side, so each is resized from
  // these pixels exactly as it would be from the source.
  const fits = new Set(targets.map((t) => t.fit))
  const box: ImageTarget = {
    width: Math.max(...targets.map((t) => t.width)),
    height: Math.max(...targets.map((t) => t.height)),
    fit: targets[0]?.fit ?? 'cover',
  }
  let decoded: { data: Buffer; info: { width: number; height: number; channels: number } }
  let meta: { width: number; height: number }
  try {
    const source = sharp(input, DECODE_OPTIONS).rotate()
    // The upright size: orientations 5–8 swap width and height.
    const info = await source.metadata()
    const swap = (info.orientation ?? 1) >= 5
    meta = { width: (swap ? info.height : info.width) ?? 0, height: (swap ? info.width : info.height) ?? 0 }
    if (!meta.width || !meta.height) throw new UndecodableImageError('no dimensions')
    decoded = await (fits.size === 1 ? resizeTo(source, box) : source)
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
  } catch (error) {
    throw error instanceof UndecodableImageError ? error : new UndecodableImageError((error as Error).message)
  }
  const { width, height, channels } = decoded.info
  const source = sharp(decoded.data, { raw: { width, height, channels: channels as 1 | 2 | 3 | 4 } })
  const files: EncodedImage[] = []
  const made = new Set<string>()
  for (const target of targets) {
    const resized = resizeTo(source.clone(), target)
    for (const format of IMAGE_FORMATS) {
      const encoder = encodeAs(resized.clone(), format)
      let out: { data: Buffer; info: { width: number; height: number; size: number } }
      try {
        out = await encoder.toBuffer({ resolveWithObject: true })
      } catch (error) {
        throw new UndecodableImageError((error as Error).message)
      }
      const id = `${format}:${out.info.width}x${out.info.height}`
      if (made.has(id)) continue
      made.add(id)
      files.push({
        format,
        contentType: CONTENT_TYPES[format],
        width: out.info.width,
        height: out.info.height,
        bytes: out.info.size,
        target: target.width,
        body: out.data,
      })
    }
  }
  return { ...meta, files }
}
