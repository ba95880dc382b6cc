/**
 * The islands' way to the end-user API. Paths are written out, and the compiler checks each one
 * against the route table (`@swipe/shared/contract/routes`, imported as types only: the table
 * itself would add about 1.4 KB gzipped to each size-budgeted island for a handful of paths).
 * Answers are typed from the route's response schema as they arrive on the wire: snake_case keys,
 * unless the route takes its keys as sent.
 */
import type { Contract, RouteOutput } from '@swipe/shared/contract'
import type { RouteId, routes } from '@swipe/shared/contract/routes'

/** The path of a route in the table, e.g. `/end-user/site/{siteId}/cta`. */
export type PathOf<Id extends RouteId> = (typeof routes)[Id]['path']

/**
 * Names mapped to route ids, as those names mapped to the routes' paths: an object of this type
 * compiles only while each path is exactly its route's.
 */
export type PathsOf<M extends Record<string, RouteId>> = { readonly [K in keyof M]: PathOf<M[K]> }

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never

/** The values of a path's `{parameters}`. */
export type PathParams<P extends string> = Record<ParamNames<P>, string | number>

/** `base` (the page's `data-api`, e.g. `/api/v1`) and `path` with its parameters filled in (URI-encoded). */
export const apiUrl = <P extends string>(base: string, path: P, params: PathParams<P>): string =>
  base +
  path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, string | number>)[name])),
  )

type SnakeKey<K extends string> = K extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeKey<Tail>}`
  : K

/** A value as the API edge sends it: every key snake_cased (`expiresIn` → `expires_in`). */
export type Wire<T> = T extends readonly (infer U)[]
  ? Wire<U>[]
  : T extends object
    ? { [K in keyof T as K extends string ? SnakeKey<K> : K]: Wire<T[K]> }
    : T

type CamelKey<K extends string> = K extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelKey<Tail>>}`
  : K

/** A wire value with its keys camelCased again (`keysToCamel` of `@swipe/shared/case`). */
export type Camel<T> = T extends readonly (infer U)[]
  ? Camel<U>[]
  : T extends object
    ? { [K in keyof T as K extends string ? CamelKey<K> : K]: Camel<T[K]> }
    : T

/** What a route answers on success, as it arrives. */
export type ApiAnswer<Id extends RouteId> = Contract[Id] extends { keys: 'asSent' }
  ? RouteOutput<Contract[Id]>
  : Wire<RouteOutput<Contract[Id]>>

/** The error envelope every refusal carries (functions/src/edge/responses.ts). */
export interface Refusal {
  error?: { code?: string; message?: string; details?: { path?: string; message?: string }[] }
}
