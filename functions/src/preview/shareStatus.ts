import { previewRoutes } from '@swipe/shared/contract/preview'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { shareStatusOf } from './service.ts'

/** The share's security settings and counts (the share popup's header). */
export const handler = endpoint(previewRoutes['preview.shareStatus'], async ({ actor, params }) => {
  await sitesFor(actor).get(params.siteId, 'site:read')
  return ok(await shareStatusOf(params.siteId))
})
