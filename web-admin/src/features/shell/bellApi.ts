import type { Contract, RouteOutput } from '@swipe/shared/contract'
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../lib/api.ts'

/** The bell's feed (the contract's `content.systemNotiShow`): the unread count and a page of items. */
export type FeedPage = RouteOutput<Contract['content.systemNotiShow']>

/** The bell's query key; the system notification screens invalidate it after a write. */
export const FEED_KEY = ['systemNotiFeed'] as const

/** How often the bell asks; the browser revalidates with the ETag, so an unchanged bell is a 304. */
export const BELL_POLL_MS = 30_000
const BELL_PAGE = 10

/** The bell's pages in the interface language (the API localises by X-Lang). */
export const feedQuery = (lang: string) =>
  infiniteQueryOptions({
    queryKey: [...FEED_KEY, lang],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(
        'content.systemNotiShow',
        { query: { limit: BELL_PAGE, ...(pageParam ? { cursor: pageParam } : {}) } },
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: BELL_POLL_MS,
  })

export const useMarkAsRead = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { notiIds?: string[]; all?: boolean }) =>
      call('content.systemNotiMarkAsRead', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEED_KEY }),
  })
}
