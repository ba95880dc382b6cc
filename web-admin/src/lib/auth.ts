import type { Contract, RouteInput, RouteOutput } from '@swipe/shared/contract'
import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { call } from './api.ts'
import { landingPath, normalizeUserInfo, startSession, storeUserInfo, type UserInfo } from './session.ts'

/** What POST /auth/login answers: a finished sign-in or the new-password challenge. */
export type LoginResult = RouteOutput<Contract['auth.login']>
/** A finished sign-in (POST /auth/login or /auth/complete-new-password). */
export type SignInSuccess = RouteOutput<Contract['auth.completeNewPassword']>
/** A temporary password must be replaced before the first sign-in completes. */
export type NewPasswordChallenge = Extract<LoginResult, { challenge: 'NEW_PASSWORD_REQUIRED' }>

export const isNewPasswordChallenge = (result: LoginResult): result is NewPasswordChallenge =>
  'challenge' in result && result.challenge === 'NEW_PASSWORD_REQUIRED'

type BodyOf<Id extends keyof Contract> = RouteInput<Contract[Id]>['body']

/**
 * The session's API: the auth calls of SPEC §7, the signed-in user's info and sign-in completion.
 * It is shared, not one feature's: the sign-in screens call it, the app wires the API client's
 * user-info refetch to its cache key, the console layout loads the user info first and the profile
 * screen updates it. (Being in the entry's graph, it also adds no chunk of its own to /login.)
 */

/** The auth calls. Public routes send no token; calls before sign-in skip the 401/403 rules. */
export const authApi = {
  login: (body: BodyOf<'auth.login'>) => call('auth.login', { body }),
  completeNewPassword: (body: BodyOf<'auth.completeNewPassword'>) =>
    call('auth.completeNewPassword', { body }),
  forgotPassword: (body: BodyOf<'auth.forgotPassword'>) => call('auth.forgotPassword', { body }),
  verifyToken: (token: string) => call('auth.verifyToken', { body: { token } }),
  resetPassword: (body: BodyOf<'auth.resetPassword'>) => call('auth.resetPassword', { body }),
  changePassword: (body: BodyOf<'auth.changePassword'>) => call('auth.changePassword', { body }),
  /** Revokes the refresh token; a failure must not keep the user signed in, so no redirects here. */
  logout: (refreshToken: string) =>
    call('auth.logout', { body: { refreshToken } }, { handleAuthErrors: false }),
}

export const authKeys = {
  all: ['auth'] as const,
  userInfo: () => [...authKeys.all, 'userInfo'] as const,
  verifyToken: (token: string) => [...authKeys.all, 'verifyToken', token] as const,
}

/** GET /auth/user-info, normalised and kept in storage for the next page load. */
export const fetchUserInfo = async (): Promise<UserInfo> => {
  const info = normalizeUserInfo(await call('auth.userInfo'))
  storeUserInfo(info)
  return info
}

export const userInfoQuery = () =>
  queryOptions({ queryKey: authKeys.userInfo(), queryFn: fetchUserInfo, staleTime: 60_000 })

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
