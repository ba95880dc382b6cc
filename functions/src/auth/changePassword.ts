import { ChangePasswordCommand } from '@aws-sdk/client-cognito-identity-provider'
import { authRoutes } from '@swipe/shared/contract/auth'
import { ValidationError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { cognito } from '#platform/services/cognito'

export const handler = endpoint(authRoutes['auth.changePassword'], async ({ body, event, t }) => {
  const token = (event.headers.authorization ?? '').replace(/^Bearer\s+/i, '')
  try {
    await cognito.send(
      new ChangePasswordCommand({
        AccessToken: token,
        PreviousPassword: body.oldPassword,
        ProposedPassword: body.newPassword,
      }),
    )
  } catch (error) {
    const name = (error as { name?: string }).name
    // The new password already passed our stricter schema, so Cognito refusing means the old one was wrong.
    if (name === 'NotAuthorizedException' || name === 'InvalidPasswordException') {
      throw new ValidationError([{ path: 'body.oldPassword', code: 'auth.wrongPassword' }])
    }
    throw error
  }
  return ok({ message: t('auth.passwordChanged') })
})
