import type { Contract, RouteInput, RouteOutput } from '@swipe/shared/contract'
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../lib/api.ts'

/** A system notification as staff manage it (the contract's `content.systemNotiGet`). */
export type SystemNoti = RouteOutput<Contract['content.systemNotiGet']>
export type SystemNotiBody = RouteInput<Contract['content.systemNotiCreate']>['body']
export type SystemNotiStatus = SystemNoti['status']

export const systemNotiKeys = {
  all: ['systemNoti'] as const,
  list: (status: SystemNotiStatus | undefined) => [...systemNotiKeys.all, 'list', status ?? 'all'] as const,
  one: (id: string) => [...systemNotiKeys.all, 'one', id] as const,
}

const PAGE = 20

export const systemNotiListQuery = (status: SystemNotiStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: systemNotiKeys.list(status),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(
        'content.systemNotiList',
        {
          query: { limit: PAGE, ...(status ? { status } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
        },
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

export const systemNotiQuery = (id: string) =>
  queryOptions({
    queryKey: systemNotiKeys.one(id),
    queryFn: ({ signal }) => call('content.systemNotiGet', { params: { id } }, { signal }),
  })

const useInvalidate = () => {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: systemNotiKeys.all })
}

export const useCreateSystemNoti = () => {
  const onSuccess = useInvalidate()
  return useMutation({
    mutationFn: (body: SystemNotiBody) => call('content.systemNotiCreate', { body }),
    onSuccess,
  })
}

export const useUpdateSystemNoti = () => {
  const onSuccess = useInvalidate()
  return useMutation({
    mutationFn: ({ id, ...body }: SystemNotiBody & { id: string; version: number }) =>
      call('content.systemNotiUpdate', { params: { id }, body }),
    onSuccess,
  })
}

export const useDeleteSystemNoti = () => {
  const onSuccess = useInvalidate()
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) =>
      call('content.systemNotiRemove', { params: { id }, query: { version } }),
    onSuccess,
  })
}
