import { sitesRoutes } from '@swipe/shared/contract/sites'
import { UpdateSiteBody } from '@swipe/shared/schemas/site-builder'
import { BadRequestError, ConflictError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { contentOf, versionOf } from '../publishing/versions.ts'
import { saveDraft } from './update.ts'

/**
 * POST /site/{id}/versions/{versionId}/restore (issue 33 Deliver 3): the draft becomes the content
 * the version was published from. It is a save like any other — on the version the editor saw
 * (409 when another change was saved first), validated, within today's plan, attaching only files
 * the site already knows — so the live site is unchanged until the creator publishes.
 */
export const handler = endpoint(sitesRoutes['sites.restoreVersion'], async ({ actor, params, body, t }) => {
  const loaded = await sitesFor(actor).load(params.id, 'site:write')
  // Stale first, as for a save: nothing is read for an editor that must reload anyway.
  if (body.version !== loaded.site.version) throw new ConflictError()
  const version = await versionOf(loaded.site.siteId, params.versionId)
  const content = await contentOf(loaded.site.siteId, version)
  const draft = UpdateSiteBody.safeParse({
    version: body.version,
    globalSetting: { ...content.site, id: loaded.site.siteId },
    menus: content.menus,
    creatives: content.creatives,
    settings: content.settings,
  })
  // A version made under rules since tightened: nothing is written, and the history says why.
  if (!draft.success) throw new BadRequestError('version.notRestorable')
  const saved = await saveDraft(actor, loaded, draft.data)
  return ok({ ...saved, message: t('version.restored') })
})
