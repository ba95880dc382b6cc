import { contentRoutes } from '@swipe/shared/contract/content'
import { endpoint, ok } from '#edge/http'
import { deliveryView } from './delivery.ts'
import { loadNotice } from './notices.ts'

export const handler = endpoint(contentRoutes['content.deliveryGet'], async ({ actor, params }) =>
  ok(await deliveryView(await loadNotice(actor, 'delivery', params.id, 'site:read'))),
)
