import { contentRoutes } from '@swipe/shared/contract/content'
import { endpoint, ok } from '#edge/http'
import { deliveryView } from './delivery.ts'
import { loadNotice, updateNotice } from './notices.ts'

export const handler = endpoint(
  contentRoutes['content.deliveryUpdate'],
  async ({ actor, params, body, t }) => {
    const current = await loadNotice(actor, 'delivery', params.id, 'site:write')
    const saved = await updateNotice(current, body)
    return ok({ ...(await deliveryView(saved)), message: t('content.updated') })
  },
)
