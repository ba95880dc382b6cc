import { apiAccessRoutes } from '@swipe/shared/contract/apiAccess'
import { destinationViews } from '#domain/site-conversions'
import { endpoint, ok } from '#edge/http'
import { siteForApi } from './service.ts'

/** GET /site/{id}/conversions: every platform's destination (never a credential) and its 30-day delivery rate. */
export const handler = endpoint(apiAccessRoutes['apiAccess.conversionsGet'], async ({ actor, params }) => {
  const site = await siteForApi(actor, params.id)
  return ok({ items: await destinationViews(site) })
})
