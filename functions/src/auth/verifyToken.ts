import { authRoutes } from '@swipe/shared/contract/auth'
import { ResetTokens } from '#data/auth'
import { BadRequestError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { sha256 } from './session.ts'

/** The reset link's record while it is still valid (TTL deletion is lazy, so time is checked too). */
export const liveResetToken = async (token: string) => {
  const found = (await ResetTokens.get({ tokenHash: sha256(token) }).go()).data
  if (!found || found.expiresAt * 1000 <= Date.now()) throw new BadRequestError('auth.resetTokenInvalid')
  return found
}

export const handler = endpoint(authRoutes['auth.verifyToken'], async ({ body }) => {
  const found = await liveResetToken(body.token)
  return ok({ valid: true as const, email: found.email })
})
