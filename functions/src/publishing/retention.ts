import { createHash } from 'node:crypto'
import { timeOrderedId } from '#data/ids'
import { SHARED_MEDIA_FOLDER } from '#platform/services/host-map'

/**
 * The rules of releases, without I/O (release.ts does the storage): ids, keys, media paths and
 * which releases may be deleted.
 */

/**
 * How long a replaced release stays in the sites bucket (decisions "Publishing"): a visitor who
 * loaded a page of it keeps swiping, lazy-loading creatives and opening the company texts from it
 * for a while after the host map moved on.
 */
export const RELEASE_GRACE_MS = 24 * 60 * 60 * 1000

/**
 * A new release id: the UTC instant to the millisecond, then random hex. Ids sort in the order they
 * were made, which is what the clean-up reads their age from.
 */
export const newReleaseId = (now = Date.now()): string => timeOrderedId(now)

/**
 * What every release id begins with: the first digit of its year (until the year 3000). Listing a
 * site's releases under it leaves out its media store, thousands of objects beside them.
 */
export const RELEASE_ID_START = '2'

/** When a release id was made (ms), or undefined for a name that is not a release id. */
export const releaseTime = (releaseId: string): number | undefined => {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z-[0-9a-f]{8}$/.exec(releaseId)
  if (!match) return undefined
  const [, y, mo, d, h, mi, s, ms] = match
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(ms))
}

/** Where a site's releases live in the sites bucket. */
export const sitePrefix = (siteId: string) => `sites/${siteId}/`

/** The key prefix of one release, without a trailing slash (the host map's `prefix`). */
export const releasePrefix = (siteId: string, releaseId: string) => `${sitePrefix(siteId)}${releaseId}`

/** Where a site's published media live, shared by its releases (`sites/<siteId>/_media/`). */
export const sharedMediaPrefix = (siteId: string) => `${sitePrefix(siteId)}${SHARED_MEDIA_FOLDER}/`

/**
 * How long a shared media object nobody references is kept: longer than any publish runs (a
 * Lambda stops at 15 minutes), so an object a publish in flight has just copied, before its
 * manifest names it, is never taken away from it.
 */
export const UNREFERENCED_MEDIA_MS = 15 * 60 * 1000

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/

/**
 * The path of each media key in the site's shared media folder (`_media/<file>`), a function of
 * the key alone, so every release names a media object the same way and one copy serves them all.
 * An upload key (`sites/<siteId>/uploads/<uuid>.<ext>`) keeps its unique name; any other key gets
 * a digest of the whole key in front of its name. Media keys are never given other bytes, so a
 * path always holds the same content.
 */
export const mediaPaths = (keys: readonly string[]): Map<string, string> => {
  const paths = new Map<string, string>()
  for (const key of keys) {
    const name = key.split('/').pop() ?? ''
    const upload = /^sites\/[^/]+\/uploads\/[^/]+$/.test(key) && SAFE_NAME.test(name)
    const digest = createHash('sha256').update(key).digest('hex').slice(0, 16)
    const file = upload ? name : `${digest}-${SAFE_NAME.test(name) ? name : 'file'}`
    paths.set(key, `${SHARED_MEDIA_FOLDER}/${file}`)
  }
  return paths
}

/**
 * A media file's address in the site's shared media folder by its content
 * (docs/decisions/0063-media-by-content.md): `_media/<the first 128 bits of the bytes' SHA-256,
 * base64url (22 characters)>.<extension of the key>`. The same bytes always get the same path, so
 * storing them again changes nothing, and a path never comes to hold other bytes. 128 bits keep
 * collisions out of reach (2^64 work even for someone trying) while every `srcset` in a page stays
 * short: a page names up to nine files per creative.
 */
export const contentPath = (key: string, bytes: Uint8Array): string => {
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(key)?.[1]?.toLowerCase() ?? 'bin'
  const digest = createHash('sha256').update(bytes).digest().subarray(0, 16).toString('base64url')
  return `${SHARED_MEDIA_FOLDER}/${digest}.${ext}`
}

/**
 * The shared media objects that may be deleted: those nothing references (`referenced`: every
 * remaining release's manifest and every stored-media record) and that were written more than
 * `UNREFERENCED_MEDIA_MS` ago.
 */
export const unreferencedMedia = (
  objects: ReadonlyArray<{ path: string; modifiedAt: number }>,
  referenced: ReadonlySet<string>,
  now: number,
): string[] =>
  objects
    .filter((o) => !referenced.has(o.path) && o.modifiedAt + UNREFERENCED_MEDIA_MS <= now)
    .map((o) => o.path)

/**
 * Which of a site's releases may go (decisions "Publishing"), given the one being served (if any)
 * and, when the site stopped being served, the last one it served:
 * - the served release stays;
 * - a release older than the served one stays until `RELEASE_GRACE_MS` after the next one
 *   replaced it (visitors mid-page keep their assets);
 * - a release the site served before it stopped being served goes at once;
 * - a release a kept version names (`keep`) stays whatever else holds;
 * - anything else (newer than both: a publish in flight, or one that failed without cleaning up)
 *   stays until it is `RELEASE_GRACE_MS` old.
 */
export const expiredReleases = (
  releases: readonly string[],
  options: {
    serving?: string | undefined
    lastServed?: string | undefined
    now: number
    /** Releases versions keep for a rollback (`keptReleases`): never deleted. */
    keep?: ReadonlySet<string>
  },
): string[] => {
  const sorted = [...releases].sort()
  const { serving, lastServed, now, keep } = options
  return sorted.filter((id, index) => {
    if (id === serving || keep?.has(id)) return false
    if (serving && id < serving) {
      const replacedAt = releaseTime(sorted[index + 1] ?? serving) ?? now
      return replacedAt + RELEASE_GRACE_MS <= now
    }
    if (!serving && lastServed && id <= lastServed) return true
    return (releaseTime(id) ?? now) + RELEASE_GRACE_MS <= now
  })
}

/**
 * How many of a site's latest versions keep their releases whatever their age, so each can be
 * rolled back to (issue 33; docs/decisions/0064-versions-and-rollback.md).
 */
export const KEEP_LAST_VERSIONS = 10

/**
 * The releases versions keep: those of the `KEEP_LAST_VERSIONS` newest versions and of every
 * version made within `retentionMs` (the owner's plan, `historyRetentionMs`: infinite for
 * unlimited; docs/decisions/0065-compare-restore-and-retention.md). The clean-up never deletes
 * them, served or not.
 */
export const keptReleases = (
  versions: ReadonlyArray<{ versionId: string; releaseId: string; at: number }>,
  now: number,
  retentionMs: number,
): Set<string> => {
  const newestFirst = [...versions].sort((a, b) => (a.versionId < b.versionId ? 1 : -1))
  return new Set(
    newestFirst
      .filter((v, index) => index < KEEP_LAST_VERSIONS || v.at + retentionMs > now)
      .map((v) => v.releaseId),
  )
}
