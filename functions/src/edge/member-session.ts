import { API_BASE_PATH } from '@swipe/shared/contract/routes'
import type { APIGatewayProxyEventV2 as Event } from 'aws-lambda'
import * as z from 'zod'
import { readEnv } from '../platform/services/env.ts'
import { normaliseHost } from '../platform/services/host-map.ts'
import { clientIp } from './client-ip.ts'
import { ForbiddenError } from './errors.ts'
import { cookiePairs, headerOf } from './request-state.ts'
import { securityEvent } from './security-log.ts'

/**
 * A site member's session (docs/decisions/0029-members-sessions.md): the
 * members-pool access token lives only in an HttpOnly cookie that the site's own host holds for
 * that site's end-user API, never in the page's reach (no JSON field, no storage a script reads).
 */

const env = readEnv({
  /**
   * `Secure` on the session cookie. Sites are served over https on AWS, so it is on unless the
   * stage says otherwise; the local stack (http on `*.sites.localhost`) sets `false`.
   */
  MEMBER_COOKIE_SECURE: z.enum(['true', 'false']).default('true'),
  /** `https://{host}.<sites domain>`: the default domain of each site (absent: custom domains only). */
  SITES_ORIGIN: z.string().optional(),
})

/** The cookie's name. Its Path keeps one site's cookie away from every other site's API. */
export const MEMBER_COOKIE = 'swipe_member'

/**
 * The header every member-session request carries (sign-in, sign-out, the members-only reads).
 * A page of another origin cannot send it without a CORS preflight, which the API never grants
 * with credentials: with Fetch Metadata it stops cross-origin use where SameSite cannot (two sites
 * under one sites domain are same-site).
 */
export const MEMBER_HEADER = 'x-swipe-member'

/** The path the cookie is sent to: the site's end-user API, and nothing else. */
export const memberCookiePath = (siteId: string) =>
  `${API_BASE_PATH}/end-user/site/${encodeURIComponent(siteId)}/`

const attributes = (siteId: string, maxAge: number) =>
  [
    `Path=${memberCookiePath(siteId)}`,
    `Max-Age=${Math.max(0, Math.floor(maxAge))}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(env.MEMBER_COOKIE_SECURE === 'true' ? ['Secure'] : []),
  ].join('; ')

/** `Set-Cookie` of a new session: host-only (no Domain), for `maxAge` seconds (the token's lifetime). */
export const sessionCookie = (siteId: string, token: string, maxAge: number) =>
  `${MEMBER_COOKIE}=${token}; ${attributes(siteId, maxAge)}`

/** `Set-Cookie` that ends the session. */
export const clearedSessionCookie = (siteId: string) => `${MEMBER_COOKIE}=; ${attributes(siteId, 0)}`

/**
 * The session token the request's cookies carry. API Gateway (payload 2.0) moves cookies to
 * `event.cookies`; a `Cookie` header is read too. Several cookies of that name (a browser sends
 * the most specific path first): the first.
 */
export const sessionTokenOf = (event: Event): string | undefined => {
  for (const pair of cookiePairs(event)) {
    const at = pair.indexOf('=')
    if (at > 0 && pair.slice(0, at).trim() === MEMBER_COOKIE) {
      const value = pair.slice(at + 1).trim()
      if (value) return value
    }
  }
  return undefined
}

/**
 * Why a request may not use (or start) a member session, if it may not: a browser that says it
 * comes from another origin (`Sec-Fetch-Site` other than `same-origin`), or no `X-Swipe-Member: 1`
 * (a plain form post, an image, a link). Undefined when the request passes.
 */
export const crossOriginReason = (event: Event): string | undefined => {
  const site = headerOf(event, 'sec-fetch-site')
  if (site !== undefined && site !== 'same-origin') return `fetchSite:${site}`
  if (headerOf(event, MEMBER_HEADER) !== '1') return 'memberHeaderMissing'
  return undefined
}

/**
 * Refuses (403 `endUser.crossOrigin`, one `csrf.refused` line) a member-session request another
 * origin made or could have made (`crossOriginReason`).
 */
export const refuseCrossOrigin = (event: Event): void => {
  const reason = crossOriginReason(event)
  if (!reason) return
  securityEvent('csrf.refused', {
    requestId: event.requestContext?.requestId,
    route: event.routeKey,
    client: clientIp(event),
    reason,
  })
  const refusal = new ForbiddenError('endUser.crossOrigin')
  refusal.securityLogged = true
  throw refusal
}

/** The host of the request's `Origin` header: undefined without one, '' for `null` or garbage. */
export const originHostOf = (event: Event): string | undefined => {
  const origin = headerOf(event, 'origin')
  if (origin === undefined) return undefined
  try {
    return new URL(origin).host
  } catch {
    return ''
  }
}

/**
 * Whether `host` (an `Origin`'s host) is one of the site's own: its default domain
 * `{site-uuid}.<sites domain>` or its custom domain. The shared host of the path form, another
 * site's host and anything else are not.
 */
export const isOwnHost = (
  site: { siteUuid: string; customDomain?: string | null | undefined },
  host: string,
): boolean => {
  const wanted = normaliseHost(host)
  if (!wanted) return false
  if (site.customDomain && normaliseHost(site.customDomain) === wanted) return true
  if (!env.SITES_ORIGIN) return false
  try {
    return normaliseHost(new URL(env.SITES_ORIGIN.replace('{host}', site.siteUuid)).host) === wanted
  } catch {
    return false
  }
}
