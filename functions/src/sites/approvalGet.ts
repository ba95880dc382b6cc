import { sitesRoutes } from '@swipe/shared/contract/sites'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { approvalView } from './approval.ts'

/** GET /site/{id}/approval (issue 33 part 4): the gate, whether the caller approves, the open and newest requests. */
export const handler = endpoint(sitesRoutes['sites.approvalGet'], async ({ actor, params }) => {
  const site = await sitesFor(actor).get(params.id, 'site:read')
  return ok(await approvalView(actor, site))
})
