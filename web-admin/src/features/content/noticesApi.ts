import type { Action } from '@swipe/shared'
import type { Contract, RouteInput, RouteOutput } from '@swipe/shared/contract'
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../lib/api.ts'

/** Latest information or a delivery as its writers see it. */
export type Notice = RouteOutput<Contract['content.newsGet']> & { lang?: string; siteId?: string }
export type NoticeStatus = Notice['status']
export type NoticeBody = RouteInput<Contract['content.newsCreate']>['body'] & { lang?: string }
type UploadFile = RouteInput<Contract['content.newsUploadUrl']>['body']
type Uploaded = RouteOutput<Contract['content.newsUploadUrl']>

/**
 * One kind of notice as the console handles it: latest information (the caller's scope) or the
 * notification deliveries of one site. The screens are the same (SPEC §2 "same shape").
 */
export interface NoticeKind {
  key: readonly unknown[]
  /** The policy action its writes need (docs/permissions.md). */
  writeAction: Action
  list: (
    query: { status?: NoticeStatus; cursor?: string; limit: number },
    signal?: AbortSignal,
  ) => Promise<{
    items: Notice[]
    nextCursor: string | null
  }>
  get: (id: string, signal?: AbortSignal) => Promise<Notice>
  create: (body: NoticeBody) => Promise<Notice & { message: string }>
  update: (id: string, body: NoticeBody & { version: number }) => Promise<Notice & { message: string }>
  remove: (id: string, version: number) => Promise<{ message: string }>
  uploadUrl: (file: UploadFile) => Promise<Uploaded>
  /** Paths below `/:userTypeId/`. */
  paths: { list: string; create: string; detail: (id: string) => string; edit: (id: string) => string }
  /** Deliveries choose the site language they show in. */
  hasLang: boolean
}

export const newsKind: NoticeKind = {
  key: ['news'],
  writeAction: 'news:manage',
  list: (query, signal) => call('content.newsList', { query }, { signal }),
  get: (id, signal) => call('content.newsGet', { params: { id } }, { signal }),
  create: (body) => call('content.newsCreate', { body }),
  update: (id, body) => call('content.newsUpdate', { params: { id }, body }),
  remove: (id, version) => call('content.newsRemove', { params: { id }, query: { version } }),
  uploadUrl: (body) => call('content.newsUploadUrl', { body }),
  paths: {
    list: 'latest-information',
    create: 'latest-information/create',
    detail: (id) => `latest-information/${id}`,
    edit: (id) => `latest-information/edit/${id}`,
  },
  hasLang: false,
}

export const deliveryKind = (siteId: string): NoticeKind => ({
  key: ['delivery', siteId],
  writeAction: 'site:write',
  list: (query, signal) => call('content.deliveryList', { query: { ...query, siteId } }, { signal }),
  get: (id, signal) => call('content.deliveryGet', { params: { id } }, { signal }),
  create: (body) => call('content.deliveryCreate', { body: { ...body, siteId } as never }),
  update: (id, body) => call('content.deliveryUpdate', { params: { id }, body: body as never }),
  remove: (id, version) => call('content.deliveryRemove', { params: { id }, query: { version } }),
  uploadUrl: (body) => call('content.deliveryUploadUrl', { body: { ...body, siteId } }),
  paths: {
    list: `notification-delivery/${siteId}`,
    create: `notification-delivery/${siteId}/create`,
    detail: (id) => `notification-delivery/${siteId}/detail/${id}`,
    edit: (id) => `notification-delivery/${siteId}/edit/${id}`,
  },
  hasLang: true,
})

const PAGE = 20

export const noticeListQuery = (kind: NoticeKind, status: NoticeStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: [...kind.key, 'list', status ?? 'all'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      kind.list(
        { limit: PAGE, ...(status ? { status } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

export const noticeQuery = (kind: NoticeKind, id: string) =>
  queryOptions({ queryKey: [...kind.key, 'one', id], queryFn: ({ signal }) => kind.get(id, signal) })

const useInvalidate = (kind: NoticeKind) => {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: kind.key })
}

export const useSaveNotice = (kind: NoticeKind) => {
  const onSuccess = useInvalidate(kind)
  return useMutation({
    mutationFn: ({ id, version, body }: { id?: string; version?: number; body: NoticeBody }) =>
      id && version ? kind.update(id, { ...body, version }) : kind.create(body),
    onSuccess,
  })
}

export const useDeleteNotice = (kind: NoticeKind) => {
  const onSuccess = useInvalidate(kind)
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => kind.remove(id, version),
    onSuccess,
  })
}

/** Uploads an image with the kind's presigned URL: the key to attach, checked by the server on save. */
export const uploadNoticeImage = async (
  kind: NoticeKind,
  file: File,
): Promise<{ key: string; fileName: string }> => {
  const contentType = file.type === 'image/png' ? 'image/png' : 'image/jpeg'
  const target = await kind.uploadUrl({ fileName: file.name, contentType, size: file.size })
  const response = await fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: file })
  if (!response.ok) throw new Error(`upload ${response.status}`)
  return { key: target.key, fileName: file.name }
}
