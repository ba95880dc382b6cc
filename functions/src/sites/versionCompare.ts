import { sitesRoutes } from '@swipe/shared/contract/sites'
import { oemZoneOf } from '#domain/oem-zones'
import { BadRequestError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { now } from '#platform/services/clock'
import { versionContent } from '../publishing/changes.ts'
import { publishInput, servedRelease } from '../publishing/publish.ts'
import { compareVersions, compareWithDraft, DRAFT_VERSION_ID } from '../publishing/versions.ts'
import { siteMedia } from './service.ts'

/**
 * GET /site/{id}/versions/{versionId}/compare?with= (issue 33 Deliver 2): what the version `with`
 * changes against the path's (cells, languages, settings), and the content and media of both, so
 * the editor badges the grid and renders them side by side. `with=draft` compares with the saved
 * draft: what an approver is asked to publish against what is live (part 4).
 */
export const handler = endpoint(sitesRoutes['sites.versionCompare'], async ({ actor, params, query }) => {
  const noStore = { 'cache-control': 'private, no-store' }
  if (query.with === DRAFT_VERSION_ID) {
    const loaded = await sitesFor(actor).load(params.id, 'site:read')
    const { site, items } = loaded
    const at = now()
    const content = versionContent(publishInput(loaded, {}, at, await oemZoneOf(site.tenantIds)))
    const draft = {
      content,
      media: await siteMedia(site, items),
      at: new Date(site.updatedAt ?? at).toISOString(),
    }
    return ok(await compareWithDraft(site, params.versionId, draft, servedRelease(site), at), 200, noStore)
  }
  const site = await sitesFor(actor).get(params.id, 'site:read')
  if (params.versionId === query.with) throw new BadRequestError('version.compareSame')
  return ok(await compareVersions(site, params.versionId, query.with, servedRelease(site)), 200, noStore)
})
