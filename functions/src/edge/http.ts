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
import type {
  AnyRoute,
  RouteBody,
  RouteIo,
  RouteParams,
  RouteQuery,
  RouteReplyBody,
} from '@swipe/shared/contract'
import type { Context } from 'aws-lambda'
import type * as z from 'zod'
import type { ZodError } from 'zod'
import { platform } from '#platform'
import { logger } from '../platform/services/logger.ts'
import { type Actor, authenticate } from './auth.ts'
import { assertViaEdge, clientIp } from './client-ip.ts'
import { AppError, type FieldIssue, ForbiddenError, ValidationError } from './errors.ts'
import { withIdempotency } from './idempotency.ts'
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
export interface Reply<T = unknown> {
  status: number
  body?: T
  headers?: Record<string, string>
  /** Send `body` as it is (CSV, text) instead of JSON. */
  raw?: boolean
  /** `Set-Cookie` values: API Gateway (payload 2.0) sends each as its own header. */
  cookies?: string[]
}

export const ok = <T>(body: T, status = 200, headers?: Record<string, string>): Reply<T> => ({
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
  if (actor.kind === 'siteApi') return `siteapi:${actor.siteId}:${actor.keyId ?? actor.method}`
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
 * on the way in (unless the route takes its keys as sent), and the one error envelope on the way out.
 */
export const apiEdge = (route?: Pick<RouteIo, 'keys'>): MiddlewareObj<Event, Result, Error, Context> => ({
  before: async (request: Req) => {
    const { event } = request
    const camel = route?.keys !== 'asSent'
    logger.appendKeys({ requestId: event.requestContext?.requestId, route: event.routeKey })
    const query = event.queryStringParameters ?? {}
    const state: RequestState = {
      locale: resolveLocale(headerOf(event, 'x-lang'), headerOf(event, 'accept-language')),
      query: camel ? keysToCamel(query) : (query as Record<string, string>),
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
          const parsed: unknown = JSON.parse(text)
          state.body = camel ? keysToCamel(parsed) : parsed
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

const toResult = (reply: Reply, camel = true): Result => {
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
    ...(reply.body === undefined
      ? {}
      : { body: JSON.stringify(camel ? keysToSnake(reply.body) : reply.body) }),
  }
}

/**
 * Tests run with `SWIPE_CONTRACT_CHECK=1` (the platform's `contractCheck`): every 2xx JSON answer is checked against its route's
 * response schema, so a handler that drifts from the contract (and so from the OpenAPI document
 * and the console's types) fails the test that called it with a 500 naming the fields.
 */
const checkReply = (route: Partial<RouteIo> & { id?: string }, reply: Reply): void => {
  if (!platform().contractCheck) return
  if (reply.raw || reply.status >= 300 || reply.status === 204) return
  // Routes without a response schema answer CSV or nothing (contract.test.ts checks which).
  if (!route.response) return
  const result = route.response.safeParse(reply.body)
  if (!result.success)
    throw new Error(
      `Contract: ${route.id} answered a body its response schema refuses: ${JSON.stringify(result.error.issues).slice(0, 2000)}`,
    )
}

/** What runs before the body, query and parameters are parsed (a rate allowance, say). */
export interface EndpointOptions {
  beforeParse?: (input: { event: Event; state: RequestState }) => Promise<void>
}

/** A route's handler: inputs parsed by the route's schemas, a reply its response schema types. */
export type Handle<R> = (
  input: HandlerInput<RouteBody<R>, RouteQuery<R>, RouteParams<R>>,
) => Promise<Reply<RouteReplyBody<R>>>

/**
 * Builds the Lambda handler of one route from its contract entry: the edge middleware, the
 * route's authentication kind, its policy action, zod parsing of body, query and path parameters
 * against the route's own schemas (one 400 listing every field path), then the handler, whose
 * Reply becomes the HTTP response. A handler cannot parse against another schema than its route's.
 */
export function endpoint<R extends AnyRoute>(route: R, handle: Handle<R>, options?: EndpointOptions) {
  const run = handle as unknown as (input: HandlerInput<unknown, unknown, unknown>) => Promise<Reply>
  return middy<Event, Result, Error, Context>()
    .use(apiEdge(route))
    .use(authenticate(route.auth))
    .handler(async (event) => {
      const state = requestState(event)
      const camel = route.keys !== 'asSent'
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
      await options?.beforeParse?.({ event, state })
      // A text body (a beacon's text/plain) carrying JSON is read as JSON.
      if (route.bodyType === 'text' && typeof state.body === 'string') {
        try {
          const parsed: unknown = JSON.parse(state.body)
          state.body = camel ? keysToCamel(parsed) : parsed
        } catch {
          throw new AppError(400, 'error.badRequest')
        }
      }
      const issues: FieldIssue[] = []
      const parse = (schema: z.ZodType | undefined, value: unknown, prefix: string): unknown => {
        if (!schema) return undefined
        const result = schema.safeParse(value)
        if (result.success) return result.data
        issues.push(...zodIssues(result.error, prefix))
        return undefined
      }
      const body = parse(route.body, state.body, 'body')
      const query = parse(route.query, state.query, 'query')
      const params = parse(route.params, event.pathParameters ?? {}, 'params')
      if (issues.length) throw new ValidationError(issues)
      // A POST with an Idempotency-Key runs once per caller and key; repeats get its answer again.
      return withIdempotency(route, event, state, async () => {
        const reply = await run({
          body,
          query,
          params,
          actor: state.actor,
          locale: state.locale,
          event,
          t: (key, values) => translate(state.locale, key, values),
        })
        checkReply(route, reply)
        return toResult(reply, camel)
      })
    })
}
