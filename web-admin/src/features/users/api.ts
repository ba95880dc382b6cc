import type { CREATABLE_TYPES } from '@swipe/shared'
import type { Contract, RouteInput, RouteOutput } from '@swipe/shared/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, call, callDownload } from '../../lib/api.ts'
import { putFile } from '../../lib/files.ts'

/** Account types a console creates as users. */
export type CreatableType = (typeof CREATABLE_TYPES)[number]

/** A page of profiles (the contract's `accounts.list`). */
export type UserPage = RouteOutput<Contract['accounts.list']>
/** A user's profile as the user list and detail send it. */
export type Profile = UserPage['items'][number]
/** A profile with its contract history, newest first. */
export type UserDetail = RouteOutput<Contract['accounts.get']>
export type HistoryEntry = UserDetail['history'][number]

export const USERS_PAGE_SIZE = 20

/** The list's filters and cursor; `limit` defaults to USERS_PAGE_SIZE. */
export type UserListParams = NonNullable<RouteInput<Contract['accounts.list']>['query']>
export type CreateUserBody = RouteInput<Contract['accounts.create']>['body']
type UpdateUserBody = RouteInput<Contract['accounts.update']>['body']
/** The fields a user form edits (create adds the type, parent and email). */
export type UserFields = Omit<UpdateUserBody, 'version'>
type ContractBody = RouteInput<Contract['accounts.contract']>['body']
export type ContractAction = ContractBody['action']

/** The list filters a CSV export takes (the list's, without paging). */
export type UserExportParams = NonNullable<RouteInput<Contract['accounts.export']>['query']>

/** What `accounts.importPreview` finds in an uploaded CSV; nothing is written. */
export type ImportReport = RouteOutput<Contract['accounts.importPreview']>
export type ImportRowStatus = ImportReport['rows'][number]['status']
/** One problem of an uploaded CSV: its line as a spreadsheet numbers it (header = 1) and its column. */
export type ImportCellError = ImportReport['errors'][number]

/** The user-management calls (SPEC §7 Other; functions/src/accounts). */
export const usersApi = {
  list: (query: UserListParams, signal?: AbortSignal) =>
    call('accounts.list', { query: { limit: USERS_PAGE_SIZE, ...query } }, { signal }),
  get: (id: string, signal?: AbortSignal) => call('accounts.get', { params: { id } }, { signal }),
  create: (body: CreateUserBody) => call('accounts.create', { body }),
  update: (id: string, body: UpdateUserBody) => call('accounts.update', { params: { id }, body }),
  contract: (id: string, body: ContractBody) => call('accounts.contract', { params: { id }, body }),
  remove: (id: string, version: number) => call('accounts.remove', { params: { id }, query: { version } }),
  /** The list as CSV (UTF-8 with BOM), with the list's filters. */
  exportCsv: (query: UserExportParams) => callDownload('accounts.export', { query }),
  importUploadUrl: (body: RouteInput<Contract['accounts.importUploadUrl']>['body'], signal?: AbortSignal) =>
    call('accounts.importUploadUrl', { body }, { signal }),
  importPreview: (key: string, signal?: AbortSignal) =>
    call('accounts.importPreview', { body: { key } }, { signal }),
  importCommit: (key: string) => call('accounts.importCommit', { body: { key } }),
}

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: UserListParams) => [...userKeys.lists(), params] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: string) => [...userKeys.details(), id] as const,
}

export const usersListQuery = (params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => usersApi.list(params, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  })

export const userDetailQuery = (id: string) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => usersApi.get(id, signal) })

/** Another change was saved since the screen loaded the item (optimistic lock). */
export const isStaleVersion = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.code === 'error.conflict'

export const useCreateUser = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: usersApi.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  })
}

export const useUpdateUser = (id: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateUserBody) => usersApi.update(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  })
}

export const useContractAction = (id: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ContractBody) => usersApi.contract(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  })
}

export const useDeleteUser = (id: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (version: number) => usersApi.remove(id, version),
    onSuccess: () => {
      // The detail is gone: drop it rather than refetch a 404.
      queryClient.removeQueries({ queryKey: userKeys.detail(id) })
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() })
    },
  })
}

/** Downloads the list as CSV with the given filters; resolves with the file and its name. */
export const useExportUsers = () => useMutation({ mutationFn: usersApi.exportCsv })

export interface ImportUpload {
  file: File
  /** 0–100 while the bytes go up; the server's check follows at 100. */
  onProgress?: (percent: number) => void
  signal?: AbortSignal
}

/**
 * Puts a CSV where the server can read it (a presigned URL) and has every row checked. Nothing is
 * written yet; the key it resolves with is what an import then names.
 */
export const usePreviewImport = () =>
  useMutation({
    mutationFn: async ({ file, onProgress, signal }: ImportUpload) => {
      const target = await usersApi.importUploadUrl({ fileName: file.name, size: file.size }, signal)
      await putFile(target, file, { onProgress, signal })
      return { key: target.key, report: await usersApi.importPreview(target.key, signal) }
    },
  })

/** Imports an uploaded, previewed CSV; the list then shows the new users. */
export const useImportUsers = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: usersApi.importCommit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  })
}
