import { contentRoutes } from '@swipe/shared/contract/content'
import { endpoint, ok } from '#edge/http'
import { now } from '#platform/services/clock'
import { presignGet } from '#platform/services/presign'
import { mediaBucket } from '#platform/services/s3'
import { Notices } from '../data/content.ts'
import { statusWhere } from './notice-status.ts'
import { newsReadersKeys } from './notices.ts'

const SHOWN = 10

/**
 * The latest information the caller reads now (its summary): the platform's and that of the
 * partner above it, public at this instant, newest publication first.
 */
export const handler = endpoint(contentRoutes['content.newsShow'], async ({ actor }) => {
  const at = now()
  const atIso = new Date(at).toISOString()
  const pages = await Promise.all(
    newsReadersKeys(actor).map((ownerKey) =>
      Notices.query
        .byOwner({ kind: 'news', ownerKey })
        .where((attr, op) => statusWhere('public', atIso, [attr, op] as never))
        .go({ order: 'desc', count: SHOWN }),
    ),
  )
  const items = pages
    .flatMap((page) => page.data)
    .sort((a, b) => (a.visibleFrom < b.visibleFrom ? 1 : -1))
    .slice(0, SHOWN)
  return ok({
    items: await Promise.all(
      items.map(async (item) => ({
        id: item.noticeId,
        title: item.title,
        content: item.content,
        contentUrl: item.contentUrl ?? '',
        distributeSiteUrl: item.distributeSiteUrl ?? '',
        imageUrl: item.imageKey ? await presignGet(mediaBucket, item.imageKey) : null,
        publicationDate: item.visibleFrom,
      })),
    ),
  })
})
