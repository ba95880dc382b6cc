/**
 * How a context gives its routes their schemas. The head of each route (method, path, auth,
 * permission, summary) is in `routes.ts`, which imports no zod so the console's sign-in screens can
 * read paths without it; the schemas of each route are declared once, in its context's file
 * (`contract/<context>.ts`), through `defineContext`. Handlers, the console's typed client and the
 * OpenAPI document all read the merged route.
 */
import type * as z from 'zod'
import { type Context, type RouteDef, type RouteId, routes } from './routes.ts'

/** What a route takes and answers. Every schema is camelCase: the wire's case is the route's `keys`. */
export interface RouteIo {
  /** One line for people: what the route does (the OpenAPI summary). */
  summary: string
  /**
   * The summary in Japanese, where a document for a site's owner is rendered in Japanese: required
   * on the site API's routes (`auth: 'siteApi'`, contract.test.ts), whose documentation the console
   * downloads in ja or en.
   */
  summaryJa?: string
  /** Path parameters, e.g. `{ id }` of `/site/{id}`. */
  params?: z.ZodType
  /** The query string (all values arrive as strings; schemas coerce). */
  query?: z.ZodType
  /** The JSON body (or, with `bodyType: 'text'`, the raw text). */
  body?: z.ZodType
  /** The 2xx JSON body. Routes without one answer CSV, a redirect or nothing. */
  response?: z.ZodType
  /** The success status when it is not 200 (201 on creates, 204 with no body). */
  status?: number
  /** What a successful answer carries when it is not JSON. */
  responseType?: 'csv' | 'empty'
  /**
   * `'asSent'`: body and query keys reach the handler as the client sent them, and the response is
   * sent as the handler built it (visitor forms, whose field names are the creator's). Default
   * `'snake'`: snake_case on the wire, camelCase in the handler.
   */
  keys?: 'snake' | 'asSent'
  /** A body that is not JSON: `text` reaches the handler as a string (analytics beacons). */
  bodyType?: 'json' | 'text'
}

/** The ids of a context's routes. */
export type RouteIdOf<C extends Context> = {
  [Id in RouteId]: (typeof routes)[Id]['context'] extends C ? Id : never
}[RouteId]

/** A route as handlers and clients see it: its head and its schemas. */
export type Route<Id extends RouteId = RouteId, Io extends RouteIo = RouteIo> = (typeof routes)[Id] &
  Io & { id: Id }

/** Any route, for code that handles them all (the API edge, the OpenAPI document). */
export type AnyRoute = RouteDef & RouteIo & { id: RouteId }

type Exactly<C extends Context, M> = M & Record<Exclude<keyof M, RouteIdOf<C>>, never>

/** What a route's entry in its context's file gives: its schemas, built when first read. */
export type RouteIoOf = () => RouteIo

/** The fields of a route that come from its context's file (the rest is its head). */
const IO_FIELDS = [
  'summary',
  'summaryJa',
  'params',
  'query',
  'body',
  'response',
  'status',
  'responseType',
  'keys',
  'bodyType',
] as const satisfies readonly (keyof RouteIo)[]

/**
 * A route: its head and id as they are, and its schemas built on the first read of any of them
 * (issue 35 item 3, docs/decisions/0073-cold-starts-near-the-floor.md, second round). A Lambda
 * imports every route of its context and a request parses against its own route's schemas: zod
 * builds a schema's internals when it is declared, so building every route's at import was a large
 * part of each cold start. The fields read like plain properties (`route.body`, `{ ...route }`).
 */
const routeOf = (id: RouteId, head: RouteDef, io: RouteIoOf): AnyRoute => {
  let built: RouteIo | undefined
  const route = { ...head } as AnyRoute
  for (const field of IO_FIELDS) {
    Object.defineProperty(route, field, {
      enumerable: true,
      configurable: true,
      get: () => {
        built ??= io()
        return built[field]
      },
    })
  }
  route.id = id
  return route
}

/**
 * Gives each route of `context` its schemas, each route's as a function that builds them (called
 * once, on the first read). Every route of the context must be named, and no other: a route added
 * to the head table without schemas, or schemas for a route that does not exist, fails to compile.
 */
export const defineContext =
  <C extends Context>(context: C) =>
  <const M extends { [Id in RouteIdOf<C>]: RouteIoOf }>(
    io: Exactly<C, M>,
  ): { [Id in keyof M & RouteId]: Route<Id, ReturnType<M[Id]>> } => {
    const merged: Record<string, AnyRoute> = {}
    for (const [id, schemas] of Object.entries(io as Record<string, RouteIoOf>)) {
      const head: RouteDef = routes[id as RouteId]
      if (head.context !== context) throw new Error(`route ${id} is not in context ${context}`)
      merged[id] = routeOf(id as RouteId, head, schemas)
    }
    return merged as { [Id in keyof M & RouteId]: Route<Id, ReturnType<M[Id]>> }
  }

type Schema<R, K extends keyof RouteIo> = R extends { [P in K]: infer S extends z.ZodType } ? S : undefined

/** What a caller sends: params, query and body as the schemas accept them (before defaults). */
export type RouteInput<R> = (Schema<R, 'params'> extends z.ZodType
  ? { params: z.input<Schema<R, 'params'>> }
  : { params?: undefined }) &
  (Schema<R, 'query'> extends z.ZodType ? { query?: z.input<Schema<R, 'query'>> } : { query?: undefined }) &
  (Schema<R, 'body'> extends z.ZodType ? { body: z.input<Schema<R, 'body'>> } : { body?: undefined })

/** What a caller receives on success. */
export type RouteOutput<R> =
  Schema<R, 'response'> extends z.ZodType
    ? z.output<Schema<R, 'response'>>
    : R extends { responseType: 'csv' }
      ? Blob
      : undefined

/** What a handler must build for the success body (the response schema's input). */
export type RouteReplyBody<R> =
  Schema<R, 'response'> extends z.ZodType ? z.input<Schema<R, 'response'>> : unknown

/** Parsed inputs a handler receives. */
export type RouteParams<R> = Schema<R, 'params'> extends z.ZodType ? z.output<Schema<R, 'params'>> : undefined
export type RouteQuery<R> = Schema<R, 'query'> extends z.ZodType ? z.output<Schema<R, 'query'>> : undefined
export type RouteBody<R> = Schema<R, 'body'> extends z.ZodType ? z.output<Schema<R, 'body'>> : undefined
