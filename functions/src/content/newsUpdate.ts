import { contentRoutes } from '@swipe/shared/contract/content'
import { endpoint, ok } from '#edge/http'
import { loadNotice, noticeView, updateNotice } from './notices.ts'

export const handler = endpoint(contentRoutes['content.newsUpdate'], async ({ actor, params, body, t }) => {
  const current = await loadNotice(actor, 'news', params.id, 'news:manage')
  const saved = await updateNotice(current, body)
  return ok({ ...(await noticeView(saved)), message: t('content.updated') })
})
