import type { Contract, RouteInput, RouteOutput } from '@swipe/shared/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../lib/api.ts'

/** A sub-admin of the signed-in account (the contract's `accounts.listSubAdmins`). */
export type SubAdmin = RouteOutput<Contract['accounts.listSubAdmins']>['items'][number]

type CreateSubAdminBody = RouteInput<Contract['accounts.createSubAdmin']>['body']
type UpdateSubAdminBody = RouteInput<Contract['accounts.updateSubAdmin']>['body']
/** What the sub-admin form edits (a new one adds its email). */
export type SubAdminFields = Omit<UpdateSubAdminBody, 'version'>
export type AdminRole = SubAdminFields['adminRole']

/** Admin settings (SPEC §2): the signed-in account's own sub-admins. */
export const subAdminsApi = {
  list: (signal?: AbortSignal) => call('accounts.listSubAdmins', {}, { signal }),
  create: (body: CreateSubAdminBody) => call('accounts.createSubAdmin', { body }),
  update: (id: string, body: UpdateSubAdminBody) => call('accounts.updateSubAdmin', { params: { id }, body }),
  remove: (id: string, version: number) =>
    call('accounts.removeSubAdmin', { params: { id }, query: { version } }),
}

export const subAdminKeys = {
  all: ['subAdmins'] as const,
  list: () => [...subAdminKeys.all, 'list'] as const,
}

export const subAdminsQuery = () =>
  queryOptions({ queryKey: subAdminKeys.list(), queryFn: ({ signal }) => subAdminsApi.list(signal) })

const useInvalidateSubAdmins = () => {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: subAdminKeys.all })
}

export const useCreateSubAdmin = () => {
  const onSuccess = useInvalidateSubAdmins()
  return useMutation({ mutationFn: subAdminsApi.create, onSuccess })
}

export const useUpdateSubAdmin = () => {
  const onSuccess = useInvalidateSubAdmins()
  return useMutation({
    mutationFn: ({ id, ...body }: SubAdminFields & { id: string; version: number }) =>
      subAdminsApi.update(id, body),
    onSuccess,
  })
}

export const useDeleteSubAdmin = () => {
  const onSuccess = useInvalidateSubAdmins()
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => subAdminsApi.remove(id, version),
    onSuccess,
  })
}
