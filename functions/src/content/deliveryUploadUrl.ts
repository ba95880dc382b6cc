import { contentRoutes } from '@swipe/shared/contract/content'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { presignImage } from './notices.ts'

/** A presigned upload of an image for one site's notices. */
export const handler = endpoint(contentRoutes['content.deliveryUploadUrl'], async ({ actor, body }) => {
  const site = await sitesFor(actor).get(body.siteId, 'site:write')
  const { siteId: _site, ...file } = body
  return ok(await presignImage('delivery', site.siteId, file))
})
