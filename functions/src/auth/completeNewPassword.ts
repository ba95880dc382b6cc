import {
  RespondToAuthChallengeCommand,
  type RespondToAuthChallengeCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider'
import { authRoutes } from '@swipe/shared/contract/auth'
import { UnauthorizedError, ValidationError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { adminPool, cognito } from '#platform/services/cognito'
import { normaliseLoginId } from './lockout.ts'
import { accountOfTokens, sessionBody } from './session.ts'

export const handler = endpoint(authRoutes['auth.completeNewPassword'], async ({ body }) => {
  let result: RespondToAuthChallengeCommandOutput
  try {
    result = await cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: adminPool.clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: body.session,
        ChallengeResponses: { USERNAME: normaliseLoginId(body.loginId), NEW_PASSWORD: body.newPassword },
      }),
    )
  } catch (error) {
    const name = (error as { name?: string }).name
    if (name === 'InvalidPasswordException') {
      throw new ValidationError([{ path: 'body.newPassword', code: 'validation.passwordRule' }])
    }
    if (
      name === 'NotAuthorizedException' ||
      name === 'CodeMismatchException' ||
      name === 'ExpiredCodeException'
    ) {
      throw new UnauthorizedError('auth.sessionExpired')
    }
    throw error
  }
  if (!result.AuthenticationResult) throw new UnauthorizedError('auth.sessionExpired')
  const account = await accountOfTokens(result.AuthenticationResult)
  return ok(await sessionBody(result.AuthenticationResult, account))
})
