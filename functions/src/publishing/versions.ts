import type { SiteVersionView } from '@swipe/shared/contract/versions'
import type * as z from 'zod'
import { allVersions, type SiteVersion, SiteVersions } from '#data/site-versions'
import { InvalidCursorError } from '#edge/errors'
import type { VersionSummary } from './changes.ts'
import { keptReleases } from './retention.ts'

/**
 * A site's version history (issue 33; docs/decisions/0064-versions-and-rollback.md): the records
 * publishing and rollbacks write in their status commits, read newest first.
 */

/** Versions per page of the history. */
export const VERSIONS_PAGE = 20

/** The newest version of a site, if any (what a publish compares itself with). */
export const latestVersion = async (siteId: string): Promise<SiteVersion | undefined> =>
  (await SiteVersions.query.byVersion({ siteId }).go({ order: 'desc', limit: 1 })).data[0]

const viewOf = (
  version: SiteVersion,
  live: string | undefined,
  kept: ReadonlySet<string>,
  servedRelease: string | undefined,
): z.infer<typeof SiteVersionView> => ({
  id: version.versionId,
  action: version.action,
  at: new Date(version.at).toISOString(),
  by: version.byName ?? null,
  summary: version.summary as VersionSummary,
  restoredFrom: version.restoredFrom ?? null,
  live: version.versionId === live,
  canRollback: kept.has(version.releaseId) && version.releaseId !== servedRelease,
})

/**
 * The version visitors see: the newest version whose release the site serves (a rollback's own
 * record, not the one it returned to). None when the site is not served.
 */
const liveVersionOf = (versions: readonly SiteVersion[], servedRelease: string | undefined) =>
  servedRelease ? versions.find((v) => v.releaseId === servedRelease)?.versionId : undefined

/** One version as the history shows it, given the site's served release. */
export const versionView = async (
  siteId: string,
  version: SiteVersion,
  servedRelease: string | undefined,
) => {
  const all = await allVersions(siteId)
  return viewOf(version, liveVersionOf(all, servedRelease), keptReleases(all, Date.now()), servedRelease)
}

/** A page of the history, newest first. */
export const versionsPage = async (
  siteId: string,
  servedRelease: string | undefined,
  cursor: string | undefined,
  now = Date.now(),
) => {
  // Every record (a few hundred at most: one per publish) decides which releases are kept and
  // which version is live; the page is cut from them.
  const all = await allVersions(siteId)
  let start = 0
  if (cursor) {
    start = all.findIndex((v) => v.versionId === cursor) + 1
    if (start === 0) throw new InvalidCursorError()
  }
  const page = all.slice(start, start + VERSIONS_PAGE)
  const kept = keptReleases(all, now)
  const live = liveVersionOf(all, servedRelease)
  return {
    items: page.map((v) => viewOf(v, live, kept, servedRelease)),
    cursor: start + VERSIONS_PAGE < all.length ? (page.at(-1)?.versionId ?? null) : null,
  }
}
