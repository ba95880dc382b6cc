import { contentRoutes } from '@swipe/shared/contract/content'
import { endpoint, ok } from '#edge/http'
import { loadNotice, noticeView } from './notices.ts'

export const handler = endpoint(contentRoutes['content.newsGet'], async ({ actor, params }) =>
  ok(await noticeView(await loadNotice(actor, 'news', params.id, 'news:manage'))),
)
