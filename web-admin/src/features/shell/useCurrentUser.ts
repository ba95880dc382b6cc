import { useQuery } from '@tanstack/react-query'
import { userInfoQuery } from '../../lib/auth.ts'
import type { UserInfo } from '../../lib/session.ts'

/** The signed-in user; only for screens inside the console layout, which loads it first. */
export const useCurrentUser = (): UserInfo => {
  const { data } = useQuery(userInfoQuery())
  if (!data) throw new Error('useCurrentUser is used outside the console layout')
  return data
}
