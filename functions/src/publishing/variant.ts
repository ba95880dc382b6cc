import { type MessageMatchRule, matchMap } from '@swipe/shared/site/message-match'
import { SiteVersions } from '#data/site-versions'
import { BadRequestError, ConflictError } from '#edge/errors'
import { logger } from '#platform/services/logger'
import { summarise, type VersionContent } from './changes.ts'
import {
  type LoadedSite,
  loadSite,
  type PublishAuthor,
  prepareRelease,
  publishedDestinations,
  servedRelease,
} from './publish.ts'
import { readContent } from './release.ts'
import { releasePrefix } from './retention.ts'

/**
 * A test variant (issue 34; docs/decisions/0069-experiments-at-the-edge.md): the saved draft at
 * `expectVersion` rendered into a release, as a publish renders it (pages and manifests, no media
 * copied), and recorded as a version of action `variant` — without the status commit or the
 * host-map flip, so visitors see none of it until an experiment serves it or it is promoted. The
 * draft is untouched (its version does not move). Its summary compares it with the live version.
 * Answers the version's id.
 */
export const renderVariant = async (
  siteId: string,
  options: { expectVersion: number; loaded?: LoadedSite; author?: PublishAuthor | undefined; now?: number },
): Promise<string> => {
  const loaded = options.loaded ?? (await loadSite(siteId))
  const { site } = loaded
  if (site.version !== options.expectVersion) throw new ConflictError()
  const served = servedRelease(site)
  // A variant is tested against what is live: a site that is not served has no control.
  if (!served) throw new BadRequestError('experiment.notPublished')
  const now = options.now ?? Date.now()
  const matches = matchMap(site.messageMatch as MessageMatchRule[] | undefined)
  const [release, live] = await Promise.all([
    prepareRelease(loaded, now),
    readContent(releasePrefix(siteId, served)),
  ])
  await SiteVersions.create({
    siteId,
    versionId: release.releaseId,
    action: 'variant',
    releaseId: release.releaseId,
    siteVersion: site.version,
    at: now,
    summary: summarise(live as VersionContent | undefined, release.content, true),
    conversions: publishedDestinations(site.adTags),
    ...(matches ? { matches } : {}),
    ...(options.author ? { byAccountId: options.author.accountId, byName: options.author.name } : {}),
  }).go()
  logger.info('Test variant rendered', { siteId, releaseId: release.releaseId, files: release.paths.length })
  return release.releaseId
}
