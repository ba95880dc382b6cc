import { ForgotPasswordBody } from '@swipe/shared'
import { Accounts } from '#data/accounts'
import { ResetTokens } from '#data/auth'
import { endpoint, ok } from '#lib/http'
import { logger } from '#lib/logger'
import { sendMail } from '#lib/mail'
import { adminUrl } from '#lib/urls'
import { routes } from '../routes.ts'
import { newToken, sha256 } from './session.ts'

/** Reset links live 60 minutes. */
export const RESET_TTL_MS = 60 * 60_000

export const handler = endpoint(
  routes['auth.forgotPassword'],
  { body: ForgotPasswordBody },
  async ({ body, t }) => {
    const email = body.email.toLowerCase()
    const account = (await Accounts.query.byEmail({ email }).go({ limit: 1 })).data[0]
    if (account?.contractStatus === 'ACTIVE') {
      const token = newToken()
      await ResetTokens.create({
        tokenHash: sha256(token),
        accountId: account.accountId,
        email,
        cognitoUsername: account.cognitoUsername,
        expiresAt: Math.ceil((Date.now() + RESET_TTL_MS) / 1000),
      }).go()
      const link = adminUrl(`/new-password?token=${encodeURIComponent(token)}`)
      await sendMail({
        to: email,
        subject: t('auth.resetMailSubject'),
        text: t('auth.resetMailBody', { email, link }),
      })
      logger.info('Password reset link sent', { accountId: account.accountId })
    }
    // The same answer whether or not the account exists (no enumeration).
    return ok({ message: t('auth.resetRequested') })
  },
)
