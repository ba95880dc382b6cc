import type { Contract, RouteInput, RouteOutput } from '@swipe/shared/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { userKeys } from '../../lib/accounts.ts'
import { call, callDownload } from '../../lib/api.ts'
import { putFile } from '../../lib/files.ts'

/** A profile with its contract history, newest first. */
export type UserDetail = RouteOutput<Contract['accounts.get']>
export type HistoryEntry = UserDetail['history'][number]

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

/** The user-management calls (SPEC §7 Other; functions/src/accounts); the reads other screens share are in lib/accounts.ts. */
export const usersApi = {
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
