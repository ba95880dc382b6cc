import { previewRoutes } from '@swipe/shared/contract/preview'
import { Sites } from '#data/sites'
import { UnauthorizedError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { PREVIEW_TOKEN_TTL_S, sharePasswordMatches, signPreviewToken } from '#edge/preview-tokens'
import { clientIp, giveBack, takeOrRefuse } from '#edge/rate-limit'
import { securityEvent } from '#edge/security-log'
import { now } from '#platform/services/clock'
import { assertNotLocked, clearFailures, recordFailure } from '../auth/lockout.ts'
import { normaliseEmail } from '../endUser/members.ts'
import { inviteOf, lockKey, shareOf } from './service.ts'

/**
 * An invited viewer opens a locked preview (SPEC §4): the email and the share password. Every
 * reason to refuse (no such site, no share, an address not invited, a wrong password) gets the
 * same 401 and message, after the same password hashing work, so nothing tells which; 5 failures
 * for one (site, email) pair in 15 minutes lock that pair for 15 minutes (429). A new email per
 * guess is held too: one client address has `RATE_LIMITS.previewLoginClient` failures per site
 * and 15 minutes whatever the emails (issue 29), taken before the password is hashed and given back
 * when it was right, as the admin sign-in does; once used up, 429 with no password check.
 */
export const handler = endpoint(previewRoutes['preview.login'], async ({ event, params, body }) => {
  const siteId = params.siteId
  const email = normaliseEmail(body.email)
  const key = lockKey(siteId, `email:${email}`)
  const at = now()
  await assertNotLocked(key, at)
  const client = clientIp(event)
  const window = ['previewLoginClient', `${siteId}|${client}`] as const
  await takeOrRefuse([window], at)
  const [site, share] = await Promise.all([Sites.get({ siteId }).go(), shareOf(siteId)])
  const invited = share && site.data && (!share.isPrivate || (await inviteOf(siteId, email)))
  const matches = await sharePasswordMatches(body.password, share?.passwordHash)
  if (!share || !invited || !matches) {
    securityEvent('auth.failed', {
      requestId: event.requestContext?.requestId,
      route: event.routeKey,
      client,
      actor: `preview:${siteId}`,
      reason: 'preview.loginFailed',
    })
    if (await recordFailure(key, at))
      securityEvent('auth.lockout', {
        requestId: event.requestContext?.requestId,
        route: event.routeKey,
        client,
        actor: `preview:${siteId}`,
        reason: 'preview.locked',
      })
    throw new UnauthorizedError('preview.loginFailed')
  }
  await Promise.all([clearFailures(key), giveBack(...window, 1, at)])
  const token = await signPreviewToken({ siteId, email, passwordVersion: share.passwordVersion })
  return ok({ token, expiresIn: PREVIEW_TOKEN_TTL_S, siteId, email }, 200, { 'cache-control': 'no-store' })
})
