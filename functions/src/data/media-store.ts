import { Entity, type EntityItem } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

/**
 * Where one media file of a site is served from: its path in the site's public media store
 * (`sites/{siteId}/_media/` in the sites bucket, `/_media/…` on the site's hosts), shared by every
 * release (docs/decisions/0063-media-by-content.md). Written once per storage key, after the
 * object, by whoever put it there — the media job as it makes an upload's renditions, or a publish
 * that met media the job had not stored yet — and never rewritten: a path always holds the same
 * bytes. Stored in the site's partition outside the `siteItems` collection; deleted with the site.
 */
export const StoredMedia = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'storedMedia', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          /** The file's key in the media bucket (an upload, a rendition, or the demo's pre-upload media). */
          key: { type: 'string', required: true, readOnly: true },
          /** `_media/<sha256 of the bytes>.<ext>`, or for media stored by a publish `mediaPaths`' name. */
          path: { type: 'string', required: true, readOnly: true },
          contentType: { type: 'string', required: true, readOnly: true },
          storedAt: { type: 'number', required: true, readOnly: true, default: () => Date.now() },
        },
        indexes: {
          byKey: {
            pk: { field: 'pk', composite: ['siteId'] },
            // Storage keys are case-sensitive; ElectroDB lower-cases key values unless told not to.
            sk: { field: 'sk', composite: ['key'], casing: 'none' },
          },
        },
      },
      entityConfig,
    ),
)

export type StoredMediaItem = EntityItem<typeof StoredMedia>

/** Every stored media file of a site, by key (one query, every page). */
export const storedMediaOf = async (siteId: string): Promise<Map<string, StoredMediaItem>> => {
  const { data } = await StoredMedia.query.byKey({ siteId }).go({ pages: 'all' })
  return new Map(data.map((item) => [item.key, item]))
}

/**
 * The stored media files of a site among `keys`, by key: a batch get for a few, one query of the
 * site's records for many (cheaper than a batch get per 100 keys).
 */
export const storedMediaFor = async (
  siteId: string,
  keys: readonly string[],
): Promise<Map<string, StoredMediaItem>> => {
  if (keys.length === 0) return new Map()
  if (keys.length > 200) return storedMediaOf(siteId)
  const { data } = await StoredMedia.get(keys.map((key) => ({ siteId, key }))).go({ concurrency: 2 })
  return new Map(data.map((item) => [item.key, item]))
}
