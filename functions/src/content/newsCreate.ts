import { contentRoutes } from '@swipe/shared/contract/content'
import { endpoint, ok } from '#edge/http'
import { adminOf } from '#edge/tenancy'
import { createNotice, newsOwnerOf, noticeView } from './notices.ts'

/**
 * Creates latest information for the accounts in the writer's scope (docs/decisions/0044-notifications.md).
 */
export const handler = endpoint(contentRoutes['content.newsCreate'], async ({ actor, body, t }) => {
  const account = adminOf(actor)
  const created = await createNotice(account, { kind: 'news', ...newsOwnerOf(account) }, body)
  return ok({ ...(await noticeView(created)), message: t('content.created') }, 201)
})
