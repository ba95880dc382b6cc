import type { MiddlewareObj, Request } from '@middy/core'
import type { AuthKind } from '@swipe/shared/contract/routes'
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda'
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose'
import { type Account, Accounts } from '../data/accounts.ts'
import { adminPool, membersPool } from '../platform/services/pools.ts'
import { assertActive } from './account-status.ts'
import { clientIp } from './client-ip.ts'
import { ForbiddenError, UnauthorizedError } from './errors.ts'
import { refuseCrossOrigin, sessionTokenOf } from './member-session.ts'
import { verifyPreviewToken } from './preview-tokens.ts'
import { requestState } from './request-state.ts'
import { securityEvent } from './security-log.ts'
import { authenticateSiteApi } from './site-api.ts'

type Event = APIGatewayProxyEventV2
type Result = APIGatewayProxyStructuredResultV2

/** Who is calling, once authentication has passed. Issue-specific data hangs off `claims`. */
export type Actor =
  | { kind: 'admin'; sub: string; username: string; claims: JWTPayload; account: Account }
  | { kind: 'endUser'; sub: string; username: string; claims: JWTPayload }
  | { kind: 'preview'; siteId: string; claims: JWTPayload }
  /** A caller of the site API (issue 21): the site, how it proved itself, and its key if any. */
  | { kind: 'siteApi'; siteId: string; method: 'IP_RESTRICTION' | 'BASIC_AUTH' | 'API_KEY'; keyId?: string }

const bearer = (event: Event): string | undefined => {
  const value = event.headers?.authorization ?? event.headers?.Authorization
  const match = value?.match(/^Bearer\s+(\S+)$/i)
  return match?.[1]
}

const jwksCache = new Map<string, ReturnType<typeof createRemoteJWKSet>>()
const jwksFor = (issuer: string) => {
  let jwks = jwksCache.get(issuer)
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`), { cacheMaxAge: 10 * 60_000 })
    jwksCache.set(issuer, jwks)
  }
  return jwks
}

/**
 * Verifies a Cognito access token: signature against the pool's JWKS, issuer, expiry, that it is
 * an access token, and that it was issued to our app client (Cognito access tokens carry
 * `client_id` instead of `aud`). Any failure is a 401.
 */
export const verifyPoolAccessToken = async (
  token: string,
  pool: { issuer: string; clientId: string },
): Promise<JWTPayload> => {
  try {
    const { payload } = await jwtVerify(token, jwksFor(pool.issuer), { issuer: pool.issuer })
    if (payload.token_use !== 'access' || payload.client_id !== pool.clientId) throw new Error('wrong token')
    return payload
  } catch {
    throw new UnauthorizedError()
  }
}

/** The account behind an admin-pool username, or undefined. */
export const accountByUsername = async (username: string): Promise<Account | undefined> => {
  const found = await Accounts.query.byCognitoUsername({ cognitoUsername: username }).go({ limit: 1 })
  return found.data[0]
}

/** 403 with the reason for any account that is not active (./account-status.ts). */
export { assertActive }

export type Verifier = (event: Event) => Promise<Actor | undefined>

const verifiers: Record<AuthKind, Verifier> = {
  public: async () => undefined,
  admin: async (event) => {
    const token = bearer(event)
    if (!token) throw new UnauthorizedError()
    const claims = await verifyPoolAccessToken(token, adminPool)
    const username = String(claims.username ?? claims.sub)
    // The account, not the token, says whether it may act: status is checked on every request.
    const account = await accountByUsername(username)
    if (!account) throw new UnauthorizedError()
    assertActive(account)
    return { kind: 'admin', sub: String(claims.sub), username, claims, account }
  },
  // A member's session is the HttpOnly cookie of the site's own origin, never a header a script
  // sets (docs/decisions/0029-members-sessions.md): a request another origin
  // made is refused before the cookie is read, and the token must be a member of the path's site.
  endUser: async (event) => {
    refuseCrossOrigin(event)
    const token = sessionTokenOf(event)
    if (!token) throw new UnauthorizedError()
    const claims = await verifyPoolAccessToken(token, membersPool)
    const username = String(claims.username ?? claims.sub)
    const siteId = event.pathParameters?.siteId
    if (!siteId || !username.startsWith(`${siteId}#`)) throw new ForbiddenError('endUser.otherSite')
    return { kind: 'endUser', sub: String(claims.sub), username, claims }
  },
  // Preview routes (docs/decisions/0030-preview-and-sharing.md): a preview token the API signed
  // (scoped to one site: the handler checks the path's), or the owner's admin token (the handler
  // checks the site is in scope), or no token but the share password in the `password` header
  // (shares that are not private; the handler checks it).
  preview: async (event) => {
    const token = bearer(event)
    if (!token) {
      if (event.headers?.password) return undefined
      throw new UnauthorizedError()
    }
    const claims = await verifyPreviewToken(token)
    if (claims) return { kind: 'preview', siteId: String(claims.site_id), claims }
    return verifiers.admin(event)
  },
  // The site API (issue 21): the site's key, basic credentials or address list (edge/site-api.ts).
  // The same on AWS and locally; only the apiAccess context serves such routes, but any would.
  siteApi: (event) => authenticateSiteApi(event),
}

/** Middleware for a route's authentication kind; puts the actor on the request state. */
export const authenticate = (kind: AuthKind): MiddlewareObj<Event, Result, Error, Context> => ({
  before: async (request: Request<Event, Result, Error, Context>) => {
    const { event } = request
    let actor: Actor | undefined
    try {
      actor = await verifiers[kind](event)
    } catch (error) {
      // A missing, expired, forged or foreign credential: one security line (403s of inactive
      // accounts are logged with every other 403 by the API edge).
      if (error instanceof UnauthorizedError) {
        securityEvent('auth.tokenInvalid', {
          requestId: event.requestContext?.requestId,
          route: event.routeKey,
          client: clientIp(event),
          reason: `${kind}:${error.code}`,
        })
      }
      throw error
    }
    requestState(event).actor = actor
  },
})
