import { previewRoutes } from '@swipe/shared/contract/preview'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { shareListOf } from './service.ts'

/** The invited viewers with their view logs, newest invitation first, and the total. */
export const handler = endpoint(previewRoutes['preview.shareList'], async ({ actor, params }) => {
  await sitesFor(actor).get(params.siteId, 'site:read')
  return ok(await shareListOf(params.siteId))
})
