import { randomUUID } from 'node:crypto'
import { authRoutes } from '@swipe/shared/contract/auth'
import { endpoint, ok } from '#edge/http'
import { clientIp, emailClient, takeOrRefuse } from '#edge/rate-limit'
import { runJob } from '#platform/services/jobs'

export { RESET_TTL_MS } from './jobs.ts'

/**
 * POST /auth/forgot-password. Limited per client address and per email (429 with Retry-After);
 * then the lookup, the token and the mail are a job (`passwordReset`, ./jobs.ts), so the request
 * does the same work, in the same time, whether or not the account exists, and never waits on
 * SES. The same answer either way (no enumeration).
 */
export const handler = endpoint(authRoutes['auth.forgotPassword'], async ({ body, event, locale, t }) => {
  const email = body.email.toLowerCase()
  await takeOrRefuse([
    ['passwordResetClient', clientIp(event)],
    ['passwordResetEmail', emailClient(email)],
  ])
  await runJob({ context: 'auth', type: 'passwordReset', id: randomUUID(), input: { email, locale } })
  return ok({ message: t('auth.resetRequested') })
})
