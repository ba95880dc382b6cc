import type { Locale } from '@swipe/shared'
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda'
import type { Actor } from './auth.ts'

/**
 * What one request carries from the API edge to authentication and the handler, in a module of
 * its own so that `auth.ts` (which sets the actor) and `http.ts` (which builds the edge) need not
 * import each other.
 */

export type Event = APIGatewayProxyEventV2
export type Result = APIGatewayProxyStructuredResultV2

/** Per-request state the edge middleware leaves for authentication and the handler. */
export interface RequestState {
  locale: Locale
  body: unknown
  query: Record<string, string>
  actor: Actor | undefined
}

/** Every request's state, set by the API edge (`apiEdge`). */
export const states = new WeakMap<Event, RequestState>()

/** The state of a request that passed the edge middleware. */
export const requestState = (event: Event): RequestState => {
  const state = states.get(event)
  if (!state) throw new Error('apiEdge middleware did not run for this event')
  return state
}

/** A request header by name, whatever its case (API Gateway sends them lower-cased; tests may not). */
export const headerOf = (event: Event, name: string): string | undefined => {
  const headers = event.headers ?? {}
  const wanted = name.toLowerCase()
  if (headers[wanted] !== undefined) return headers[wanted]
  const found = Object.keys(headers).find((key) => key.toLowerCase() === wanted)
  return found ? headers[found] : undefined
}

/**
 * The request's cookies as `name=value` pairs: API Gateway (payload 2.0) moves them to
 * `event.cookies`; a `Cookie` header is read too.
 */
export const cookiePairs = (event: Event): string[] => [
  ...(event.cookies ?? []),
  ...(headerOf(event, 'cookie')?.split(';') ?? []),
]
