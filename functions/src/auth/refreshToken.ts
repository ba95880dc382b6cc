import {
  InitiateAuthCommand,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider'
import { authRoutes } from '@swipe/shared/contract/auth'
import { RevokedTokens } from '#data/auth'
import { UnauthorizedError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { adminPool, cognito } from '#platform/services/cognito'
import { accountOfTokens, isCredentialFailure, sha256 } from './session.ts'

export const handler = endpoint(authRoutes['auth.refreshToken'], async ({ body }) => {
  const revoked = (await RevokedTokens.get({ tokenHash: sha256(body.refreshToken) }).go()).data
  if (revoked) throw new UnauthorizedError()
  let result: InitiateAuthCommandOutput
  try {
    result = await cognito.send(
      new InitiateAuthCommand({
        ClientId: adminPool.clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: body.refreshToken },
      }),
    )
  } catch (error) {
    if (isCredentialFailure(error)) throw new UnauthorizedError()
    throw error
  }
  const tokens = result.AuthenticationResult
  if (!tokens?.AccessToken) throw new UnauthorizedError()
  // A suspended account gets no new access token either.
  await accountOfTokens(tokens)
  return ok({ accessToken: tokens.AccessToken, expiresIn: tokens.ExpiresIn ?? 3600 })
})
