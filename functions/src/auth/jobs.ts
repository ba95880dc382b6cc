import { isLocale, translate } from '@swipe/shared'
import { Accounts } from '#data/accounts'
import { ResetTokens } from '#data/auth'
import type { JobRunners } from '#platform/services/jobs'
import { logger } from '#platform/services/logger'
import { sendMail } from '#platform/services/mail'
import { adminUrl } from '#platform/services/urls'
import { newToken, sha256 } from './session.ts'

/** Reset links live 60 minutes. */
export const RESET_TTL_MS = 60 * 60_000

/**
 * Mails a reset link when the email belongs to an active account, and does nothing otherwise.
 * Run as a job (`passwordReset`), so the request answers in the same time whether or not the
 * account exists (docs/decisions/0045-client-identity.md).
 */
export const sendResetLink = async (email: string, locale: string) => {
  const lang = isLocale(locale) ? locale : 'ja'
  const account = (await Accounts.query.byEmail({ email }).go({ limit: 1 })).data[0]
  if (account?.contractStatus !== 'ACTIVE') return
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
    subject: translate(lang, 'auth.resetMailSubject'),
    text: translate(lang, 'auth.resetMailBody', { email, link }),
  })
  logger.info('Password reset link sent', { accountId: account.accountId })
}

/** The auth context's asynchronous jobs (`#platform/services/jobs`), run by the same Lambda module as its routes. */
export const jobs: JobRunners<'auth'> = {
  passwordReset: async ({ input }) => {
    if (!input?.email) throw new Error('passwordReset job without an email')
    await sendResetLink(input.email, input.locale ?? 'ja')
  },
}
