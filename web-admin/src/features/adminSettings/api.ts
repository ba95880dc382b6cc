import type { ADMIN_ROLES, Authority } from '@swipe/shared'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api.ts'
import type { ServerMessage } from '../auth/api.ts'

export type AdminRole = (typeof ADMIN_ROLES)[number]

/** A sub-admin of the signed-in account (GET /sub-admins, camelCased). */
export interface SubAdmin {
  id: string
  contactName: string | null
  email: string
  adminRole: AdminRole | null
  authority: Authority
  contractStatus: string
  createdAt: string
  version: number
}

export interface SubAdminFields {
  contactName: string
  adminRole: AdminRole
  authority: Authority
}

/** Admin settings (SPEC §2): the signed-in account's own sub-admins. */
export const subAdminsApi = {
  list: (signal?: AbortSignal) => api.get<{ items: SubAdmin[] }>('/sub-admins', { signal }),
  create: (body: SubAdminFields & { email: string }) =>
    api.post<SubAdmin & ServerMessage>('/sub-admins', body),
  update: (id: string, body: SubAdminFields & { version: number }) =>
    api.put<SubAdmin & ServerMessage>(`/sub-admins/${encodeURIComponent(id)}`, body),
  remove: (id: string, version: number) =>
    api.delete<ServerMessage>(`/sub-admins/${encodeURIComponent(id)}`, { params: { version } }),
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
