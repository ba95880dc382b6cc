/**
 * What a route head is (the one route table, ./routes.ts): its method, path, bounded context,
 * handler action, auth kind and policy action. Apart from the table so that a part of it (the
 * sign-in routes, ./routes-auth.ts) can be imported alone: the console's sign-in screens carry
 * those heads and not the whole table (issue 14, the /login budget).
 */
import type { Action } from '../authz.ts'

export const API_BASE_PATH = '/api/v1'

/**
 * How a caller proves who it is. Every kind but `public` gets an authorizer on AWS. `siteApi`: the
 * site API family (`/open/site/{siteId}/…`, issue 21), by the site's API key, basic credentials or
 * address list.
 */
export type AuthKind = 'public' | 'admin' | 'endUser' | 'preview' | 'siteApi'

/** Bounded contexts: one Lambda each. */
export const CONTEXTS = [
  'health',
  'auth',
  'accounts',
  'sites',
  'domains',
  'uploads',
  'preview',
  'endUser',
  'submissions',
  'billing',
  'analytics',
  'analysis',
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
  /** For admin routes: the policy action the caller must be allowed (docs/permissions.md). */
  permission?: Action
}

/** A route head, its literal types kept. */
export const route = <const R extends RouteDef>(def: R): R => def
