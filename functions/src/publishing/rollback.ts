import { runningExperiment } from '#data/experiments'
import { type SiteVersion, SiteVersions } from '#data/site-versions'
import type { SiteRow } from '#data/sites'
import { commitSiteStatus } from '#domain/plans'
import { BadRequestError, ConflictError, NotFoundError } from '#edge/errors'
import { logger } from '#platform/services/logger'
import { isConditionFailure } from '../sites/service.ts'
import { summarise, type VersionContent } from './changes.ts'
import { type PublishAuthor, readSite, recentReleases, servedRelease, syncHostMap } from './publish.ts'
import { carryOver, cleanUpReleases, readContent, readOwnFiles } from './release.ts'
import { newReleaseId, releasePrefix } from './retention.ts'
import { contentOf, versionOf, versionView } from './versions.ts'

/**
 * One-click rollback (issue 33; docs/decisions/0064-versions-and-rollback.md): the live site returns
 * to an earlier version's release by moving the live pointer — the status commit (on the editor's
 * version, with its own version record) and the host-map flip that every publish ends with. Nothing
 * is rendered and no media is copied: the release and the media store it references are kept. The
 * hashed files of the releases visitors may still have open are carried into it first (a handful
 * of assets), as a publish does. The draft is left as it is: it now differs from what is live.
 */
export const rollbackSite = async (
  siteId: string,
  versionId: string,
  options: { expectVersion: number; author?: PublishAuthor | undefined; now?: number },
) => {
  const site = await readSite(siteId)
  if (!site) throw new NotFoundError()
  if (site.version !== options.expectVersion) throw new ConflictError()
  // The control of a running experiment is what is live: moving it would change the test (issue 34).
  if (await runningExperiment(siteId)) throw new BadRequestError('experiment.running')
  const target = await versionOf(siteId, versionId)
  const record = await pointTo(site, target, { ...options, action: 'rollback' })
  return finishPointer(site, record.versionId, options.now)
}

/**
 * Moves the live pointer of a served site to `target`'s release (a rollback, or an experiment's
 * promotion, issue 34): carries the hashed files of recent releases into it, then commits status
 * PUBLISH with the release id on the version condition and the version record (`action`,
 * `restoredFrom` the target). The host map is not flipped here (`finishPointer`).
 */
export const pointTo = async (
  site: SiteRow,
  target: SiteVersion,
  options: {
    expectVersion: number
    action: 'rollback' | 'promote'
    author?: PublishAuthor | undefined
    now?: number
  },
) => {
  const { siteId } = site
  const now = options.now ?? Date.now()
  if (site.version !== options.expectVersion) throw new ConflictError()
  const served = servedRelease(site)
  if (!served) throw new BadRequestError('version.notPublished')
  if (served === target.releaseId) throw new BadRequestError('version.live')
  const prefix = releasePrefix(siteId, target.releaseId)
  // Every versioned release keeps its content beside it, and loses it with its pages.
  const [own, content, current] = await Promise.all([
    readOwnFiles(prefix),
    contentOf(siteId, target),
    readContent(releasePrefix(siteId, served)),
  ])
  const recent = await recentReleases(site, now)
  await carryOver(
    recent.filter((id) => id !== target.releaseId).map((id) => releasePrefix(siteId, id)),
    prefix,
    new Set(own),
  )
  const record = {
    siteId,
    versionId: newReleaseId(now),
    action: options.action,
    releaseId: target.releaseId,
    siteVersion: options.expectVersion + 1,
    at: now,
    summary: summarise(current as VersionContent | undefined, content, true),
    restoredFrom: target.versionId,
    conversions: target.conversions ?? [],
    ...(target.matches ? { matches: target.matches } : {}),
    ...(options.author ? { byAccountId: options.author.accountId, byName: options.author.name } : {}),
  }
  try {
    // What is live is no longer the draft's version: publishedVersion goes (unpublishedChanges).
    await commitSiteStatus(
      site,
      options.expectVersion,
      'PUBLISH',
      {
        publishedAt: now,
        releaseId: target.releaseId,
        publishedConversions: target.conversions ?? [],
        ...(target.matches ? { publishedMatches: target.matches as Record<string, string> } : {}),
      },
      target.matches ? ['publishedVersion'] : ['publishedVersion', 'publishedMatches'],
      record,
    )
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError()
    throw error
  }
  logger.info(options.action === 'rollback' ? 'Site rolled back' : 'Experiment variant promoted', {
    siteId,
    to: target.versionId,
    releaseId: target.releaseId,
  })
  return record
}

/**
 * After the pointer moved: the host map serves what the stored site says, old releases go, and the
 * new version is answered as the history shows it.
 */
export const finishPointer = async (site: SiteRow, versionId: string, now = Date.now()) => {
  const live = await syncHostMap(site.siteId, site)
  await cleanUpReleases(site.siteId, { ownerId: site.ownerId, serving: live, now })
  const saved = await SiteVersions.get({ siteId: site.siteId, versionId }).go({ consistent: true })
  return { version: saved.data!.siteVersion, live: await versionView(site, saved.data!, live) }
}
