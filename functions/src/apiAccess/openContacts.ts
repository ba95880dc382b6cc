import { apiAccessRoutes } from '@swipe/shared/contract/apiAccess'
import { endpoint, ok } from '#edge/http'
import { listSubmissions } from '../submissions/service.ts'
import { siteHeadOf } from './open.ts'

/** GET /open/site/{siteId}/contacts: contact-form submissions with their answers. */
export const handler = endpoint(
  apiAccessRoutes['apiAccess.openContacts'],
  async ({ actor, params, query }) => {
    const site = await siteHeadOf(actor, params.siteId)
    return ok({ site, ...(await listSubmissions(site.id, 'contact', query)) })
  },
)
