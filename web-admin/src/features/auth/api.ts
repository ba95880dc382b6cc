import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { api } from '../../lib/api.ts'
import {
  landingPath,
  normalizeUserInfo,
  startSession,
  storeUserInfo,
  USER_INFO_PATH,
  type UserInfo,
} from '../../lib/session.ts'

/** A finished sign-in (POST /auth/login or /auth/complete-new-password). */
export interface SignInSuccess {
  accessToken: string
  refreshToken: string
  expiresIn: number
  userInfo?: unknown
}

/** A temporary password must be replaced before the first sign-in completes. */
export interface NewPasswordChallenge {
  challenge: 'NEW_PASSWORD_REQUIRED'
  session: string
  loginId: string
}

export type LoginResult = SignInSuccess | NewPasswordChallenge

export const isNewPasswordChallenge = (result: LoginResult): result is NewPasswordChallenge =>
  'challenge' in result && result.challenge === 'NEW_PASSWORD_REQUIRED'

/** A message the server sends back on success; shown as the success toast. */
export interface ServerMessage {
  message?: string
}

/** The auth calls of SPEC §7. Calls made before sign-in send no token and skip the 401/403 rules. */
export const authApi = {
  login: (body: { loginId: string; password: string }) =>
    api.post<LoginResult>('/auth/login', body, { auth: false }),
  completeNewPassword: (body: { loginId: string; session: string; newPassword: string }) =>
    api.post<SignInSuccess>('/auth/complete-new-password', body, { auth: false }),
  forgotPassword: (body: { email: string }) =>
    api.post<ServerMessage>('/auth/forgot-password', body, { auth: false }),
  verifyToken: (token: string) =>
    api.post<{ valid: boolean; email?: string }>('/auth/verify-token', { token }, { auth: false }),
  resetPassword: (body: { token: string; newPassword: string }) =>
    api.post<ServerMessage | undefined>('/auth/reset-password', body, { auth: false }),
  changePassword: (body: { oldPassword: string; newPassword: string }) =>
    api.post<ServerMessage | undefined>('/auth/change-password', body),
  /** Revokes the refresh token; a failure must not keep the user signed in, so no redirects here. */
  logout: (refreshToken: string) =>
    api.post<void>('/auth/logout', { refreshToken }, { handleAuthErrors: false }),
  userInfo: async (): Promise<UserInfo> => {
    const info = normalizeUserInfo(await api.get<unknown>(USER_INFO_PATH))
    storeUserInfo(info)
    return info
  },
}

export const authKeys = {
  all: ['auth'] as const,
  userInfo: () => [...authKeys.all, 'userInfo'] as const,
  verifyToken: (token: string) => [...authKeys.all, 'verifyToken', token] as const,
}

export const userInfoQuery = () =>
  queryOptions({ queryKey: authKeys.userInfo(), queryFn: authApi.userInfo, staleTime: 60_000 })

export const verifyTokenQuery = (token: string) =>
  queryOptions({
    queryKey: authKeys.verifyToken(token),
    queryFn: () => authApi.verifyToken(token),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  })

/**
 * Stores the tokens of a successful sign-in, primes the user-info cache and returns where to land.
 * If the server left out `user_info`, it is fetched with the new token.
 */
export const useCompleteSignIn = () => {
  const queryClient = useQueryClient()
  return useCallback(
    async (result: SignInSuccess): Promise<string> => {
      queryClient.clear()
      if (result.userInfo) {
        const info = normalizeUserInfo(result.userInfo)
        startSession(result, info)
        queryClient.setQueryData(authKeys.userInfo(), info)
        return landingPath(info)
      }
      startSession(result, normalizeUserInfo({}))
      const info = await queryClient.fetchQuery(userInfoQuery())
      return landingPath(info)
    },
    [queryClient],
  )
}
