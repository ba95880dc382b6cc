import {
  InitiateAuthCommand,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider'
import { LoginBody } from '@swipe/shared'
import { adminPool, cognito } from '#lib/cognito'
import { UnauthorizedError } from '#lib/errors'
import { endpoint, ok } from '#lib/http'
import { routes } from '../routes.ts'
import { assertNotLocked, clearFailures, normaliseLoginId, recordFailure } from './lockout.ts'
import { accountOfTokens, isCredentialFailure, sessionBody } from './session.ts'

export const handler = endpoint(routes['auth.login'], { body: LoginBody }, async ({ body }) => {
  const loginId = normaliseLoginId(body.loginId)
  await assertNotLocked(loginId)
  let result: InitiateAuthCommandOutput
  try {
    result = await cognito.send(
      new InitiateAuthCommand({
        ClientId: adminPool.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: loginId, PASSWORD: body.password },
      }),
    )
  } catch (error) {
    if (!isCredentialFailure(error)) throw error
    // One answer for every reason: unknown ID, wrong password, disabled user.
    await recordFailure(loginId)
    throw new UnauthorizedError('auth.loginFailed')
  }
  await clearFailures(loginId)
  if (result.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
    return ok({ challenge: 'NEW_PASSWORD_REQUIRED', session: result.Session, loginId })
  }
  if (!result.AuthenticationResult) throw new UnauthorizedError('auth.loginFailed')
  const account = await accountOfTokens(result.AuthenticationResult)
  return ok(await sessionBody(result.AuthenticationResult, account))
})
