import { contentRoutes } from '@swipe/shared/contract/content'
import { endpoint, ok } from '#edge/http'
import { loadNotice, removeNotice } from './notices.ts'

export const handler = endpoint(
  contentRoutes['content.deliveryRemove'],
  async ({ actor, params, query, t }) => {
    await removeNotice(await loadNotice(actor, 'delivery', params.id, 'site:write'), query.version)
    return ok({ message: t('content.deleted') })
  },
)
