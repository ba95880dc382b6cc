import type { FileKind } from '@swipe/shared'
import { imageSize } from 'image-size'

/**
 * The pixel cap of every uploaded image (issue 12): a small file can claim a huge canvas (a 70 KB
 * PNG that says 100,000 × 100,000 px), and whatever decodes it later — a browser, an encoder —
 * would need gigabytes. Read from the header only, nothing is decoded.
 */
export const IMAGE_PIXEL_LIMITS = {
  /** Longest side, in pixels. */
  maxSide: 10_000,
  /** Width × height. */
  maxPixels: 50_000_000,
} as const

/** How many leading bytes are read to find the dimensions (a JPEG's frame header follows its EXIF). */
export const IMAGE_HEAD_BYTES = 512 * 1024

const IMAGE_KINDS: ReadonlySet<FileKind> = new Set(['png', 'jpeg', 'gif', 'webp', 'heic'])

/** Whether a kind is an image whose pixels are capped. */
export const isCappedImage = (kind: FileKind): boolean => IMAGE_KINDS.has(kind)

export type PixelVerdict =
  | { ok: true; width: number; height: number }
  | { ok: false; problem: 'tooManyPixels'; width: number; height: number }
  | { ok: false; problem: 'unreadable' }

/** Reads an image's dimensions from its first bytes and holds them against the cap. */
export const checkImagePixels = (head: Uint8Array): PixelVerdict => {
  let width: number | undefined
  let height: number | undefined
  try {
    const size = imageSize(head)
    // An image with several frames (HEIC collections) is as large as its largest one.
    const frames = size.images?.length ? size.images : [size]
    width = Math.max(...frames.map((f) => f.width ?? 0))
    height = Math.max(...frames.map((f) => f.height ?? 0))
  } catch {
    return { ok: false, problem: 'unreadable' }
  }
  if (!width || !height) return { ok: false, problem: 'unreadable' }
  const { maxSide, maxPixels } = IMAGE_PIXEL_LIMITS
  if (width > maxSide || height > maxSide || width * height > maxPixels)
    return { ok: false, problem: 'tooManyPixels', width, height }
  return { ok: true, width, height }
}

/** The message parameters of a refused image, for `upload.tooManyPixels`. */
export const pixelParams = (file: string, width: number, height: number) => ({
  file,
  width,
  height,
  maxSide: IMAGE_PIXEL_LIMITS.maxSide,
  maxMegapixels: IMAGE_PIXEL_LIMITS.maxPixels / 1_000_000,
})
