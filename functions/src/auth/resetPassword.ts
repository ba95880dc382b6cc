import { AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider'
import { authRoutes } from '@swipe/shared/contract/auth'
import { ResetTokens } from '#data/auth'
import { BadRequestError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { adminPool, cognito } from '#platform/services/cognito'
import { clearFailures } from './lockout.ts'
import { sha256 } from './session.ts'
import { liveResetToken } from './verifyToken.ts'

export const handler = endpoint(authRoutes['auth.resetPassword'], async ({ body, t }) => {
  const found = await liveResetToken(body.token)
  // Single use: only the request that deletes the record may set the password.
  try {
    await ResetTokens.delete({ tokenHash: sha256(body.token) })
      .where(({ tokenHash }, { exists }) => exists(tokenHash))
      .go()
  } catch {
    throw new BadRequestError('auth.resetTokenInvalid')
  }
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: adminPool.id,
      Username: found.cognitoUsername,
      Password: body.newPassword,
      Permanent: true,
    }),
  )
  await clearFailures(found.email)
  return ok({ message: t('auth.passwordReset') })
})
