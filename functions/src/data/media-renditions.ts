import { Entity, type EntityItem } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

/** Where a media file's renditions stand (issue 22). */
export const MEDIA_STATES = ['processing', 'ready', 'failed'] as const
export type MediaState = (typeof MEDIA_STATES)[number]

/** One derived file, stored in the media bucket beside the original (`sites/{siteId}/renditions/…`). */
export interface Rendition {
  key: string
  /** `avif` | `webp` | `jpeg` for images and posters, `mp4` for a video. */
  format: 'avif' | 'webp' | 'jpeg' | 'mp4'
  contentType: string
  width: number
  height: number
  bytes: number
  /** The width of the box it was made for (an image's `srcset` width descriptor). */
  target: number
}

/**
 * The web renditions of one confirmed upload (an image: AVIF, WebP and JPEG at the widths it is
 * shown at; a video: an H.264/AAC MP4 and a poster), made by the sites jobs function after the
 * confirm step. Keyed like the upload record (the site's partition, the original's key), outside the
 * `siteItems` collection. The original is never replaced: publishing uses it while the renditions
 * are `processing` or `failed` (docs/data-model.md "Media renditions").
 */
export const MediaRenditions = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'mediaRendition', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          /** The original's key: `sites/{siteId}/uploads/{uuid}.{ext}`. */
          key: { type: 'string', required: true, readOnly: true },
          mediaType: { type: ['image', 'video'] as const, required: true },
          /** Where it is shown, which decides the sizes made: a creative/CTA/product image, or the logo. */
          purpose: { type: ['media', 'logo'] as const, required: true, default: 'media' },
          state: { type: MEDIA_STATES, required: true, default: 'processing' },
          /** Images: every format × width; videos: the MP4. */
          renditions: { type: 'any', required: true, default: () => [] },
          /** A video's first frame (JPEG and WebP), its first paint on the page. */
          poster: { type: 'any' },
          /** The original's size after EXIF orientation. */
          width: { type: 'number' },
          height: { type: 'number' },
          /** A failure's message key (shared messages) and parameters, localised when read. */
          code: { type: 'string' },
          params: { type: 'any' },
          /** Set when a job takes the work; a second run within the timeout leaves it alone. */
          claimedAt: { type: 'number' },
          /** When a run that took the work must have finished; after it, the record counts as failed. */
          deadline: { type: 'number' },
          requestedAt: { type: 'number', required: true, default: () => Date.now() },
          updatedAt: {
            type: 'number',
            required: true,
            default: () => Date.now(),
            watch: '*',
            set: () => Date.now(),
          },
        },
        indexes: {
          byKey: {
            pk: { field: 'pk', composite: ['siteId'] },
            sk: { field: 'sk', composite: ['key'], casing: 'none' },
          },
        },
      },
      entityConfig,
    ),
)

export type MediaRendition = EntityItem<typeof MediaRenditions>

/** Every storage key a rendition record names: an image's files, a video's MP4 and poster. */
export const renditionFilesOf = (record: MediaRendition): string[] => [
  ...((record.renditions ?? []) as Rendition[]).map((r) => r.key),
  ...((record.poster ?? []) as Rendition[]).map((r) => r.key),
]

/**
 * A media key that may have renditions: a confirmed upload (`sites/{siteId}/uploads/[logo-]{uuid}.{ext}`)
 * or media stored before uploads were confirmed (`sites/{siteId}/media/{uuid}.{ext}`, the demo's).
 * Captures the site and the file's name.
 */
export const UPLOAD_KEY =
  /^sites\/([^/]+)\/(?:uploads|media)\/((?:logo-|favicon-)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[a-z0-9]{1,8}$/

export const siteOfUploadKey = (key: string): string | undefined => UPLOAD_KEY.exec(key)?.[1]

/** The rendition records of some of a site's media, whatever their state (keys of other sites are skipped). */
export const renditionRecords = async (
  siteId: string,
  keys: readonly string[],
): Promise<MediaRendition[]> => {
  const wanted = [...new Set(keys)].filter((key) => siteOfUploadKey(key) === siteId)
  if (!wanted.length) return []
  return (await MediaRenditions.get(wanted.map((key) => ({ siteId, key }))).go({ concurrency: 4 })).data
}

/** The ready renditions of some of a site's media, by original key (for publishing). */
export const readyRenditions = async (
  siteId: string,
  keys: readonly string[],
): Promise<Map<string, MediaRendition>> => readyOf(await renditionRecords(siteId, keys))

/** The ready records among `records`, by original key. */
export const readyOf = (records: readonly MediaRendition[]): Map<string, MediaRendition> =>
  new Map(records.filter((r) => r.state === 'ready').map((r) => [r.key, r]))
