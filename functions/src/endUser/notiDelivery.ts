import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { ok } from '#edge/http'
import { now } from '#platform/services/clock'
import { statusWhere } from '../content/notice-status.ts'
import { Notices } from '../data/content.ts'
import { languageFor, publishedSetting, visitorEndpoint } from './service.ts'

/** How long a browser or the edge may keep the answer: a new notice reaches visitors within a minute. */
export const NOTICES_CACHE = { 'cache-control': 'public, max-age=60, s-maxage=60' }
const SHOWN = 5

/**
 * GET /end-user/noti_delivery?site_id=&lang= (issue 20): the notices of a published site that are
 * public now (published, scheduled start passed, end not passed) in the page's language (or for
 * every language), newest first. One query on the site's notices; an unpublished site is 404.
 */
export const handler = visitorEndpoint(endUserRoutes['endUser.notiDelivery'], async ({ query }) => {
  const site = await publishedSetting(query.siteId)
  const lang = languageFor(site, query.lang)
  const atIso = new Date(now()).toISOString()
  const { data } = await Notices.query
    .byOwner({ kind: 'delivery', ownerKey: site.siteId })
    .where((attr, op) => statusWhere('public', atIso, [attr, op] as never))
    .go({ order: 'desc', pages: 'all' })
  const notices = data
    .filter((item) => (item.lang ?? 'ALL') === 'ALL' || item.lang === lang)
    .sort((a, b) => (a.visibleFrom < b.visibleFrom ? 1 : -1))
    .slice(0, SHOWN)
    .map((item) => ({
      id: item.noticeId,
      title: item.title,
      content: item.content,
      contentUrl: item.contentUrl ?? '',
      publicationDate: item.visibleFrom,
    }))
  return ok({ lang, notices }, 200, NOTICES_CACHE)
})
