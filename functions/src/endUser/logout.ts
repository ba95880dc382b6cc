import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { ok } from '#edge/http'
import { clearedSessionCookie, refuseCrossOrigin } from '#edge/member-session'
import { NO_STORE, visitorEndpoint } from './service.ts'

/**
 * POST /end-user/site/{siteId}/logout: ends the member's session on this browser by expiring its
 * cookie (docs/decisions/0029-members-sessions.md); 204 whether or not one was
 * set, and for any site id (a session of a site since unpublished can be ended too). Like every
 * member-session request it must come from the site's own origin with `X-Swipe-Member: 1`, so
 * another page cannot sign a visitor out. The access token itself stays valid until it expires
 * (an hour); nothing but this browser ever held it.
 */
export const handler = visitorEndpoint(endUserRoutes['endUser.logout'], async ({ params, event }) => {
  refuseCrossOrigin(event)
  return { ...ok(undefined, 204, NO_STORE), cookies: [clearedSessionCookie(params.siteId)] }
})
