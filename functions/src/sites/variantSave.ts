import { sitesRoutes } from '@swipe/shared/contract/sites'
import { ConflictError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { platform } from '#platform'
import { servedRelease } from '../publishing/publish.ts'
import { versionOf, versionView } from '../publishing/versions.ts'
import { requirePublishable } from './approval.ts'
import { authorOf } from './service.ts'

/**
 * POST /site/{id}/variants (issue 34): renders the saved draft at `version` as a test variant — a
 * release and a version in the history that visitors do not see — for an A/B test against the live
 * version. Rendered where publishing renders (the publisher); the draft must be publishable (the
 * images rule), and saved at `version` (409 otherwise). Editors may make variants: showing one to
 * visitors is the experiment's decision, which needs the publish permission.
 */
export const handler = endpoint(sitesRoutes['sites.variantSave'], async ({ actor, params, body, t }) => {
  const loaded = await sitesFor(actor).load(params.id, 'site:write')
  const { site } = loaded
  if (site.version !== body.version) throw new ConflictError()
  requirePublishable(site, loaded.items)
  const versionId = await platform().publisher.variant(site.siteId, {
    expectVersion: body.version,
    loaded,
    author: authorOf(actor),
  })
  const version = await versionOf(site.siteId, versionId)
  return ok(
    { message: t('experiment.variantSaved'), ...(await versionView(site, version, servedRelease(site))) },
    201,
  )
})
