import type { Contract, RouteOutput } from '@swipe/shared/contract'
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
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

/** The caller's personal notices (the contract's `content.myNotices`): approval requests and decisions. */
export type NoticesPage = RouteOutput<Contract['content.myNotices']>

/** The personal notices' query key. */
export const NOTICES_KEY = ['myNotices'] as const

/**
 * The caller's personal notices, polled with the system notifications. The interface language goes
 * with each request (X-Lang), which the API remembers for the notices' mails.
 */
export const noticesQuery = (lang: string) =>
  queryOptions({
    queryKey: [...NOTICES_KEY, lang],
    queryFn: ({ signal }) => call('content.myNotices', {}, { signal }),
    refetchInterval: BELL_POLL_MS,
  })

export const useMarkNoticesRead = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { ids?: string[]; all?: boolean }) => call('content.myNoticesRead', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  })
}
