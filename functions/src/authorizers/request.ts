import { type AuthKind, routeKey, routeList } from '@swipe/shared/contract/routes'
import type {
  APIGatewayRequestAuthorizerEventV2,
  APIGatewaySimpleAuthorizerWithContextResult,
} from 'aws-lambda'
import { siteApiGate } from '#edge/site-api-gate'
import { logger } from '#platform/services/logger'

/**
 * API Gateway (HTTP API) Lambda authorizer for the route kinds Cognito cannot check: `preview`
 * (share tokens the API signs itself, the owner's admin token or the share password) and `siteApi`
 * (the site API of issue 21: a key's shape and checksum, or well-formed basic credentials).
 * It is a gate in front of the handlers, which authenticate fully (edge/auth.ts): it turns away
 * what can never pass, and fails closed.
 *
 * A denial is a 403 at the gateway; HTTP API authorizers cannot answer 401. So expiry is left to
 * the handler, whose 401 tells the preview page to drop its token (SPEC §8); a request carrying
 * no credential at all never reaches a Lambda.
 */

type Result = APIGatewaySimpleAuthorizerWithContextResult<Record<string, string>>
type Check = (event: APIGatewayRequestAuthorizerEventV2) => Promise<Result>

/** Each route's auth kind, keyed as API Gateway names the route in the event. */
const kindOf = new Map<string, AuthKind>(routeList().map((route) => [routeKey(route), route.auth]))

const deny: Result = { isAuthorized: false, context: {} }

const bearer = (event: APIGatewayRequestAuthorizerEventV2): string | undefined =>
  event.headers?.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1]

/** Three base64url parts: the shape of a JWT (a preview token or an admin access token). */
const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/

const checks: Partial<Record<AuthKind, Check>> = {
  // A preview token (signed with a key the table holds), the owner's admin token, or the share
  // password header: the handler verifies each (functions/src/edge/auth.ts, src/preview). This gate
  // holds no key and reads no data; it turns away requests that carry none of the three.
  preview: async (event) => {
    const token = bearer(event)
    if (token) return JWT_SHAPE.test(token) ? { isAuthorized: true, context: {} } : deny
    return event.headers?.password ? { isAuthorized: true, context: {} } : deny
  },
  // The site API (issue 21): the same gate the handler runs first (edge/site-api-gate.ts). A key
  // must carry a valid checksum, basic credentials must decode; no header at all passes, for an
  // IP-restricted site. It reads no data: the handler looks the credential up, checks the site,
  // the address list, revocation, expiry and the rate limit (edge/site-api.ts).
  siteApi: async (event) =>
    siteApiGate(event.headers?.authorization) ? { isAuthorized: true, context: {} } : deny,
}

export const handler = async (event: APIGatewayRequestAuthorizerEventV2): Promise<Result> => {
  const kind = kindOf.get(event.routeKey)
  const check = kind ? checks[kind] : undefined
  if (!check) {
    logger.warn('No authorizer check for route', { routeKey: event.routeKey, kind })
    return deny
  }
  try {
    return await check(event)
  } catch (error) {
    // A bad signature or a malformed token: an ordinary denial, not an incident.
    logger.info('Authorizer denied', { routeKey: event.routeKey, error: (error as Error).name })
    return deny
  }
}
