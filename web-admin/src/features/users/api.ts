import type {
  AccountType,
  Authority,
  ContractStatus,
  CREATABLE_TYPES,
  HistoryAction,
  ParentType,
} from '@swipe/shared'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, api, download } from '../../lib/api.ts'
import { type PresignedUpload, putFile } from '../../lib/files.ts'
import type { ServerMessage } from '../auth/api.ts'

/** Account types a console creates as users. */
export type CreatableType = (typeof CREATABLE_TYPES)[number]

/** A user's profile as GET /users and GET /users/{id} send it (camelCased). */
export interface Profile {
  id: string
  accountType: AccountType
  parentType: ParentType | null
  parentId: string | null
  email: string
  companyName: string | null
  contactName: string | null
  planId: string | null
  contractStartDate: string | null
  contractEndDate: string | null
  contractStatus: ContractStatus
  authority: Authority
  licenseIssuing: boolean
  adminRole: string | null
  createdAt: string
  updatedAt: string
  version: number
}

/** One row of the contract history, newest first. */
export interface HistoryEntry {
  executedAt: string
  executorId: string
  executorName: string | null
  action: HistoryAction
  detail: string | null
}

export interface UserDetail extends Profile {
  history: HistoryEntry[]
}

export const USERS_PAGE_SIZE = 20

export interface UserListParams {
  q?: string
  status?: ContractStatus
  accountType?: CreatableType
  parentId?: string
  planId?: string
  cursor?: string
  /** Page size; the list screen uses USERS_PAGE_SIZE. */
  limit?: number
}

export interface UserPage {
  items: Profile[]
  nextCursor: string | null
}

/** The fields a user form edits (create adds the type, parent and email). */
export interface UserFields {
  companyName: string
  contactName: string
  planId?: string
  contractStartDate?: string
  contractEndDate?: string
  /** Left out (kept, or the default on a create) when the signed-in account may not set it. */
  authority?: Authority
  licenseIssuing?: boolean
}

export interface CreateUserBody extends UserFields {
  accountType: CreatableType
  parentId?: string
  email: string
}

export type ContractAction = 'suspend' | 'resume' | 'terminate'

/** The list filters a CSV export takes (the list's, without paging). */
export type UserExportParams = Omit<UserListParams, 'cursor' | 'limit'>

export type ImportRowStatus = 'new' | 'existing' | 'error'

/** One problem of an uploaded CSV: its line as a spreadsheet numbers it (header = 1) and its column. */
export interface ImportCellError {
  row: number
  column: string
  code: string
  message: string
}

/** What POST /users/import/preview finds in an uploaded CSV; nothing is written. */
export interface ImportReport {
  encoding: 'utf-8' | 'shift_jis'
  totalRows: number
  newCount: number
  existingCount: number
  rows: { row: number; email: string; status: ImportRowStatus }[]
  errors: ImportCellError[]
}

export interface ImportResult extends ImportReport, ServerMessage {
  createdCount: number
}

/** The user-management calls (SPEC §7 Other; functions/src/accounts). */
export const usersApi = {
  list: (params: UserListParams, signal?: AbortSignal) =>
    api.get<UserPage>('/users', { params: { limit: USERS_PAGE_SIZE, ...params }, signal }),
  get: (id: string, signal?: AbortSignal) =>
    api.get<UserDetail>(`/users/${encodeURIComponent(id)}`, { signal }),
  create: (body: CreateUserBody) => api.post<Profile & ServerMessage>('/users', body),
  update: (id: string, body: UserFields & { version: number }) =>
    api.put<Profile & ServerMessage>(`/users/${encodeURIComponent(id)}`, body),
  contract: (id: string, body: { action: ContractAction; version: number }) =>
    api.post<Profile & ServerMessage>(`/users/${encodeURIComponent(id)}/contract`, body),
  remove: (id: string, version: number) =>
    api.delete<ServerMessage>(`/users/${encodeURIComponent(id)}`, { params: { version } }),
  /** The list as CSV (UTF-8 with BOM), with the list's filters. */
  exportCsv: (params: UserExportParams) => download('/users/export', { params: { ...params } }),
  importUploadUrl: (body: { fileName: string; size: number }, signal?: AbortSignal) =>
    api.post<PresignedUpload>('/users/import/upload-url', body, { signal }),
  importPreview: (key: string, signal?: AbortSignal) =>
    api.post<ImportReport>('/users/import/preview', { key }, { signal }),
  importCommit: (key: string) => api.post<ImportResult>('/users/import', { key }),
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
    mutationFn: (body: UserFields & { version: number }) => usersApi.update(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  })
}

export const useContractAction = (id: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { action: ContractAction; version: number }) => usersApi.contract(id, body),
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
