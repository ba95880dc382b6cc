import {
  InitiateAuthCommand,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider'
import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { ForbiddenError, UnauthorizedError } from '#edge/errors'
import { ok } from '#edge/http'
import { isOwnHost, originHostOf, refuseCrossOrigin, sessionCookie } from '#edge/member-session'
import { cognito, isCredentialFailure } from '#platform/services/cognito-client'
import { membersPool } from '#platform/services/members-pool'
import { assertNotLocked, clearFailures, recordFailure } from '../auth/lockout.ts'
import { visitorPost } from './forms.ts'
import { getMember, memberUsername, normaliseEmail } from './members.ts'
import { NO_STORE, publishedSetting } from './service.ts'

/**
 * POST /end-user/site/{siteId}/login: a member's email and password -> a session on this site's
 * own origin (docs/decisions/0029-members-sessions.md): the members-pool access
 * token goes out only as the HttpOnly cookie of `sessionCookie` (this site's end-user API path,
 * the token's lifetime); the body says `{ email, expiresIn }` and never holds the token.
 *
 * Refused before any password is checked: a request another origin made (403
 * `endUser.crossOrigin`, `refuseCrossOrigin`), and a browser on any host but the site's own
 * (403 `endUser.signInOnSiteHost`), above all the shared host of the path form, where every
 * tenant's pages share one origin. One answer, 401 `endUser.loginFailed`, for an unknown email, a
 * wrong password and a registration still pending. Failed attempts count towards the sign-in
 * lockout of that site's username (5 in 15 minutes lock it for 15 minutes).
 */
export const handler = visitorPost(endUserRoutes['endUser.login'], async ({ params, body, event }) => {
  refuseCrossOrigin(event)
  const site = await publishedSetting(params.siteId)
  const origin = originHostOf(event)
  if (origin !== undefined && !isOwnHost(site, origin)) throw new ForbiddenError('endUser.signInOnSiteHost')
  const email = normaliseEmail(body.email)
  const username = memberUsername(site.siteId, email)
  const lockoutId = `member:${username}`
  await assertNotLocked(lockoutId)
  const fail = async (): Promise<never> => {
    await recordFailure(lockoutId)
    throw new UnauthorizedError('endUser.loginFailed')
  }
  const member = email ? await getMember(site.siteId, email) : undefined
  if (member?.status !== 'ACTIVE' || !body.password) return fail()
  let result: InitiateAuthCommandOutput
  try {
    result = await cognito.send(
      new InitiateAuthCommand({
        ClientId: membersPool.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: body.password },
      }),
    )
  } catch (error) {
    if (isCredentialFailure(error)) return fail()
    throw error
  }
  const token = result.AuthenticationResult?.AccessToken
  if (!token) return fail()
  await clearFailures(lockoutId)
  const expiresIn = result.AuthenticationResult?.ExpiresIn ?? 3600
  return {
    ...ok({ email, expiresIn }, 200, NO_STORE),
    cookies: [sessionCookie(site.siteId, token, expiresIn)],
  }
})
