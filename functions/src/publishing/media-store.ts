import { CopyObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3'
import { StoredMedia, type StoredMediaItem } from '#data/media-store'
import { logger } from '#platform/services/logger'
import { mediaBucket, s3, sitesBucket } from '#platform/services/s3'
import { isConditionFailure } from '../sites/service.ts'
import { inParallel } from './release.ts'
import { contentPath, sitePrefix } from './retention.ts'

/**
 * The site's public media store (docs/decisions/0063-media-by-content.md): the folder
 * `sites/{siteId}/_media/` of the sites bucket, which the site's hosts serve as `/_media/…` and
 * every release references. A file enters it once, under the SHA-256 of its bytes, when the media
 * job has it in hand (an upload's original and each rendition it makes); a publish then writes only
 * pages and a manifest. A `StoredMedia` record, written after the object, says where each key is.
 */

/** How the store's objects are served: they never change once written. */
export const STORE_CACHE_CONTROL = 'public, max-age=31536000, immutable'

const recorded = async (siteId: string, key: string): Promise<StoredMediaItem | undefined> =>
  (await StoredMedia.get({ siteId, key }).go({ consistent: true })).data ?? undefined

/** Records where a key is stored; a key already recorded keeps its first path (which still holds its bytes). */
const record = async (item: Omit<StoredMediaItem, 'storedAt'>): Promise<string> => {
  try {
    await StoredMedia.create(item).go()
    return item.path
  } catch (error) {
    if (!isConditionFailure(error)) throw error
    return (await recorded(item.siteId, item.key))?.path ?? item.path
  }
}

/**
 * Puts a media file's bytes into the site's store under their content address and records it.
 * Idempotent: a key already stored is left as it is. Returns the file's path in the store.
 */
export const storeMediaBytes = async (
  siteId: string,
  key: string,
  bytes: Uint8Array,
  contentType: string,
): Promise<string> => {
  const known = await recorded(siteId, key)
  return known ? known.path : putAndRecord(siteId, key, bytes, contentType)
}

/** Writes the object under its content address, then its record. */
const putAndRecord = async (siteId: string, key: string, bytes: Uint8Array, contentType: string) => {
  const path = contentPath(key, bytes)
  await s3.send(
    new PutObjectCommand({
      Bucket: sitesBucket,
      Key: `${sitePrefix(siteId)}${path}`,
      Body: bytes,
      ContentType: contentType,
      CacheControl: STORE_CACHE_CONTROL,
    }),
  )
  return record({ siteId, key, path, contentType })
}

/**
 * Stores a file the media bucket holds (read once to learn its address): the migration of media
 * uploaded before the store, run by the re-encoding job. Undefined when the object is gone.
 */
export const storeMediaObject = async (siteId: string, key: string): Promise<string | undefined> => {
  const known = await recorded(siteId, key)
  if (known) return known.path
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: mediaBucket, Key: key }))
    const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array()
    return await putAndRecord(siteId, key, bytes, object.ContentType || 'application/octet-stream')
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined
    throw error
  }
}

/** One media file a publish found outside the store: its key, the path it is given and its type. */
export interface ReleaseMedia {
  key: string
  path: string
  contentType: string
}

const copySource = (key: string) => `${mediaBucket}/${key.split('/').map(encodeURIComponent).join('/')}`

/**
 * The fallback of a publish that meets media the job has not stored yet (an upload still being
 * processed, media from before the store): a server-side copy into the store under the name
 * `mediaPaths` derives from the key (upload keys are never given other bytes), then one batch of
 * records, so no later publish copies them again. Should the job store the same key meanwhile,
 * either record may stay: each names an object that holds the key's bytes, and the clean-up keeps
 * any object a release shows.
 */
export const storeMediaCopies = async (siteId: string, media: readonly ReleaseMedia[]): Promise<void> => {
  if (media.length === 0) return
  await inParallel(media, async ({ key, path, contentType }) => {
    await s3.send(
      new CopyObjectCommand({
        Bucket: sitesBucket,
        Key: `${sitePrefix(siteId)}${path}`,
        CopySource: copySource(key),
        // COPY keeps the source's content type; the cache policy is the store's.
        MetadataDirective: 'REPLACE',
        ContentType: contentType,
        CacheControl: STORE_CACHE_CONTROL,
      }),
    )
  })
  let pending = media.map(({ key, path, contentType }) => ({ siteId, key, path, contentType }))
  for (let round = 1; pending.length && round <= 3; round++) {
    const { unprocessed } = await StoredMedia.put(pending).go({ concurrency: 4 })
    const left = new Set(unprocessed.map((item) => item.key))
    pending = pending.filter((item) => left.has(item.key))
  }
  // Left unrecorded: the next publish copies those again (the same bytes to the same path).
  if (pending.length) logger.warn('Stored media left unrecorded', { siteId, files: pending.length })
}
