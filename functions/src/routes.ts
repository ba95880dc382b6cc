/**
 * The one route table (ARCHITECTURE decision 1). The CDK API stack builds API Gateway routes
 * from it, the local gateway dispatches from it, and each handler module reads its own entry
 * (auth kind) from it. A route's handler lives at `functions/src/<context>/<action>.ts` and is
 * wired into the context's Lambda at `functions/src/<context>/index.ts`.
 */
export const API_BASE_PATH = '/api/v1'

/** How a caller proves who it is. Every kind but `public` gets an authorizer on AWS. */
export type AuthKind = 'public' | 'admin' | 'endUser' | 'preview' | 'apiKey'

/** Bounded contexts: one Lambda each. */
export const CONTEXTS = [
  'health',
  'auth',
  'accounts',
  'sites',
  'uploads',
  'preview',
  'endUser',
  'submissions',
  'billing',
  'analytics',
  'content',
  'apiAccess',
] as const
export type Context = (typeof CONTEXTS)[number]

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RouteDef {
  method: HttpMethod
  /** Path below API_BASE_PATH, API Gateway style: `/site/{id}`. */
  path: string
  context: Context
  action: string
  auth: AuthKind
  summary: string
}

const route = <const R extends RouteDef>(def: R): R => def

export const routes = {
  'health.get': route({
    method: 'GET',
    path: '/health',
    context: 'health',
    action: 'get',
    auth: 'public',
    summary: 'Reports each dependency (table, buckets, user pools, mail); 503 when one is down.',
  }),
} as const satisfies Record<string, RouteDef>

export type RouteId = keyof typeof routes

export const routeList = (): Array<RouteDef & { id: RouteId }> =>
  (Object.entries(routes) as Array<[RouteId, RouteDef]>).map(([id, def]) => ({ ...def, id }))

/** Contexts that have at least one route, i.e. the Lambdas to deploy. */
export const deployedContexts = (): Context[] => [...new Set(routeList().map((r) => r.context))]

/** `GET /api/v1/site/{id}`: the API Gateway route key of a route. */
export const routeKey = (def: RouteDef): string => `${def.method} ${API_BASE_PATH}${def.path}`
