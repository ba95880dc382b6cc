import { sitesRoutes } from '@swipe/shared/contract/sites'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { checklistFor } from './approval.ts'

/**
 * GET /site/{id}/checklist (issue 33 part 5): the pre-publish checklist of the saved draft, as a
 * publish or an approval would run it. Private: it names the draft's problems.
 */
export const handler = endpoint(sitesRoutes['sites.checklist'], async ({ actor, params, t }) => {
  const loaded = await sitesFor(actor).load(params.id, 'site:read')
  return ok(await checklistFor(loaded, t))
})
