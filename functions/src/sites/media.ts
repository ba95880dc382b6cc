import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3'
import { kindFromFileName, mediaTypeOf } from '@swipe/shared'
import {
  type MediaRendition,
  MediaRenditions,
  type Rendition,
  renditionFilesOf,
  siteOfUploadKey,
} from '#data/media-renditions'
import { SiteUploads } from '#data/site-uploads'
import { loadSiteItems } from '#data/sites'
import { platform } from '#platform'
import { now } from '#platform/services/clock'
import { logger } from '#platform/services/logger'
import { encodeImage, IMAGE_TARGETS, sharp, UndecodableImageError } from '#platform/services/media/images'
import { effectiveState, hasRenditions, MEDIA_TIMEOUT_MS, renditionKey } from '#platform/services/media/rules'
import {
  type VideoTranscoder,
  VideoUnavailableError,
  VideoUnreadableError,
} from '#platform/services/media/video'
import { mediaBucket, s3 } from '#platform/services/s3'
import { storeMediaBytes, storeMediaObject } from '../publishing/media-store.ts'
import { isConditionFailure, siteKeys } from './service.ts'

/**
 * Web renditions of confirmed uploads (issue 22), made off the request path by the sites jobs
 * function: the confirm step records the upload as `processing` and starts `mediaRenditions` with
 * the original's key as the job id (./renditions.ts); this module is the job's side, in the jobs
 * Lambda's bundle only (sharp and ffmpeg). The run is idempotent per upload — it takes the record with a
 * condition, renditions have keys derived from the original's, and a ready record is left alone —
 * and bounded: past its deadline the work is abandoned and the record says `failed` (media.timeout).
 */

const putObject = (key: string, body: Uint8Array, contentType: string) =>
  s3.send(
    new PutObjectCommand({
      Bucket: mediaBucket,
      Key: key,
      Body: body,
      ContentType: contentType,
      CacheControl: 'public, max-age=31536000, immutable',
    }),
  )

/** An original's bytes and type, read once per run. */
interface Original {
  bytes: Uint8Array
  contentType: string
}

const readOriginal = async (key: string): Promise<Original> => {
  const object = await s3.send(new GetObjectCommand({ Bucket: mediaBucket, Key: key }))
  return {
    bytes: (await object.Body?.transformToByteArray()) ?? new Uint8Array(),
    contentType: object.ContentType || 'application/octet-stream',
  }
}

/**
 * Writes one rendition beside its original in the media bucket (previews and members read it
 * there) and into the site's public media store under its content address, which publishing
 * references (decision 0063). The record is marked ready only after every file is in both.
 */
const putRendition = async (siteId: string, key: string, body: Uint8Array, contentType: string) => {
  await putObject(key, body, contentType)
  await storeMediaBytes(siteId, key, body, contentType)
}

/** A failure that becomes the record's message. */
class MediaFailure extends Error {
  constructor(
    readonly code: string,
    readonly params?: Record<string, unknown>,
  ) {
    super(code)
  }
}

const imageRenditions = async (record: MediaRendition, purpose: 'media' | 'logo', bytes: Uint8Array) => {
  let encoded: Awaited<ReturnType<typeof encodeImage>>
  try {
    encoded = await encodeImage(bytes, IMAGE_TARGETS[purpose])
  } catch (error) {
    if (error instanceof UndecodableImageError) throw new MediaFailure('media.imageUnreadable')
    throw error
  }
  const renditions: Rendition[] = []
  for (const file of encoded.files) {
    const key = renditionKey(
      record.key,
      `${file.width}x${file.height}.${file.format === 'jpeg' ? 'jpg' : file.format}`,
    )
    await putRendition(record.siteId, key, file.body, file.contentType)
    const { body: _body, ...rest } = file
    renditions.push({ key, ...rest })
  }
  return { renditions, width: encoded.width, height: encoded.height }
}

const videoRenditions = async (
  record: MediaRendition,
  transcoder: VideoTranscoder,
  signal: AbortSignal,
  bytes: Uint8Array,
) => {
  const dir = await mkdtemp(join(tmpdir(), 'swipe-video-'))
  try {
    const input = join(dir, 'original')
    await writeFile(input, bytes)
    let out: { video: string; poster: string }
    try {
      out = await transcoder.transcode(input, dir, signal)
    } catch (error) {
      if (error instanceof VideoUnreadableError) throw new MediaFailure('media.videoUnreadable')
      if (error instanceof VideoUnavailableError) throw new MediaFailure('media.videoUnavailable')
      throw error
    }
    const frame = await readFile(out.poster)
    const { width, height } = await sharp(frame).metadata()
    if (!width || !height) throw new MediaFailure('media.videoUnreadable')
    const mp4 = await readFile(out.video)
    const videoKey = renditionKey(record.key, `${width}x${height}.mp4`)
    await putRendition(record.siteId, videoKey, mp4, 'video/mp4')
    const poster: Rendition[] = []
    for (const format of ['webp', 'jpeg'] as const) {
      const encoded = await (format === 'webp'
        ? sharp(frame).webp({ quality: 75 })
        : sharp(frame).jpeg({ quality: 75, mozjpeg: true })
      ).toBuffer({ resolveWithObject: true })
      const key = renditionKey(record.key, `poster-${width}x${height}.${format === 'jpeg' ? 'jpg' : 'webp'}`)
      await putRendition(record.siteId, key, encoded.data, `image/${format}`)
      poster.push({
        key,
        format,
        contentType: `image/${format}`,
        width,
        height,
        bytes: encoded.info.size,
        target: width,
      })
    }
    return {
      renditions: [
        {
          key: videoKey,
          format: 'mp4',
          contentType: 'video/mp4',
          width,
          height,
          bytes: mp4.length,
          target: width,
        },
      ] satisfies Rendition[],
      poster,
      width,
      height,
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** Options of a run; tests pass their own transcoder or a short timeout. */
export interface ProcessOptions {
  transcoder?: VideoTranscoder
  timeoutMs?: number
}

/**
 * The `mediaRenditions` job: makes the renditions of one upload (its key is the job id) and puts
 * its original and each rendition into the site's public media store. A record that is ready or
 * taken by a run whose deadline has not passed is left alone; an upload without a record (a kind
 * that gets no renditions) is only stored, while the site still has its upload record.
 */
export const processMedia = async (
  key: string,
  options: ProcessOptions = {},
): Promise<MediaRendition['state'] | undefined> => {
  const siteId = siteOfUploadKey(key)
  if (!siteId) throw new Error(`Not an upload key: ${key}`)
  const current = (await MediaRenditions.get({ siteId, key }).go({ consistent: true })).data
  if (!current) {
    if ((await SiteUploads.get({ siteId, key }).go()).data) await storeMediaObject(siteId, key)
    return undefined
  }
  if (current.state === 'ready') return current.state
  const started = now()
  if (current.state === 'processing' && current.deadline && current.deadline > started) return 'processing'
  const timeoutMs = options.timeoutMs ?? MEDIA_TIMEOUT_MS[current.mediaType]
  const deadline = started + timeoutMs
  // Take the work: only if nobody holds it (no deadline, or one that has passed).
  try {
    await MediaRenditions.patch({ siteId, key })
      .set({ state: 'processing', claimedAt: started, deadline })
      .remove(['code', 'params'])
      .where((a, op) =>
        current.deadline === undefined ? op.notExists(a.deadline) : op.eq(a.deadline, current.deadline),
      )
      .go()
  } catch (error) {
    if (isConditionFailure(error)) return 'processing'
    throw error
  }
  const controller = new AbortController()
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new MediaFailure('media.timeout'))
      reject(new MediaFailure('media.timeout'))
    }, timeoutMs)
  })
  try {
    const work = async () => {
      const original = await readOriginal(key)
      // Served as uploaded until its renditions are ready, or if they fail: into the store first.
      await storeMediaBytes(siteId, key, original.bytes, original.contentType)
      return current.mediaType === 'video'
        ? videoRenditions(current, options.transcoder ?? platform().video, controller.signal, original.bytes)
        : imageRenditions(current, current.purpose === 'logo' ? 'logo' : 'media', original.bytes)
    }
    const made = await Promise.race([work(), timeout])
    await MediaRenditions.patch({ siteId, key })
      .set({
        state: 'ready',
        renditions: made.renditions,
        width: made.width,
        height: made.height,
        ...('poster' in made ? { poster: made.poster } : {}),
      })
      .remove(['code', 'params', 'deadline'])
      .where((a, op) => op.eq(a.deadline, deadline))
      .go()
    logger.info('Media renditions made', { siteId, key, files: made.renditions.length })
    return 'ready'
  } catch (error) {
    const failure = error instanceof MediaFailure ? error : new MediaFailure('media.failed')
    if (!(error instanceof MediaFailure))
      logger.error('Media renditions failed', { siteId, key, error: error as Error })
    else logger.warn('Media renditions refused', { siteId, key, code: failure.code })
    await MediaRenditions.patch({ siteId, key })
      .set({ state: 'failed', code: failure.code, ...(failure.params ? { params: failure.params } : {}) })
      .remove(['deadline'])
      .go()
      .catch((e: unknown) => logger.error('Media state not recorded', { siteId, key, error: e as Error }))
    return 'failed'
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The one-off re-encoding (issue 22 deliverable 4): every media key the site references (its
 * creatives, products, CTA images and logo, in every language and grid generation it keeps) that
 * should have renditions and has none ready — media uploaded before renditions existed, or whose
 * renditions failed — is recorded and made, one after the other. Returns what each ended as.
 * Publishing keeps using the originals until a republish after this. It is also the migration to
 * the public media store (decision 0063): every referenced file the store lacks — renditions made
 * before it, kinds without renditions — is put there, so the next publish copies nothing.
 */
export const reencodeSite = async (
  siteId: string,
  options: ProcessOptions = {},
): Promise<Record<string, MediaRendition['state'] | undefined>> => {
  const items = await loadSiteItems(siteId)
  const site = items.sites[0]
  if (!site) return {}
  const keys = [...new Set(siteKeys(site, items).map((ref) => ref.key))].filter(
    (key) => siteOfUploadKey(key) === siteId,
  )
  const existing = new Map(
    (await MediaRenditions.query.byKey({ siteId }).go({ pages: 'all' })).data.map((r) => [r.key, r]),
  )
  const outcome: Record<string, MediaRendition['state'] | undefined> = {}
  for (const key of keys) {
    const kind = kindFromFileName(key)
    const purpose = key === site.logoKey ? 'logo' : key === site.faviconKey ? 'favicon' : 'media'
    if (!kind || !hasRenditions({ kind, purpose })) {
      // Served as uploaded: only into the store (decision 0063).
      await storeMediaObject(siteId, key)
      continue
    }
    const record = existing.get(key)
    if (record?.state === 'ready') {
      // Made before the store: the original and its files go in now, so a publish copies nothing.
      for (const file of [key, ...renditionFilesOf(record)]) await storeMediaObject(siteId, file)
      outcome[key] = 'ready'
      continue
    }
    if (!record || effectiveState(record).state === 'failed')
      await MediaRenditions.put({
        siteId,
        key,
        mediaType: mediaTypeOf(kind),
        purpose: purpose === 'logo' ? 'logo' : 'media',
        state: 'processing',
        requestedAt: now(),
      }).go()
    outcome[key] = await processMedia(key, options)
  }
  return outcome
}

export { effectiveState, hasRenditions, MEDIA_TIMEOUT_MS, renditionKey }
