import middy, { type MiddlewareObj, type Request } from '@middy/core'
import {
  isMessageKey,
  keysToCamel,
  keysToSnake,
  type Locale,
  type MessageKey,
  mayTake,
  resolveLocale,
  translate,
} from '@swipe/shared'
import type { Context } from 'aws-lambda'
import type * as z from 'zod'
import type { ZodError } from 'zod'
import type { RouteDef } from '../routes.ts'
import { type Actor, authenticate } from './auth.ts'
import { assertViaEdge, clientIp } from './client-ip.ts'
import { AppError, type FieldIssue, ForbiddenError, ValidationError } from './errors.ts'
import { withIdempotency } from './idempotency.ts'
import { logger } from './logger.ts'
import {
  type Event,
  headerOf,
  type RequestState,
  type Result,
  requestState,
  states,
} from './request-state.ts'
import { errorResult, withBaseHeaders } from './responses.ts'
import { securityEvent } from './security-log.ts'
import { policyActorOf } from './tenancy.ts'

export type { Event, RequestState, Result } from './request-state.ts'
export { BASE_HEADERS, errorResult } from './responses.ts'
export { requestState }

/** What a handler returns: a status and a body in camelCase (converted to snake_case on the way out). */
export interface Reply {
  status: number
  body?: unknown
  headers?: Record<string, string>
  /** Send `body` as it is (CSV, text) instead of JSON. */
  raw?: boolean
  /** `Set-Cookie` values: API Gateway (payload 2.0) sends each as its own header. */
  cookies?: string[]
}

export const ok = (body: unknown, status = 200, headers?: Record<string, string>): Reply => ({
  status,
  body,
  ...(headers ? { headers } : {}),
})

type Req = Request<Event, Result, Error, Context>

const MAX_BODY_BYTES = 1_000_000

/** The id a security line names for the caller: an account id, a member's subject or a preview's site. */
export const actorIdOf = (actor: Actor | undefined): string | undefined => {
  if (!actor) return undefined
  if (actor.kind === 'admin') return actor.account.accountId
  if (actor.kind === 'endUser') return `member:${actor.sub}`
  return `preview:${actor.siteId}`
}

/**
 * Refusals an operator must see (ASVS 16), one line each: 403 (policy, account status, a field
 * the actor may not set, a cross-origin member request) and 429 (every rate window). 401s are
 * logged where the credential is checked (`authenticate`, sign-in), so they are not repeated here.
 */
const logRefusal = (event: Event, error: unknown, state: RequestState | undefined): void => {
  if (!(error instanceof AppError) || (error.status !== 403 && error.status !== 429)) return
  if (error.securityLogged) return
  securityEvent(error.status === 429 ? 'rate.limited' : 'access.forbidden', {
    requestId: event.requestContext?.requestId,
    route: event.routeKey,
    actor: actorIdOf(state?.actor),
    client: clientIp(event),
    reason: error.details?.length
      ? `${error.code} ${error.details.map((issue) => issue.path).join(',')}`
      : error.code,
  })
}

/** zod issues -> field issues with message keys (the schemas' messages are keys). */
export const zodIssues = (error: ZodError, prefix: string): FieldIssue[] =>
  error.issues.map((issue) => {
    const code = isMessageKey(issue.message) ? issue.message : 'validation.invalid'
    const params: Record<string, string | number> = {}
    if (issue.code === 'too_big') params.max = Number(issue.maximum)
    if (issue.code === 'too_small') params.min = Number(issue.minimum)
    if (issue.code === 'custom' && issue.params)
      for (const [k, v] of Object.entries(issue.params))
        if (typeof v === 'string' || typeof v === 'number') params[k] = v
    return { path: [prefix, ...issue.path.map(String)].join('.'), code, params }
  })

/**
 * The API edge: request id on every log line, locale, JSON body parsing, snake_case -> camelCase
 * on the way in, and the one error envelope on the way out.
 */
export const apiEdge = (): MiddlewareObj<Event, Result, Error, Context> => ({
  before: async (request: Req) => {
    const { event } = request
    logger.appendKeys({ requestId: event.requestContext?.requestId, route: event.routeKey })
    const state: RequestState = {
      locale: resolveLocale(headerOf(event, 'x-lang'), headerOf(event, 'accept-language')),
      query: keysToCamel(event.queryStringParameters ?? {}),
      body: undefined,
      actor: undefined,
    }
    states.set(event, state)
    // Where the API must be reached through CloudFront only, anything else stops here (403).
    assertViaEdge(event)
    if (event.body) {
      const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body
      if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new AppError(413, 'error.payloadTooLarge')
      const type = headerOf(event, 'content-type') ?? 'application/json'
      if (type.includes('json')) {
        try {
          state.body = keysToCamel(JSON.parse(text))
        } catch {
          throw new AppError(400, 'error.badRequest')
        }
      } else {
        state.body = text
      }
    }
  },
  onError: async (request: Req) => {
    const state = states.get(request.event)
    const locale = state?.locale ?? resolveLocale(null, null)
    logRefusal(request.event, request.error, state)
    request.response = errorResult(request.error, locale)
    logger.removeKeys(['requestId', 'route', 'tenantId'])
  },
  after: async () => {
    logger.removeKeys(['requestId', 'route', 'tenantId'])
  },
})

export interface HandlerInput<B, Q, P> {
  body: B
  query: Q
  params: P
  actor: Actor | undefined
  locale: Locale
  event: Event
  t: (key: MessageKey, params?: Record<string, string | number>) => string
}

interface Schemas<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType> {
  body?: B
  query?: Q
  params?: P
}

const toResult = (reply: Reply): Result => {
  if (reply.raw) {
    return {
      statusCode: reply.status,
      headers: withBaseHeaders(reply.headers),
      body: String(reply.body ?? ''),
    }
  }
  return {
    statusCode: reply.status,
    headers: withBaseHeaders({ 'content-type': 'application/json; charset=utf-8', ...reply.headers }),
    ...(reply.cookies?.length ? { cookies: reply.cookies } : {}),
    ...(reply.body === undefined ? {} : { body: JSON.stringify(keysToSnake(reply.body)) }),
  }
}

/**
 * Builds the Lambda handler of one route: the edge middleware, the route's authentication kind
 * (read from the route table), zod parsing of body, query and path parameters (one 400 listing
 * every field path), then the handler, whose Reply becomes the HTTP response.
 */
export const endpoint = <
  B extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  P extends z.ZodType = z.ZodUnknown,
>(
  route: RouteDef,
  schemas: Schemas<B, Q, P>,
  handle: (input: HandlerInput<z.output<B>, z.output<Q>, z.output<P>>) => Promise<Reply>,
) =>
  middy<Event, Result, Error, Context>()
    .use(apiEdge())
    .use(authenticate(route.auth))
    .handler(async (event) => {
      const state = requestState(event)
      // The route's own policy action, before anything is read: a forgotten check fails closed.
      if (route.auth === 'admin') {
        const actor = state.actor
        if (
          actor?.kind !== 'admin' ||
          !route.permission ||
          !mayTake(policyActorOf(actor.account), route.permission)
        ) {
          throw new ForbiddenError()
        }
      }
      const issues: FieldIssue[] = []
      const parse = (schema: z.ZodType | undefined, value: unknown, prefix: string): unknown => {
        if (!schema) return value
        const result = schema.safeParse(value)
        if (result.success) return result.data
        issues.push(...zodIssues(result.error, prefix))
        return undefined
      }
      const body = parse(schemas.body, state.body, 'body')
      const query = parse(schemas.query, state.query, 'query')
      const params = parse(schemas.params, event.pathParameters ?? {}, 'params')
      if (issues.length) throw new ValidationError(issues)
      // A POST with an Idempotency-Key runs once per caller and key; repeats get its answer again.
      return withIdempotency(route, event, state, async () => {
        const reply = await handle({
          body: body as z.output<B>,
          query: query as z.output<Q>,
          params: params as z.output<P>,
          actor: state.actor,
          locale: state.locale,
          event,
          t: (key, values) => translate(state.locale, key, values),
        })
        return toResult(reply)
      })
    })
