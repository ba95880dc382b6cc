import { authRoutes } from '@swipe/shared/contract/auth'
import { ForbiddenError } from '#lib/errors'
import { endpoint, ok } from '#lib/http'
import { userInfoOf } from './session.ts'

export const handler = endpoint(authRoutes['auth.userInfo'], async ({ actor }) => {
  if (actor?.kind !== 'admin') throw new ForbiddenError()
  return ok(await userInfoOf(actor.account))
})
