import { apiAccessRoutes } from '@swipe/shared/contract/apiAccess'
import { endpoint, ok } from '#edge/http'
import { contentOf } from './open.ts'

/** GET /open/site/{siteId}/content: the published pages and products per language. */
export const handler = endpoint(apiAccessRoutes['apiAccess.openContent'], async ({ actor, params, query }) =>
  ok(await contentOf(actor, params.siteId, query.lang)),
)
