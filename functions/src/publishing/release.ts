import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3'
import { historyRetentionMs } from '@swipe/shared'
import type { RenderedFile } from '@swipe/web-site'
import { ExperimentSlots } from '#data/experiments'
import { storedMediaOf } from '#data/media-store'
import { allVersions } from '#data/site-versions'
import { planOfOwner } from '#domain/plans'
import { logger } from '#platform/services/logger'
import { mediaBucket, s3, sitesBucket } from '#platform/services/s3'
import {
  expiredReleases,
  keptReleases,
  RELEASE_ID_START,
  releasePrefix,
  releaseTime,
  sharedMediaPrefix,
  sitePrefix,
  unreferencedMedia,
} from './retention.ts'

/** S3 requests in flight at once per publish: fast, and far below S3's per-prefix rates. */
const PARALLEL = 8

/** Runs `work` over `items` with at most `PARALLEL` at a time; the first failure rejects. */
export const inParallel = async <T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> => {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker))
  return results
}

/**
 * The content type of each media key's object, or undefined where the media bucket has no such
 * object (HEAD, so the bytes are not read).
 */
export const headMedia = async (keys: readonly string[]): Promise<Map<string, string | undefined>> => {
  const types = await inParallel(keys, async (key) => {
    try {
      const head = await s3.send(new HeadObjectCommand({ Bucket: mediaBucket, Key: key }))
      return head.ContentType || 'application/octet-stream'
    } catch (error) {
      const name = (error as { name?: string }).name
      if (name === 'NotFound' || name === 'NoSuchKey') return undefined
      throw error
    }
  })
  return new Map(keys.map((key, i) => [key, types[i]]))
}

/**
 * The bytes of a few small media objects, by key (a key without an object is left out: the page
 * then links the file as usual).
 */
export const readMedia = async (keys: readonly string[]): Promise<Record<string, Uint8Array>> => {
  const bodies = await inParallel(keys, async (key) => {
    try {
      const object = await s3.send(new GetObjectCommand({ Bucket: mediaBucket, Key: key }))
      return await object.Body?.transformToByteArray()
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return undefined
      throw error
    }
  })
  return Object.fromEntries(keys.flatMap((key, i) => (bodies[i] ? [[key, bodies[i]]] : [])))
}

/** Writes every rendered file of a release with its content type and cache policy. Nothing points at it yet. */
export const writeRelease = async (prefix: string, files: readonly RenderedFile[]): Promise<void> => {
  await inParallel(files, async (file) => {
    await s3.send(
      new PutObjectCommand({
        Bucket: sitesBucket,
        Key: `${prefix}/${file.path}`,
        Body: file.body,
        ContentType: file.contentType,
        CacheControl: file.cacheControl,
      }),
    )
  })
}

/** Every object under a prefix of the sites bucket, with when it was written. */
const objectsUnder = async (prefix: string): Promise<Array<{ key: string; modifiedAt: number }>> => {
  const objects: Array<{ key: string; modifiedAt: number }> = []
  let token: string | undefined
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: sitesBucket, Prefix: prefix, ContinuationToken: token }),
    )
    for (const object of page.Contents ?? [])
      if (object.Key) objects.push({ key: object.Key, modifiedAt: object.LastModified?.getTime() ?? 0 })
    token = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (token)
  return objects
}

/** Every key under a prefix of the sites bucket. */
const keysUnder = async (prefix: string): Promise<string[]> => (await objectsUnder(prefix)).map((o) => o.key)

/**
 * Where a release lists its own hashed files (`assets/`, `data/`, `media/`: never changed once
 * written), beside the release rather than in it, so no visitor URL reaches it.
 */
export const manifestKey = (prefix: string) => `${prefix}.json`

/**
 * Where a release lists the shared media its pages show, by key (since the store, decision 0063):
 * thousands of entries for a large site, kept apart so reading a release's own files stays small.
 */
export const mediaManifestKey = (prefix: string) => `${prefix}.media.json`

/** Where a release keeps the content it was rendered from (publishing/changes.ts `VersionContent`). */
export const contentKey = (prefix: string) => `${prefix}.content.json`

/** What a release's manifest records. */
export interface Manifest {
  /** The release's own hashed files (not the ones it carries for older pages). */
  files: string[]
  /** The shared media paths (`_media/<file>`) its pages reference. */
  media: string[]
  /**
   * Those paths by the media key each shows: how a publish and a visitor answer find a key's
   * public URL without another read. Releases made before the store have none.
   */
  mediaKeys: Record<string, string>
}

const putJson = (key: string, value: unknown) =>
  s3.send(
    new PutObjectCommand({
      Bucket: sitesBucket,
      Key: key,
      Body: JSON.stringify(value),
      ContentType: 'application/json',
    }),
  )

/** Records a release's own hashed files and the shared media its pages show, by key. */
export const writeManifest = async (
  prefix: string,
  manifest: Pick<Manifest, 'files' | 'mediaKeys'>,
): Promise<void> => {
  await putJson(mediaManifestKey(prefix), manifest.mediaKeys)
  await putJson(manifestKey(prefix), { files: manifest.files })
}

const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((f): f is string => typeof f === 'string') : []

/** A JSON object of the sites bucket, or undefined when there is none. */
const readJson = async (key: string): Promise<Record<string, unknown> | undefined> => {
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: sitesBucket, Key: key }))
    const parsed: unknown = JSON.parse((await object.Body?.transformToString()) ?? '{}')
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {}
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined
    throw error
  }
}

/** Writes the content a release was rendered from, beside it (no visitor URL reaches it). */
export const writeContent = (prefix: string, content: unknown) => putJson(contentKey(prefix), content)

/** The content a release was rendered from; undefined for releases made before versions. */
export const readContent = async (prefix: string): Promise<Record<string, unknown> | undefined> =>
  readJson(contentKey(prefix))

/** A release's own hashed files (none when it has no manifest). */
export const readOwnFiles = async (prefix: string): Promise<string[]> =>
  strings((await readJson(manifestKey(prefix)))?.files)

/** A release's manifest (empty lists when it has none). */
export const readManifest = async (prefix: string): Promise<Manifest> => {
  const [own, byKey] = await Promise.all([readJson(manifestKey(prefix)), readJson(mediaManifestKey(prefix))])
  const mediaKeys = Object.fromEntries(
    Object.entries(byKey ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  )
  return {
    files: strings(own?.files),
    // Releases before the store list their media paths in the manifest itself.
    media: byKey ? [...new Set(Object.values(mediaKeys))] : strings(own?.media),
    mediaKeys,
  }
}

/**
 * Copies into a new release the hashed files of recently served releases that it lacks (a
 * creative's old image, the old client script, old company texts), so a visitor still on a page
 * of those releases keeps finding its assets under the same host after the flip. Only each
 * release's own files are carried, so nothing accumulates beyond the grace period. Returns the
 * paths carried.
 */
export const carryOver = async (
  fromPrefixes: readonly string[],
  toPrefix: string,
  own: ReadonlySet<string>,
): Promise<string[]> => {
  const sources = new Map<string, string>()
  // Newest first: a path that several releases have is taken from the newest.
  const newestFirst = [...fromPrefixes].sort().reverse()
  const manifests = await inParallel(newestFirst, readOwnFiles)
  newestFirst.forEach((from, i) => {
    for (const path of manifests[i]!) {
      if (!own.has(path) && !sources.has(path)) sources.set(path, from)
    }
  })
  const carried = await inParallel([...sources], async ([path, from]) => {
    try {
      await s3.send(
        new CopyObjectCommand({
          Bucket: sitesBucket,
          Key: `${toPrefix}/${path}`,
          CopySource: `${sitesBucket}/${`${from}/${path}`.split('/').map(encodeURIComponent).join('/')}`,
        }),
      )
      return path
    } catch (error) {
      // Deleted meanwhile (its grace period ended): nothing to carry.
      if ((error as { name?: string }).name === 'NoSuchKey') return undefined
      throw error
    }
  })
  return carried.filter((path): path is string => path !== undefined)
}

/** Deletes every object of a release (1,000 keys per request) and its manifests. */
export const deleteRelease = async (prefix: string): Promise<void> => {
  const bare = prefix.replace(/\/$/, '')
  const keys = [...(await keysUnder(`${bare}/`)), manifestKey(bare), mediaManifestKey(bare), contentKey(bare)]
  for (let i = 0; i < keys.length; i += 1000) {
    await s3.send(
      new DeleteObjectsCommand({
        Bucket: sitesBucket,
        Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
      }),
    )
  }
}

/**
 * The release ids a site has in the sites bucket, oldest first. Listed under the ids' common start
 * (`RELEASE_ID_START`, their year), so the listing never walks the site's media store beside them.
 */
export const listReleases = async (siteId: string): Promise<string[]> => {
  const ids = new Set<string>()
  let token: string | undefined
  do {
    const page = await s3.send(
      new ListObjectsV2Command({
        Bucket: sitesBucket,
        Prefix: `${sitePrefix(siteId)}${RELEASE_ID_START}`,
        Delimiter: '/',
        ContinuationToken: token,
      }),
    )
    for (const common of page.CommonPrefixes ?? []) {
      const id = common.Prefix?.slice(sitePrefix(siteId).length).replace(/\/$/, '')
      if (id && releaseTime(id) !== undefined) ids.add(id)
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (token)
  return [...ids].sort()
}

/**
 * Deletes the shared media nothing references (`unreferencedMedia`): the manifests of every
 * release left in the bucket say what their pages show, and the store's records what the site's
 * uploads hold (decision 0063): those stay while the site does. What goes are the copies releases
 * made before the store, once no release shows them.
 */
const cleanUpMedia = async (siteId: string, now: number): Promise<string[]> => {
  const objects = await objectsUnder(sharedMediaPrefix(siteId))
  if (objects.length === 0) return []
  const releases = await listReleases(siteId)
  const manifests = await inParallel(releases, (id) => readManifest(releasePrefix(siteId, id)))
  const stored = await storedMediaOf(siteId)
  const referenced = new Set([
    ...manifests.flatMap((m) => m.media),
    ...[...stored.values()].map((s) => s.path),
  ])
  const base = sitePrefix(siteId)
  const doomed = unreferencedMedia(
    objects.map((o) => ({ path: o.key.slice(base.length), modifiedAt: o.modifiedAt })),
    referenced,
    now,
  )
  for (let i = 0; i < doomed.length; i += 1000) {
    await s3.send(
      new DeleteObjectsCommand({
        Bucket: sitesBucket,
        Delete: {
          Objects: doomed.slice(i, i + 1000).map((path) => ({ Key: `${base}${path}` })),
          Quiet: true,
        },
      }),
    )
  }
  return doomed
}

/**
 * Deletes the releases `expiredReleases` names, then, when some went, the shared media none of
 * the remaining releases references (while none goes, every media object a release referenced
 * is still referenced; what a failed publish copied waits for the next deletion). A failure is
 * logged, the next publish tries again.
 */
export const cleanUpReleases = async (
  siteId: string,
  options: { ownerId: string; serving?: string | undefined; lastServed?: string | undefined; now?: number },
): Promise<string[]> => {
  const now = options.now ?? Date.now()
  try {
    const [{ kept }, open] = await Promise.all([
      siteHistory(siteId, options.ownerId, now),
      ExperimentSlots.get({ siteId }).go({ consistent: true }),
    ])
    // The arms of a scheduled or running A/B test (issue 34) are served or about to be.
    const keep = new Set([...kept, ...(open.data?.releaseIds ?? [])])
    const doomed = expiredReleases(await listReleases(siteId), { ...options, now, keep })
    for (const id of doomed) await deleteRelease(releasePrefix(siteId, id))
    if (doomed.length > 0) await cleanUpMedia(siteId, now)
    return doomed
  } catch (error) {
    logger.warn('Release clean-up incomplete', { siteId, error: (error as Error).name })
    return []
  }
}

/**
 * A site's versions, newest first, and the releases they keep under its owner's plan today
 * (docs/decisions/0065-compare-restore-and-retention.md): what the clean-up spares and what the
 * history offers to compare, restore or return to.
 */
export const siteHistory = async (siteId: string, ownerId: string, now: number) => {
  const [versions, plan] = await Promise.all([allVersions(siteId), planOfOwner(ownerId)])
  return { versions, kept: keptReleases(versions, now, historyRetentionMs(plan)) }
}

/** Deletes every release of a site (the site was deleted). */
export const deleteAllReleases = async (siteId: string): Promise<void> => {
  try {
    await deleteRelease(sitePrefix(siteId))
  } catch (error) {
    logger.warn('Release clean-up incomplete', { siteId, error: (error as Error).name })
  }
}
