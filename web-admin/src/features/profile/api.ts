import type { Contract, RouteInput } from '@swipe/shared/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../lib/api.ts'
import { authKeys } from '../../lib/auth.ts'
import { putFile } from '../../lib/files.ts'
import type { UserInfo } from '../../lib/session.ts'

type LogoUploadBody = RouteInput<Contract['accounts.logoUploadUrl']>['body']
export type LogoContentType = LogoUploadBody['contentType']

/** The signed-in account's profile picture (SPEC §2 profile picture settings). */
export const profileApi = {
  logoUploadUrl: (body: LogoUploadBody, signal?: AbortSignal) =>
    call('accounts.logoUploadUrl', { body }, { signal }),
  /** Has the server check the uploaded bytes and attach them. */
  confirmLogo: (body: RouteInput<Contract['accounts.logoConfirm']>['body'], signal?: AbortSignal) =>
    call('accounts.logoConfirm', { body }, { signal }),
  removeLogo: () => call('accounts.logoRemove'),
}

export interface LogoUpload {
  file: File
  contentType: LogoContentType
  /** 0–100 while the bytes go up. */
  onProgress?: (percent: number) => void
  signal?: AbortSignal
}

/** Shows the new picture at once (the header reads user info), then refetches user info. */
const useLogoChanged = () => {
  const queryClient = useQueryClient()
  return (logoUrl: string | null) => {
    queryClient.setQueryData<UserInfo>(authKeys.userInfo(), (info) => (info ? { ...info, logoUrl } : info))
    return queryClient.invalidateQueries({ queryKey: authKeys.userInfo() })
  }
}

/** Uploads a picture to its presigned URL and attaches it to the account. */
export const useSaveLogo = () => {
  const onChanged = useLogoChanged()
  return useMutation({
    mutationFn: async ({ file, contentType, onProgress, signal }: LogoUpload) => {
      const target = await profileApi.logoUploadUrl(
        { fileName: file.name, contentType, size: file.size },
        signal,
      )
      await putFile(target, file, { onProgress, signal })
      return profileApi.confirmLogo({ key: target.key, fileName: file.name }, signal)
    },
    onSuccess: (data) => onChanged(data.logoUrl),
  })
}

export const useRemoveLogo = () => {
  const onChanged = useLogoChanged()
  return useMutation({ mutationFn: profileApi.removeLogo, onSuccess: () => onChanged(null) })
}
