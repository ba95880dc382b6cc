import {
  InitiateAuthCommand,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider'
import { authRoutes } from '@swipe/shared/contract/auth'
import { UnauthorizedError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { clientIp, giveBack, takeOrRefuse } from '#edge/rate-limit'
import { loginIdHash, securityEvent } from '#edge/security-log'
import * as clock from '#platform/services/clock'
import { adminPool, cognito } from '#platform/services/cognito'
import { assertNotLocked, clearFailures, LOCKOUT, normaliseLoginId, recordFailure } from './lockout.ts'
import { accountOfTokens, isCredentialFailure, sessionBody } from './session.ts'

/**
 * POST /auth/login. Two limits stand before the password is checked: the login ID's lockout
 * (5 failures in 15 minutes, ./lockout.ts) and the client address's allowance of failed sign-ins
 * (`RATE_LIMITS.adminLoginClient`, any IDs: password spraying from one address). The attempt is
 * taken from the address's allowance first and given back when the password was right, so only
 * failures count, and concurrent guesses cannot overtake the limit. Each failure writes one
 * `auth.failed` security line (the login ID as a hash, never the password); the failure that locks
 * the ID writes `auth.lockout` too.
 */
export const handler = endpoint(authRoutes['auth.login'], async ({ body, event }) => {
  const loginId = normaliseLoginId(body.loginId)
  await assertNotLocked(loginId)
  const client = clientIp(event)
  const now = clock.now()
  await takeOrRefuse([['adminLoginClient', client]], now)
  let failed = false
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
    failed = true
    // One answer for every reason: unknown ID, wrong password, disabled user.
    const line = {
      requestId: event.requestContext?.requestId,
      route: event.routeKey,
      actor: loginIdHash(loginId),
      client,
    }
    securityEvent('auth.failed', { ...line, reason: 'auth.loginFailed' })
    if (await recordFailure(loginId)) {
      securityEvent('auth.lockout', {
        ...line,
        reason: `${LOCKOUT.maxFailures} failures in ${LOCKOUT.windowMs / 60_000} minutes`,
      })
    }
    throw new UnauthorizedError('auth.loginFailed')
  } finally {
    if (!failed) await giveBack('adminLoginClient', client, 1, now)
  }
  await clearFailures(loginId)
  if (result.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
    // Cognito always sends the challenge's session; without one the challenge cannot be answered.
    if (!result.Session) throw new UnauthorizedError('auth.loginFailed')
    return ok({ challenge: 'NEW_PASSWORD_REQUIRED' as const, session: result.Session, loginId })
  }
  if (!result.AuthenticationResult) throw new UnauthorizedError('auth.loginFailed')
  const account = await accountOfTokens(result.AuthenticationResult)
  return ok(await sessionBody(result.AuthenticationResult, account))
})
