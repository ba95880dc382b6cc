import { type AuthKind, routeKey, routeList } from '@swipe/shared/contract/routes'
import type {
  APIGatewayRequestAuthorizerEventV2,
  APIGatewaySimpleAuthorizerWithContextResult,
} from 'aws-lambda'
import { compactVerify } from 'jose'
import * as z from 'zod'
import { readEnv } from '#lib/env'
import { logger } from '#lib/logger'

/**
 * API Gateway (HTTP API) Lambda authorizer for the route kinds Cognito cannot check: `preview`
 * (share tokens the API signs itself) and `apiKey`. It is a gate in front of the handlers, which
 * authenticate again (lib/auth.ts): it turns away what can never pass, and fails closed.
 *
 * A denial is a 403 at the gateway; HTTP API authorizers cannot answer 401. So expiry is left to
 * the handler, whose 401 tells the preview page to drop its token (SPEC §8); a token that is not
 * ours at all never reaches a Lambda.
 */

type Result = APIGatewaySimpleAuthorizerWithContextResult<Record<string, string>>
type Check = (event: APIGatewayRequestAuthorizerEventV2) => Promise<Result>

const env = readEnv({ PREVIEW_TOKEN_SECRET: z.string().min(1).optional() })
const previewSecret = env.PREVIEW_TOKEN_SECRET
  ? new TextEncoder().encode(env.PREVIEW_TOKEN_SECRET)
  : undefined

/** Each route's auth kind, keyed as API Gateway names the route in the event. */
const kindOf = new Map<string, AuthKind>(routeList().map((route) => [routeKey(route), route.auth]))

const deny: Result = { isAuthorized: false, context: {} }

const bearer = (event: APIGatewayRequestAuthorizerEventV2): string | undefined =>
  event.headers?.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1]

const PreviewClaims = z.object({
  aud: z.union([z.literal('preview'), z.array(z.string()).refine((aud) => aud.includes('preview'))]),
  site_id: z.string().min(1),
})

const checks: Partial<Record<AuthKind, Check>> = {
  // Signed by us (HS256, PREVIEW_TOKEN_SECRET), meant for previews and scoped to a site.
  preview: async (event) => {
    const token = bearer(event)
    if (!token || !previewSecret) return deny
    const { payload } = await compactVerify(token, previewSecret, { algorithms: ['HS256'] })
    const claims = PreviewClaims.safeParse(JSON.parse(new TextDecoder().decode(payload)))
    if (!claims.success) return deny
    return { isAuthorized: true, context: { siteId: claims.data.site_id } }
  },
  // Site API keys come with the API-issuing feature; until keys can be looked up, nothing passes.
  apiKey: async () => deny,
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
