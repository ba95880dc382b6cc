import { keysToCamel, keysToSnake } from '@swipe/shared'
import type { Contract, RouteInput, RouteOutput } from '@swipe/shared/contract'
import type { RouteDef } from '@swipe/shared/contract/route-def'
import type { RouteId } from '@swipe/shared/contract/routes'
import { authRouteHeads } from '@swipe/shared/contract/routes-auth'
import { currentLocale, i18n } from '../i18n/index.ts'
import {
  clearSession,
  getAccessToken,
  getRefreshToken,
  normalizeUserInfo,
  setAccessToken,
  storeUserInfo,
  USER_INFO_PATH,
  type UserInfo,
} from './session.ts'
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts'

/**
 * The console's one way to the API (SPEC §7, §8): bearer token by path, camelCase <-> snake_case,
 * 60 s timeout, one shared token refresh on 401, user-info refresh and the forbidden page on 403,
 * and error texts localised in the interface language.
 */

export const API_BASE_URL = (import.meta.env.VITE_API_URL ?? 'http://localhost:3000/api/v1').replace(
  /\/+$/,
  '',
)
export const REQUEST_TIMEOUT_MS = 60_000
/** Delay before the login page after a refresh failed, and before the forbidden page after a 403. */
export const LOGIN_REDIRECT_DELAY_MS = 1_000
export const FORBIDDEN_REDIRECT_DELAY_MS = 2_000
/**
 * 403 codes that refuse one change of an item the user may otherwise open (a terminated account is
 * read-only; a plan limit or a feature the plan lacks). The screen explains them in place; they are
 * no reason for the forbidden page.
 */
const ITEM_REFUSALS = new Set([
  'account.readOnly',
  // A field the account may not set (docs/permissions.md "Field rules"): shown on the field.
  'account.fieldForbidden',
  'account.fieldOwnAccount',
  'account.planNotAllowed',
  // A site that requires approval (issue 33): the editor offers a publish request instead.
  'approval.required',
])
const isItemRefusal = (code: string | undefined) =>
  Boolean(code && (ITEM_REFUSALS.has(code) || code.startsWith('plan.')))
/** Pages a failed refresh must not leave: the user is signing in or resetting a password there. */
const AUTH_PAGES = ['/login', '/reset-pass', '/new-password']

export interface ApiErrorDetail {
  /** Where the server found the problem, e.g. `body.newPassword`. */
  path: string
  code: string
  message: string
}

/** A failed call. `status` is 0 when no response arrived (network error or timeout). */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    readonly details: ApiErrorDetail[] = [],
  ) {
    super(message)
  }
}

/** Another change was saved since the screen loaded the item (optimistic lock: 409 `error.conflict`). */
export const isStaleVersion = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.code === 'error.conflict'

export type TokenKind = 'admin' | 'endUser' | 'preview'

/**
 * The site of the stored preview token (its payload's `site_id`), if there is one. Preview routes
 * send it for that site and the admin token otherwise (the owner opens its own previews).
 */
export const storedPreviewSite = (): string | undefined => {
  const token = readStorage(STORAGE_KEYS.previewToken)
  try {
    const payload = token?.split('.')[1]
    if (!payload) return undefined
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { site_id?: unknown }
    return typeof json.site_id === 'string' ? json.site_id : undefined
  } catch {
    return undefined
  }
}

/** Which stored token a path uses: end-user pages and previews have tokens of their own. */
export const tokenKindFor = (path: string): TokenKind => {
  if (path.includes('end-user')) return 'endUser'
  if (path.includes('preview/site')) return 'preview'
  return 'admin'
}

const tokenFor = (kind: TokenKind): string | null => {
  if (kind === 'endUser') return readStorage(STORAGE_KEYS.endUserToken)
  if (kind === 'preview') return readStorage(STORAGE_KEYS.previewToken)
  return getAccessToken()
}

type QueryValue = string | number | boolean | null | undefined

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Plain objects are sent as snake_case JSON; FormData, Blob and strings go as they are. */
  body?: unknown
  /** Query parameters; keys are snake_cased, empty values left out. */
  params?: Record<string, QueryValue | readonly QueryValue[]>
  headers?: Record<string, string>
  /** Which stored token to send (default: by path, `tokenKindFor`); `call` takes it from the route. */
  tokenKind?: TokenKind
  /** Send the bearer token (default true). Public auth calls turn it off. */
  auth?: boolean
  /** Apply the 401/403 rules (default: same as `auth`). A wrong password at login is not an expired session. */
  handleAuthErrors?: boolean
  responseType?: 'json' | 'blob' | 'text'
  signal?: AbortSignal
  timeoutMs?: number
  /**
   * The `Idempotency-Key` of a POST. By default one per user action: the same for the same body
   * object (a TanStack Query mutation retry calls again with the same variables) and for this
   * client's own resend after a token refresh; a fresh one otherwise (`idempotencyKeyFor`).
   */
  idempotencyKey?: string
}

/** What the client needs from the app around it; tests and the router provide their own. */
export interface ApiHooks {
  navigate: (to: string) => void
  currentPath: () => string
  /** Called with fresh user info after a 403 made the client refetch it. */
  onUserInfo: (info: UserInfo) => void
}

const defaultHooks: ApiHooks = {
  navigate: (to) => window.location.assign(to),
  currentPath: () => window.location.pathname,
  onUserInfo: () => {},
}

let hooks: ApiHooks = { ...defaultHooks }

export const configureApi = (partial: Partial<ApiHooks>): void => {
  hooks = { ...hooks, ...partial }
}

/** Back to the defaults and no refresh in flight; for tests. */
export const resetApiState = (): void => {
  hooks = { ...defaultHooks }
  refreshing = null
  loginRedirect = null
  forbiddenRedirect = null
}

interface RawResponse {
  status: number
  statusText: string
  ok: boolean
  headers: Headers
  body: unknown
}

const STATUS_TEXTS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A server message: a string, or the first item of an array (of strings or `{ message }`). */
const pickMessage = (value: unknown): string | undefined => {
  if (typeof value === 'string' && value.trim() !== '') return value
  if (Array.isArray(value)) {
    const first: unknown = value[0]
    if (typeof first === 'string' && first.trim() !== '') return first
    if (isRecord(first)) return pickMessage(first.message)
  }
  return undefined
}

const readDetails = (value: unknown): ApiErrorDetail[] =>
  Array.isArray(value)
    ? value.filter(isRecord).map((item) => ({
        path: String(item.path ?? ''),
        code: String(item.code ?? ''),
        message: String(item.message ?? ''),
      }))
    : []

/** Builds the error for a non-2xx answer: the server's text, else `Error {status}: {status text}`. */
export const errorFromResponse = (
  response: Pick<RawResponse, 'status' | 'statusText' | 'body'>,
): ApiError => {
  const { status, body } = response
  const envelope = isRecord(body) && isRecord(body.error) ? body.error : undefined
  const message =
    pickMessage(envelope?.message) ??
    (isRecord(body) ? (pickMessage(body.message) ?? pickMessage(body.error)) : pickMessage(body))
  const rawCode = envelope?.code ?? (isRecord(body) ? body.code : undefined)
  const code = typeof rawCode === 'string' ? rawCode : undefined
  const details = readDetails(envelope?.details ?? (isRecord(body) ? body.details : undefined))
  if (message) return new ApiError(message, status, code, details)
  const statusText = response.statusText || STATUS_TEXTS[status]
  if (!statusText) return new ApiError(i18n.t('api.fallback'), status, code, details)
  return new ApiError(i18n.t('api.httpError', { status, statusText }), status, code, details)
}

const buildUrl = (path: string, params: RequestOptions['params']): string => {
  const url = /^https?:\/\//.test(path) ? path : `${API_BASE_URL}${path.startsWith('/') ? '' : '/'}${path}`
  if (!params) return url
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(keysToSnake<Record<string, unknown>>(params))) {
    const values = Array.isArray(value) ? value : [value]
    for (const item of values)
      if (item !== undefined && item !== null && item !== '') search.append(key, String(item))
  }
  const query = search.toString()
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url
}

const isRawBody = (body: unknown): boolean =>
  typeof body === 'string' ||
  (typeof FormData !== 'undefined' && body instanceof FormData) ||
  (typeof Blob !== 'undefined' && body instanceof Blob) ||
  (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
  body instanceof ArrayBuffer

const readBody = async (
  response: Response,
  responseType: RequestOptions['responseType'],
): Promise<unknown> => {
  if (response.status === 204 || response.status === 205) return undefined
  if (response.ok && responseType === 'blob') return response.blob()
  const text = await response.text()
  if (response.ok && responseType === 'text') return text
  if (text === '') return undefined
  const contentType = response.headers.get('content-type') ?? ''
  if (contentType.includes('json') || /^[[{]/.test(text.trim())) {
    try {
      return keysToCamel(JSON.parse(text))
    } catch (cause) {
      if (response.ok) throw cause
      return text
    }
  }
  return text
}

/** One HTTP exchange with its own 60 s budget; no retries and no auth rules here. */
const send = async (path: string, options: RequestOptions, token: string | null): Promise<RawResponse> => {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Lang': currentLocale(),
    ...options.headers,
  }
  let body: BodyInit | undefined
  if (options.body !== undefined) {
    if (isRawBody(options.body)) body = options.body as BodyInit
    else {
      body = JSON.stringify(keysToSnake(options.body))
      headers['Content-Type'] = 'application/json'
    }
  }
  if (token) headers.Authorization = `Bearer ${token}`

  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS)
  const onCallerAbort = () => controller.abort()
  options.signal?.addEventListener('abort', onCallerAbort)
  try {
    const response = await fetch(buildUrl(path, options.params), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: controller.signal,
    })
    return {
      status: response.status,
      statusText: response.statusText,
      ok: response.ok,
      headers: response.headers,
      body: await readBody(response, options.responseType),
    }
  } catch (cause) {
    if (timedOut) throw new ApiError(i18n.t('api.noResponse'), 0, 'timeout')
    // A caller's cancellation (e.g. TanStack Query) is not an error to show.
    if (options.signal?.aborted) throw cause
    if (cause instanceof TypeError) throw new ApiError(i18n.t('api.noResponse'), 0, 'network')
    throw new ApiError(i18n.t('api.fallback'), 0, 'unknown')
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', onCallerAbort)
  }
}

let refreshing: Promise<string> | null = null
let loginRedirect: ReturnType<typeof setTimeout> | null = null
let forbiddenRedirect: ReturnType<typeof setTimeout> | null = null

/** Trades the refresh token for a new access token; concurrent callers share one request. */
const refreshAccessToken = (): Promise<string> => {
  refreshing ??= (async () => {
    const refreshToken = getRefreshToken()
    if (!refreshToken) throw new ApiError(i18n.t('api.fallback'), 401, 'error.unauthorized')
    const response = await send(
      pathWith(authRouteHeads['auth.refreshToken']),
      { method: 'POST', body: { refreshToken } },
      null,
    )
    if (!response.ok) throw errorFromResponse(response)
    const accessToken = isRecord(response.body) ? response.body.accessToken : undefined
    if (typeof accessToken !== 'string' || accessToken === '') throw errorFromResponse(response)
    setAccessToken(accessToken)
    return accessToken
  })().finally(() => {
    refreshing = null
  })
  return refreshing
}

const onAdminSessionLost = (): void => {
  clearSession()
  const path = hooks.currentPath()
  if (AUTH_PAGES.some((page) => path === page || path.startsWith(`${page}/`))) return
  if (loginRedirect) return
  loginRedirect = setTimeout(() => {
    loginRedirect = null
    hooks.navigate('/login')
  }, LOGIN_REDIRECT_DELAY_MS)
}

/** Refetches the user info (the account may have lost an area) and then opens the forbidden page. */
const onForbidden = async (path: string): Promise<void> => {
  if (path !== USER_INFO_PATH) {
    try {
      const info = await request<unknown>(USER_INFO_PATH, { handleAuthErrors: false })
      const normalized = normalizeUserInfo(info)
      storeUserInfo(normalized)
      hooks.onUserInfo(normalized)
    } catch {
      // The forbidden page is shown either way.
    }
  }
  if (forbiddenRedirect || hooks.currentPath() === '/errors/403') return
  forbiddenRedirect = setTimeout(() => {
    forbiddenRedirect = null
    hooks.navigate('/errors/403')
  }, FORBIDDEN_REDIRECT_DELAY_MS)
}

/** Sends a request and applies the rules of SPEC §8; resolves with the whole successful answer. */
const exchange = async (path: string, options: RequestOptions): Promise<RawResponse> => {
  const kind = options.tokenKind ?? tokenKindFor(path)
  const useAuth = options.auth ?? true
  const handleAuthErrors = options.handleAuthErrors ?? useAuth
  const sentToken = useAuth ? tokenFor(kind) : null
  let response = await send(path, options, sentToken)

  if (response.status === 401 && handleAuthErrors) {
    if (kind === 'admin') {
      let token: string | null = null
      try {
        // Another request may have refreshed already while this one was in flight.
        const stored = getAccessToken()
        token = stored && stored !== sentToken ? stored : await refreshAccessToken()
      } catch (error) {
        // A refresh that got no answer (the page is being left, the network is down) ends nothing:
        // the session stays for the next page or the next try. Only a refusal ends it.
        if (error instanceof ApiError && error.status === 0) throw error
        token = null
      }
      if (token) response = await send(path, options, token)
      if (!token || response.status === 401) onAdminSessionLost()
    } else if (kind === 'endUser') {
      writeStorage(STORAGE_KEYS.endUserToken, null)
    } else {
      writeStorage(STORAGE_KEYS.previewToken, null)
    }
  }

  if (!response.ok) {
    const error = errorFromResponse(response)
    if (response.status === 403 && handleAuthErrors && kind === 'admin' && !isItemRefusal(error.code))
      void onForbidden(path)
    throw error
  }
  return response
}

/** A random key of 36 characters (a UUID v4), also where `crypto.randomUUID` is missing (plain http). */
export const newIdempotencyKey = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const actionKeys = new WeakMap<object, string>()

/**
 * The key of one user action (functions/src/edge/idempotency.ts): an action is its body object, so
 * a retry that sends the same object again (TanStack Query retries a mutation with the same
 * variables) repeats the key and the API answers it once; a new submit is a new object and a new
 * key. Bodies that are not plain objects (files, text) get a fresh key per call.
 */
export const idempotencyKeyFor = (body: unknown): string => {
  if (typeof body !== 'object' || body === null || isRawBody(body)) return newIdempotencyKey()
  let key = actionKeys.get(body)
  if (!key) {
    key = newIdempotencyKey()
    actionKeys.set(body, key)
  }
  return key
}

/** Every POST carries an `Idempotency-Key`, kept across this client's own resend of it. */
const withIdempotencyKey = (options: RequestOptions): RequestOptions =>
  options.method === 'POST'
    ? {
        ...options,
        headers: {
          'Idempotency-Key': options.idempotencyKey ?? idempotencyKeyFor(options.body),
          ...options.headers,
        },
      }
    : options

/** Sends a request and applies the rules of SPEC §8; resolves with the camelCased body. */
export const request = async <T>(path: string, options: RequestOptions = {}): Promise<T> =>
  (await exchange(path, withIdempotencyKey(options))).body as T

type BodyOptions = Omit<RequestOptions, 'method' | 'body'>

/**
 * The file name a `content-disposition` header offers: RFC 5987 `filename*=UTF-8''…` first, else
 * `filename="…"`; null without one.
 */
export const fileNameFromDisposition = (header: string | null): string | null => {
  if (!header) return null
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header)?.[1]
  if (extended) {
    try {
      return decodeURIComponent(extended.trim().replace(/^"(.*)"$/, '$1'))
    } catch {
      // A malformed encoding: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header)
  const name = (plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2])?.trim()
  return name ? name : null
}

export interface DownloadedFile {
  blob: Blob
  /** From `content-disposition`; null when the server named none. */
  fileName: string | null
}

/**
 * Fetches a file the API generates (e.g. a CSV export) with the same token, refresh and error rules
 * as every other call; errors still arrive as JSON and become an ApiError.
 */
export const download = async (path: string, options: BodyOptions = {}): Promise<DownloadedFile> => {
  const response = await exchange(path, {
    ...options,
    method: 'GET',
    responseType: 'blob',
    headers: { Accept: '*/*', ...options.headers },
  })
  // The body is the blob readBody made (no body at all only for a 204, which no download sends).
  const blob = (response.body as Blob | undefined) ?? new Blob([])
  return { blob, fileName: fileNameFromDisposition(response.headers.get('content-disposition')) }
}

/** What a call may add to its route's inputs (method, body, query and response type are the route's). */
export type CallOptions = Omit<RequestOptions, 'method' | 'body' | 'params' | 'responseType'>

/** A route's inputs, optional when the route takes none. */
type CallArgs<Id extends RouteId> =
  Record<string, never> extends RouteInput<Contract[Id]>
    ? [input?: RouteInput<Contract[Id]>, options?: CallOptions]
    : [input: RouteInput<Contract[Id]>, options?: CallOptions]

/** A route head's path below the API base with its `{parameters}` filled in (URI-encoded). */
export const pathWith = (head: Pick<RouteDef, 'path'>, params?: Record<string, unknown>): string =>
  head.path.replace(/\{(\w+)\+?\}/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined || value === null || value === '')
      throw new Error(`${head.path}: path parameter ${name} is missing`)
    return encodeURIComponent(String(value))
  })

/**
 * The head of a route: the sign-in routes' from their own small module, every other from the
 * whole route table, fetched with the first call that needs it. So the sign-in screens do not
 * download the table (issue 14: /login's budget); every other screen has it after one request.
 */
const SIGN_IN_HEADS: Partial<Record<RouteId, RouteDef>> = authRouteHeads
let table: Promise<Record<RouteId, RouteDef>> | undefined
export const headOf = async (id: RouteId): Promise<RouteDef> => {
  const head = SIGN_IN_HEADS[id]
  if (head) return head
  table ??= import('@swipe/shared/contract/routes').then((m) => m.routes)
  return (await table)[id]
}

type QueryParams = RequestOptions['params']

/**
 * The console's one way to call a route of the contract (`@swipe/shared/contract`): the method
 * and path come from the route table, the inputs and the answer are typed from the route's
 * schemas. Public routes go without the bearer token.
 */
export const call = async <Id extends RouteId>(
  id: Id,
  ...[input, options]: CallArgs<Id>
): Promise<RouteOutput<Contract[Id]>> => {
  const route = await headOf(id)
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, unknown>
    query?: unknown
    body?: unknown
  }
  const tokenKind: TokenKind =
    route.auth === 'preview'
      ? storedPreviewSite() === params?.siteId
        ? 'preview'
        : 'admin'
      : route.auth === 'endUser'
        ? 'endUser'
        : 'admin'
  return request<RouteOutput<Contract[Id]>>(pathWith(route, params), {
    auth: route.auth !== 'public',
    tokenKind,
    ...options,
    method: route.method,
    body,
    params: query as QueryParams,
  })
}

/** A route that answers a file (CSV): the blob and the name the server gave it. */
export const callDownload = async <Id extends RouteId>(
  id: Id,
  ...[input, options]: CallArgs<Id>
): Promise<DownloadedFile> => {
  const { params, query } = (input ?? {}) as { params?: Record<string, unknown>; query?: unknown }
  const route = await headOf(id)
  if (route.method !== 'GET') throw new Error(`${id} is not a download`)
  return download(pathWith(route, params), { ...options, params: query as QueryParams })
}

/** The text to show for any thrown value: an ApiError's message, else the generic fallback. */
export const errorMessage = (error: unknown): string =>
  error instanceof ApiError && error.message ? error.message : i18n.t('api.fallback')
