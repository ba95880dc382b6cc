import { contentRoutes } from '@swipe/shared/contract/content'
import { endpoint, ok } from '#edge/http'
import { adminOf, sitesFor } from '#edge/tenancy'
import { deliveryView } from './delivery.ts'
import { createNotice } from './notices.ts'

/** Creates a notice for a site's visitors (the site's writers; another tenant's site is 404). */
export const handler = endpoint(contentRoutes['content.deliveryCreate'], async ({ actor, body, t }) => {
  const site = await sitesFor(actor).get(body.siteId, 'site:write')
  const { siteId, ...input } = body
  const created = await createNotice(
    adminOf(actor),
    { kind: 'delivery', ownerKey: siteId, tenantIds: [...site.tenantIds] },
    input,
  )
  return ok({ ...(await deliveryView(created)), message: t('content.created') }, 201)
})
