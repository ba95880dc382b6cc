import { ForbiddenError } from '#lib/errors'
import { endpoint, ok } from '#lib/http'
import { routes } from '../routes.ts'
import { userInfoOf } from './session.ts'

export const handler = endpoint(routes['auth.userInfo'], {}, async ({ actor }) => {
  if (actor?.kind !== 'admin') throw new ForbiddenError()
  return ok(await userInfoOf(actor.account))
})
