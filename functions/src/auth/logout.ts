import { RevokeTokenCommand } from '@aws-sdk/client-cognito-identity-provider'
import { authRoutes } from '@swipe/shared/contract/auth'
import { RevokedTokens } from '#data/auth'
import { endpoint } from '#edge/http'
import { adminPool, cognito } from '#platform/services/cognito'
import { logger } from '#platform/services/logger'
import { sha256 } from './session.ts'

/** Cognito refresh tokens live at most 30 days; the revocation record outlives them. */
const REVOCATION_TTL_S = 31 * 24 * 3600

export const handler = endpoint(authRoutes['auth.logout'], async ({ body }) => {
  if (body.refreshToken) {
    await RevokedTokens.put({
      tokenHash: sha256(body.refreshToken),
      expiresAt: Math.ceil(Date.now() / 1000) + REVOCATION_TTL_S,
    }).go()
    try {
      await cognito.send(new RevokeTokenCommand({ ClientId: adminPool.clientId, Token: body.refreshToken }))
    } catch (error) {
      // The record above already refuses the token; Cognito may not know a token issued elsewhere.
      logger.warn('Cognito RevokeToken failed', { error: (error as Error).name })
    }
  }
  return { status: 204 }
})
