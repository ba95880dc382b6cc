import { apiAccessRoutes } from '@swipe/shared/contract/apiAccess'
import { endpoint, ok } from '#edge/http'
import { listMembers } from '../submissions/service.ts'
import { siteHeadOf } from './open.ts'

/** GET /open/site/{siteId}/members: the members list of the console, for the creator's systems. */
export const handler = endpoint(
  apiAccessRoutes['apiAccess.openMembers'],
  async ({ actor, params, query }) => {
    const site = await siteHeadOf(actor, params.siteId)
    return ok({ site, ...(await listMembers(site.id, query)) })
  },
)
