import type { Contract, RouteInput, RouteOutput } from '@swipe/shared/contract'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { call } from './api.ts'

/**
 * The account reads several screens share: the user list and detail, and the site list's owner
 * filter and owner column. Their cache keys live here too, so that the user screens' changes
 * refresh what the site list shows.
 */

/** A page of profiles (the contract's `accounts.list`). */
export type UserPage = RouteOutput<Contract['accounts.list']>
/** A user's profile as the user list and detail send it. */
export type Profile = UserPage['items'][number]

export const USERS_PAGE_SIZE = 20

/** The list's filters and cursor; `limit` defaults to USERS_PAGE_SIZE. */
export type UserListParams = NonNullable<RouteInput<Contract['accounts.list']>['query']>

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
    queryFn: ({ signal }) =>
      call('accounts.list', { query: { limit: USERS_PAGE_SIZE, ...params } }, { signal }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  })

export const userDetailQuery = (id: string) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => call('accounts.get', { params: { id } }, { signal }),
  })

/** The name a user is shown by: company, else contact, else email. */
export const displayName = (profile: Pick<Profile, 'companyName' | 'contactName' | 'email'>): string =>
  profile.companyName ?? profile.contactName ?? profile.email
