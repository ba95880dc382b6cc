import { contentRoutes } from '@swipe/shared/contract/content'
import { endpoint, ok } from '#edge/http'
import { loadNotice, removeNotice } from './notices.ts'

export const handler = endpoint(contentRoutes['content.newsRemove'], async ({ actor, params, query, t }) => {
  await removeNotice(await loadNotice(actor, 'news', params.id, 'news:manage'), query.version)
  return ok({ message: t('content.deleted') })
})
