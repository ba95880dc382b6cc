import {
  InitiateAuthCommand,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider'
import { RefreshTokenBody } from '@swipe/shared'
import { RevokedTokens } from '#data/auth'
import { adminPool, cognito } from '#lib/cognito'
import { UnauthorizedError } from '#lib/errors'
import { endpoint, ok } from '#lib/http'
import { routes } from '../routes.ts'
import { accountOfTokens, isCredentialFailure, sha256 } from './session.ts'

export const handler = endpoint(routes['auth.refreshToken'], { body: RefreshTokenBody }, async ({ body }) => {
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
  if (!result.AuthenticationResult) throw new UnauthorizedError()
  // A suspended account gets no new access token either.
  await accountOfTokens(result.AuthenticationResult)
  return ok({
    accessToken: result.AuthenticationResult.AccessToken,
    expiresIn: result.AuthenticationResult.ExpiresIn ?? 3600,
  })
})
