import { randomBytes } from 'node:crypto'

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
export const newReleaseId = (now = Date.now()): string =>
  `${new Date(now).toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`

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

/** The file name a media key gets inside a release: its last segment (an upload's UUID name). */
const mediaFileName = (key: string) => key.split('/').pop() || 'file'

/**
 * The release path of each media key (`media/<file>`), unique within the release: keys are
 * `sites/<siteId>/uploads/<uuid>.<ext>`, so their names already are; a clash gets a number.
 */
export const mediaPaths = (keys: readonly string[]): Map<string, string> => {
  const paths = new Map<string, string>()
  const used = new Set<string>()
  for (const key of keys) {
    let path = `media/${mediaFileName(key)}`
    for (let n = 2; used.has(path); n++) path = `media/${n}-${mediaFileName(key)}`
    used.add(path)
    paths.set(key, path)
  }
  return paths
}

/**
 * Which of a site's releases may go (decisions "Publishing"), given the one being served (if any)
 * and, when the site stopped being served, the last one it served:
 * - the served release stays;
 * - a release older than the served one stays until `RELEASE_GRACE_MS` after the next one
 *   replaced it (visitors mid-page keep their assets);
 * - a release the site served before it stopped being served goes at once;
 * - anything else (newer than both: a publish in flight, or one that failed without cleaning up)
 *   stays until it is `RELEASE_GRACE_MS` old.
 */
export const expiredReleases = (
  releases: readonly string[],
  options: { serving?: string | undefined; lastServed?: string | undefined; now: number },
): string[] => {
  const sorted = [...releases].sort()
  const { serving, lastServed, now } = options
  return sorted.filter((id, index) => {
    if (id === serving) return false
    if (serving && id < serving) {
      const replacedAt = releaseTime(sorted[index + 1] ?? serving) ?? now
      return replacedAt + RELEASE_GRACE_MS <= now
    }
    if (!serving && lastServed && id <= lastServed) return true
    return (releaseTime(id) ?? now) + RELEASE_GRACE_MS <= now
  })
}
