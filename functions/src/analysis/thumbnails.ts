import type { MediaRendition, Rendition } from '#data/media-renditions'

/** The heatmap's tiles are at most 120 px wide: a rendition this wide stays sharp on a 2× screen. */
const THUMBNAIL_WIDTH = 240

/**
 * The file a creative's thumbnail shows: a video's poster (its first frame, JPEG), an image's
 * narrowest JPEG rendition of at least `THUMBNAIL_WIDTH`, else the image as uploaded. A video
 * without a ready poster has none (the heatmap then shows a plain tile).
 */
export const thumbnailKey = (
  creative: { mediaType?: string | null; mediaKey?: string | null },
  record: Pick<MediaRendition, 'poster' | 'renditions'> | undefined,
): string | undefined => {
  if (!creative.mediaKey) return undefined
  const jpegs = (files: unknown) =>
    ((files ?? []) as Rendition[]).filter((f) => f.format === 'jpeg').sort((a, b) => a.target - b.target)
  if (creative.mediaType === 'video') return jpegs(record?.poster)[0]?.key
  if (creative.mediaType !== 'image') return undefined
  const images = jpegs(record?.renditions)
  return (images.find((f) => f.target >= THUMBNAIL_WIDTH) ?? images.at(-1))?.key ?? creative.mediaKey
}
