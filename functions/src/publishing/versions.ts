import type { SiteVersionView, VersionRenderSchema } from '@swipe/shared/contract/versions'
import type * as z from 'zod'
import { type SiteVersion, SiteVersions } from '#data/site-versions'
import { BadRequestError, InvalidCursorError, NotFoundError } from '#edge/errors'
import { presignGet } from '#platform/services/presign'
import { mediaBucket, sitesBucket } from '#platform/services/s3'
import { draftKeys } from '../sites/service.ts'
import { compareContent, summaryOf, type VersionContent, type VersionSummary } from './changes.ts'
import { readContent, readManifest, siteHistory } from './release.ts'
import { releasePrefix, sitePrefix } from './retention.ts'

/**
 * A site's version history (issue 33; docs/decisions/0064-versions-and-rollback.md): the records
 * publishing and rollbacks write in their status commits, read newest first.
 */

/** Versions per page of the history. */
export const VERSIONS_PAGE = 20

/**
 * The newest version of a site that went live, if any (what a publish compares itself with): test
 * variants (issue 34) were never live.
 */
export const latestVersion = async (siteId: string): Promise<SiteVersion | undefined> => {
  for await (const version of newestFirst(siteId)) if (version.action !== 'variant') return version
  return undefined
}

/** A site's versions, newest first, a page at a time. */
async function* newestFirst(siteId: string) {
  let cursor: string | null = null
  do {
    const page: { data: SiteVersion[]; cursor: string | null } = await SiteVersions.query
      .byVersion({ siteId })
      .go({ order: 'desc', limit: 25, cursor })
    yield* page.data
    cursor = page.cursor
  } while (cursor)
}

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

/** A site as the history reads it: its id and its owner (whose plan says how long versions are kept). */
type HistorySite = { siteId: string; ownerId: string }

/** One version as the history shows it, given the site's served release. */
export const versionView = async (
  site: HistorySite,
  version: SiteVersion,
  servedRelease: string | undefined,
) => {
  const { versions, kept } = await siteHistory(site.siteId, site.ownerId, Date.now())
  return viewOf(version, liveVersionOf(versions, servedRelease), kept, servedRelease)
}

/** A page of the history, newest first. */
export const versionsPage = async (
  site: HistorySite,
  servedRelease: string | undefined,
  cursor: string | undefined,
  now = Date.now(),
) => {
  // Every record (a few hundred at most: one per publish) decides which releases are kept and
  // which version is live; the page is cut from them.
  const { versions: all, kept } = await siteHistory(site.siteId, site.ownerId, now)
  let start = 0
  if (cursor) {
    start = all.findIndex((v) => v.versionId === cursor) + 1
    if (start === 0) throw new InvalidCursorError()
  }
  const page = all.slice(start, start + VERSIONS_PAGE)
  const live = liveVersionOf(all, servedRelease)
  return {
    items: page.map((v) => viewOf(v, live, kept, servedRelease)),
    cursor: start + VERSIONS_PAGE < all.length ? (page.at(-1)?.versionId ?? null) : null,
  }
}

/** A version's record, or 404 (an unknown id, or another site's). */
export const versionOf = async (siteId: string, versionId: string): Promise<SiteVersion> => {
  const found = (await SiteVersions.get({ siteId, versionId }).go({ consistent: true })).data
  if (!found) throw new NotFoundError()
  return found
}

/**
 * The content a version's release was rendered from; 400 `version.releaseGone` once the release
 * is no longer kept (its content goes with its pages).
 */
export const contentOf = async (siteId: string, version: SiteVersion): Promise<VersionContent> => {
  const content = await readContent(releasePrefix(siteId, version.releaseId))
  if (!content) throw new BadRequestError('version.releaseGone')
  return content as unknown as VersionContent
}

/**
 * A version as the preview renders it: its content and a display URL per media key. Media come from
 * the site's store, where the release's media manifest names them; media of releases made before the
 * store are shown from the uploads they were published from.
 */
const renderOf = async (siteId: string, version: SiteVersion, view: z.infer<typeof SiteVersionView>) => {
  const content = await contentOf(siteId, version)
  const { mediaKeys } = await readManifest(releasePrefix(siteId, version.releaseId))
  const media = await Promise.all(
    [
      ...new Set(
        draftKeys({ globalSetting: content.site, creatives: content.creatives } as never).map((r) => r.key),
      ),
    ].map(async (key) => {
      const stored = mediaKeys[key]
      const url = stored
        ? await presignGet(sitesBucket, `${sitePrefix(siteId)}${stored}`)
        : await presignGet(mediaBucket, key)
      return { key, url }
    }),
  )
  return { version: view, content, media }
}

/** The renders of some versions, as the history shows them (one read of the history); 404 for an unknown one. */
const rendersOf = async (
  site: HistorySite,
  ids: readonly string[],
  servedRelease: string | undefined,
  now: number,
) => {
  const { versions: all, kept } = await siteHistory(site.siteId, site.ownerId, now)
  const found = ids.map((id) => all.find((v) => v.versionId === id))
  if (found.some((v) => !v)) throw new NotFoundError()
  const live = liveVersionOf(all, servedRelease)
  return Promise.all(
    (found as SiteVersion[]).map((v) => renderOf(site.siteId, v, viewOf(v, live, kept, servedRelease))),
  )
}

/** A render as the compare answers it: the views as stored, passed through to the preview's render. */
const answerOf = ({ version, content, media }: Awaited<ReturnType<typeof renderOf>>) => ({
  version,
  content: content as unknown as z.infer<typeof VersionRenderSchema>['content'],
  media,
})

/**
 * Two versions for the compare view (issue 33 Deliver 2): what `other` changes against `versionId`
 * (cells, languages, global fields, menus, settings) and what each rendered.
 */
export const compareVersions = async (
  site: HistorySite,
  versionId: string,
  otherId: string,
  servedRelease: string | undefined,
  now = Date.now(),
) => {
  const [from, to] = await rendersOf(site, [versionId, otherId], servedRelease, now)
  return { from: answerOf(from!), to: answerOf(to!), changes: compareContent(from!.content, to!.content) }
}

/** The `with` of a compare that names the saved draft (the approver's diff, issue 33 part 4). */
export const DRAFT_VERSION_ID = 'draft'

/**
 * A version against the saved draft: what the draft changes, with both contents and media. The
 * draft answers as a pseudo-version (id `draft`, never live, nothing to roll back to) whose summary
 * is this comparison.
 */
export const compareWithDraft = async (
  site: HistorySite,
  versionId: string,
  draft: { content: VersionContent; media: Array<{ key: string; url: string }>; at: string },
  servedRelease: string | undefined,
  now = Date.now(),
) => {
  const [from] = await rendersOf(site, [versionId], servedRelease, now)
  const changes = compareContent(from!.content, draft.content)
  const version = {
    id: DRAFT_VERSION_ID,
    action: 'publish' as const,
    at: draft.at,
    by: null,
    summary: summaryOf(changes),
    restoredFrom: null,
    live: false,
    canRollback: false,
  }
  return { from: answerOf(from!), to: answerOf({ version, ...draft }), changes }
}
