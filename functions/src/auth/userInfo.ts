import { authRoutes } from '@swipe/shared/contract/auth'
import { ForbiddenError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { userInfoOf } from './session.ts'

export const handler = endpoint(authRoutes['auth.userInfo'], async ({ actor }) => {
  if (actor?.kind !== 'admin') throw new ForbiddenError()
  return ok(await userInfoOf(actor.account))
})
