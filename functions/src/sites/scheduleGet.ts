import { sitesRoutes } from '@swipe/shared/contract/sites'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { scheduleView } from './schedule.ts'

/** GET /site/{id}/schedule (issue 33 part 6): the scheduled publish and unpublish, a failure's reason. */
export const handler = endpoint(sitesRoutes['sites.scheduleGet'], async ({ actor, params, t }) => {
  const site = await sitesFor(actor).get(params.id, 'site:read')
  return ok(await scheduleView(site.siteId, t))
})
