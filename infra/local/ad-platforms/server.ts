/**
 * A STAND-IN for four ad platforms' server-side conversion APIs on 127.0.0.1 — not the platforms.
 * The product's conversion sender is pointed at it on the local stack and in tests, so a server
 * event can be sent, checked and looked at with no account and no network. One port serves all
 * four at their documented paths (the hosts differ in production, the paths do not collide):
 *
 * - Meta Conversions API (graph.facebook.com): `POST /v{major}.{minor}/{pixelId}/events`,
 *   `access_token` in the query or the body.
 * - LINE Conversion API: `POST /v1/{tagId}/events`, the channel access token as
 *   `Authorization: Bearer` or `X-Line-TagAccessToken`.
 * - TikTok Events API 2.0 (business-api.tiktok.com): `POST /open_api/v1.3/event/track/`,
 *   `Access-Token` header.
 * - Google Ads API (googleads.googleapis.com): `POST /v{n}/customers/{id}:uploadClickConversions`,
 *   `Authorization: Bearer` and `developer-token`; the Bearer is one `POST /token` issued.
 * - Google's OAuth token endpoint (oauth2.googleapis.com): `POST /token`, the refresh-token grant
 *   (google-oauth.ts).
 *
 * Each request is checked (validate.ts) and answered with the platform's own success or error
 * shape; every request is recorded without its credentials (recording.ts) and shown on `GET /`
 * (viewer.ts) and `GET /requests.json`; `DELETE /requests` forgets them. Tests drive failures
 * through the handle: `failNext` answers an HTTP status the next N times, `rateLimit` answers 429
 * with `Retry-After` until turned off. Another process does the same over HTTP (control.ts:
 * `POST /control/fail-next`, `/control/rate-limit`, `/control/reset`). Events are recorded as
 * received, never deduplicated, so a test can assert that the product sent one event per event id.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CONVERSION_PLATFORMS, type ConversionPlatform } from '@swipe/shared/site/conversions-normalise'
import { HOST } from '../ports.ts'
import type { Running } from '../process.ts'
import { CONTROL_PATHS, failNextBody, rateLimitBody } from './control.ts'
import { type ErrorDetail, type ErrorKind, kindOfStatus, platformError } from './errors.ts'
import { createGoogleOAuth } from './google-oauth.ts'
import {
  BUCKETS,
  type Bucket,
  createRecorder,
  type ReceivedEvent,
  type RecordedRequest,
} from './recording.ts'
import {
  type AcceptedEvent,
  type Problem,
  validateGoogle,
  validateLine,
  validateMeta,
  validateTikTok,
} from './validate.ts'
import { viewerPage } from './viewer.ts'

export type { AdPlatformsControl } from './control.ts'
export { adPlatformsControl } from './control.ts'
export type { Bucket, ReceivedEvent, RecordedRequest } from './recording.ts'

export interface AdPlatformsOptions {
  /** 0 (the default): any free port. */
  port?: number
  host?: string
  /**
   * The token each platform expects (Meta access token, LINE channel access token, TikTok access
   * token). A platform without one accepts any non-empty token. Google: an OAuth access token
   * accepted besides those `POST /token` issued.
   */
  tokens?: Partial<Record<ConversionPlatform, string>>
  /** Google's `developer-token`; without it any non-empty one is accepted. */
  googleDeveloperToken?: string
  /** The refresh token `POST /token` expects; without it any non-empty one is accepted. */
  googleRefreshToken?: string
  /** The client secret `POST /token` expects; without it any non-empty one is accepted. */
  googleClientSecret?: string
  /**
   * The Google Ads route refuses a Bearer that `POST /token` did not issue (or that has expired)
   * unless it is `tokens.google`, as Google refuses one it does not know. True by default; false:
   * any non-empty Bearer when `tokens.google` is not set.
   */
  requireIssuedGoogleToken?: boolean
  /** The clock event times are judged by (milliseconds); tests may fix it. */
  now?: () => number
  log?: (line: string) => void
}

export interface FailNext {
  /** The HTTP status to answer (400–599), with the platform's error body for it. */
  status: number
  /** How many of the platform's next requests fail; 1 by default. */
  times?: number
  /** `Retry-After` seconds, sent with a 429 or 503. */
  retryAfter?: number
}

export interface AdPlatformsStandIn extends Running {
  port: number
  /** The next `times` requests to the platform are answered `status` instead of being checked. */
  failNext(platform: ConversionPlatform, failure: FailNext): void
  /** Until called with `null`, every request to the platform is answered 429 with `Retry-After`. */
  rateLimit(platform: ConversionPlatform, retryAfterSeconds: number | null): void
  /** The events the platform accepted, oldest first, duplicates included. */
  received(platform: ConversionPlatform): ReceivedEvent[]
  /**
   * The recorded requests, newest first: a platform's, `google-oauth` for `POST /token`, `null` for
   * those to no platform's path.
   */
  requests(bucket: Exclude<Bucket, 'other'> | null): RecordedRequest[]
  /** Forgets requests, events, pending failures and rate limits (issued Google tokens stay valid). */
  reset(): void
}

const CONTROL = new Set<string>(Object.values(CONTROL_PATHS))

/** Request bodies are read up to this size; a larger one is refused as invalid. */
const BODY_CAP = 1024 * 1024
const DEFAULT_RETRY_AFTER_S = 30

interface Route {
  platform: ConversionPlatform
  /** Google's path parts. */
  version?: string
  customerId?: string
}

const routeOf = (pathname: string): Route | null => {
  if (/^\/v\d+\.\d+\/\d+\/events\/?$/.test(pathname)) return { platform: 'meta' }
  if (/^\/v1\/[\w-]+\/events\/?$/.test(pathname)) return { platform: 'line' }
  if (/^\/open_api\/v1\.3\/event\/track\/?$/.test(pathname)) return { platform: 'tiktok' }
  const google = /^\/(v\d+)\/customers\/([^/:]+):uploadClickConversions$/.exec(pathname)
  if (google) return { platform: 'google', version: google[1] ?? '', customerId: google[2] ?? '' }
  return null
}

/** The id a platform puts in its answers (Meta `fbtrace_id`, TikTok `request_id`, Google `requestId`). */
const requestId = (platform: ConversionPlatform) =>
  platform === 'tiktok'
    ? `${Date.now()}${randomBytes(8).toString('hex').toUpperCase()}`
    : randomBytes(platform === 'google' ? 16 : 9).toString('base64url')

/** Headers that carry credentials (or cookies): never recorded. */
const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'access-token',
  'developer-token',
  'x-line-tagaccesstoken',
  'cookie',
])

const headerText = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(', ') : (value ?? '')

const bearer = (value: string | undefined) => /^Bearer\s+(\S+)$/i.exec(value ?? '')?.[1]

const last4 = (token: string) => ({ last4: token.slice(-4) })

type Parsed = { ok: true; value: unknown } | { ok: false; text: string; tooLarge: boolean }

const parseBody = (text: string, contentType: string, tooLarge: boolean): Parsed => {
  if (tooLarge) return { ok: false, text: `(body over ${BODY_CAP} bytes, not kept)`, tooLarge }
  if (contentType.includes('application/x-www-form-urlencoded'))
    return { ok: true, value: Object.fromEntries(new URLSearchParams(text)) }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false, text: text.slice(0, 64 * 1024), tooLarge }
  }
}

/** Body fields that are credentials: never recorded. */
const SECRET_FIELDS = ['access_token', 'client_secret', 'refresh_token']

const withoutSecrets = (value: unknown) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value
  return Object.fromEntries(Object.entries(value).filter(([name]) => !SECRET_FIELDS.includes(name)))
}

const readBody = (req: IncomingMessage) =>
  new Promise<{ text: string; tooLarge: boolean }>((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= BODY_CAP) chunks.push(chunk)
    })
    req.on('end', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), tooLarge: size > BODY_CAP }))
    req.on('error', reject)
  })

interface Answer {
  status: number
  headers: Record<string, string>
  body: unknown
}

interface Outcome {
  answer: Answer
  accepted: boolean
  events: AcceptedEvent[]
  problems: Problem[]
  injected?: 'failNext' | 'rateLimit'
}

/** Starts the stand-in on 127.0.0.1 and resolves once it listens. */
export const startAdPlatforms = async (options: AdPlatformsOptions = {}): Promise<AdPlatformsStandIn> => {
  const clock = options.now ?? Date.now
  const recorder = createRecorder(clock)
  const failures = new Map<ConversionPlatform, { status: number; times: number; retryAfter?: number }>()
  const rateLimits = new Map<ConversionPlatform, number>()
  const googleOAuth = createGoogleOAuth(clock, {
    ...(options.googleRefreshToken === undefined ? {} : { refreshToken: options.googleRefreshToken }),
    ...(options.googleClientSecret === undefined ? {} : { clientSecret: options.googleClientSecret }),
  })
  const requireIssuedGoogleToken = options.requireIssuedGoogleToken ?? true

  const errorAnswer = (
    platform: ConversionPlatform,
    kind: ErrorKind,
    status: number,
    detail: Omit<ErrorDetail, 'id'> = {},
  ): Answer => ({
    status,
    headers: {},
    body: platformError(platform, kind, status, { id: requestId(platform), ...detail }),
  })

  /** A failure a test asked for, if one is pending: rate limiting first, then `failNext`. */
  const injected = (
    platform: ConversionPlatform,
  ): { answer: Answer; kind: 'failNext' | 'rateLimit' } | null => {
    const retryAfter = rateLimits.get(platform)
    if (retryAfter !== undefined) {
      const answer = errorAnswer(platform, 'rateLimited', 429)
      answer.headers['retry-after'] = String(retryAfter)
      return { answer, kind: 'rateLimit' }
    }
    const failure = failures.get(platform)
    if (!failure) return null
    if (failure.times <= 1) failures.delete(platform)
    else failure.times -= 1
    const answer = errorAnswer(platform, kindOfStatus(failure.status), failure.status)
    if (failure.status === 429 || failure.status === 503)
      answer.headers['retry-after'] = String(failure.retryAfter ?? DEFAULT_RETRY_AFTER_S)
    return { answer, kind: 'failNext' }
  }

  /** The credentials a request carries, by where they came from. */
  const credentialsOf = (req: IncomingMessage, url: URL, body: unknown) => {
    const found: Record<string, string> = {}
    const auth = bearer(req.headers.authorization)
    if (auth) found.authorization = auth
    for (const name of ['access-token', 'developer-token', 'x-line-tagaccesstoken']) {
      const value = headerText(req.headers[name])
      if (value) found[name] = value
    }
    const queryToken = url.searchParams.get('access_token')
    if (queryToken) found['access_token (query)'] = queryToken
    if (body && typeof body === 'object' && 'access_token' in body) {
      const bodyToken = (body as Record<string, unknown>).access_token
      if (typeof bodyToken === 'string' && bodyToken) found['access_token (body)'] = bodyToken
    }
    return found
  }

  /** What is wrong with Google's Bearer: null when it is `tokens.google` or one `POST /token` issued. */
  const googleTokenProblem = (given: string): string | null => {
    const expected = options.tokens?.google
    if (expected !== undefined && given === expected) return null
    const issued = googleOAuth.issued(given)
    if (issued === 'valid') return null
    if (issued === 'expired') return 'access token expired (POST /token issues a new one)'
    if (expected === undefined && !requireIssuedGoogleToken) return null
    return expected === undefined
      ? 'access token not issued by POST /token'
      : 'access token neither the expected one nor issued by POST /token'
  }

  /** The platform's auth error when the token is missing or not the expected one; null when fine. */
  const authFailure = (
    platform: ConversionPlatform,
    found: Record<string, string>,
  ): { answer: Answer; problem: string } | null => {
    const given = {
      meta: found['access_token (query)'] ?? found['access_token (body)'],
      line: found.authorization ?? found['x-line-tagaccesstoken'],
      tiktok: found['access-token'],
      google: found.authorization,
    }[platform]
    const expected = options.tokens?.[platform]
    const problem = !given
      ? 'missing token'
      : platform === 'google'
        ? googleTokenProblem(given)
        : expected !== undefined && given !== expected
          ? 'wrong token'
          : null
    if (problem)
      return {
        // TikTok answers auth errors, like all errors, under HTTP 200.
        answer: errorAnswer(platform, 'auth', platform === 'tiktok' ? 200 : 401, { missingToken: !given }),
        problem,
      }
    if (platform === 'google') {
      const developer = found['developer-token']
      const expectedDeveloper = options.googleDeveloperToken
      if (!developer || (expectedDeveloper !== undefined && developer !== expectedDeveloper))
        return {
          answer: errorAnswer('google', 'auth', 401, {
            detail: 'The developer token is not valid.',
            errorCode: { authenticationError: 'DEVELOPER_TOKEN_INVALID' },
          }),
          problem: developer ? 'wrong developer-token' : 'missing developer-token',
        }
    }
    return null
  }

  const verdict = (route: Route, body: unknown, query: URLSearchParams): Outcome => {
    const context = { now: clock(), id: requestId(route.platform) }
    const result =
      route.platform === 'meta'
        ? validateMeta(body, query, context)
        : route.platform === 'line'
          ? validateLine(body, context)
          : route.platform === 'tiktok'
            ? validateTikTok(body, context)
            : validateGoogle(
                body,
                { version: route.version ?? '', customerId: route.customerId ?? '' },
                context,
              )
    return result.ok
      ? {
          answer: { status: result.status, headers: {}, body: result.answer },
          accepted: true,
          events: result.events,
          problems: result.problems,
        }
      : {
          answer: { status: result.status, headers: {}, body: result.error },
          accepted: false,
          events: [],
          problems: result.problems,
        }
  }

  /** The answer to a request and what it means: injected failure, auth, body and platform checks in that order. */
  const outcomeOf = (
    route: Route | null,
    method: string,
    parsed: Parsed,
    found: Record<string, string>,
    query: URLSearchParams,
  ): Outcome => {
    const refused = (answer: Answer, message: string): Outcome => ({
      answer,
      accepted: false,
      events: [],
      problems: [{ path: '', message }],
    })
    if (!route)
      return refused(
        { status: 404, headers: {}, body: { error: 'Not a path of the ad platforms stand-in' } },
        'no such path',
      )
    if (method !== 'POST') return refused(errorAnswer(route.platform, 'notFound', 404), 'POST only')
    const failure = injected(route.platform)
    if (failure)
      return { answer: failure.answer, accepted: false, events: [], problems: [], injected: failure.kind }
    const denied = authFailure(route.platform, found)
    if (denied) return refused(denied.answer, denied.problem)
    if (!parsed.ok) {
      const message = parsed.tooLarge ? 'body too large' : 'body is not JSON'
      const status = route.platform === 'tiktok' ? 200 : 400
      return refused(errorAnswer(route.platform, 'invalid', status, { detail: message }), message)
    }
    return verdict(route, parsed.value, query)
  }

  const failNext = (platform: ConversionPlatform, failure: FailNext) => {
    if (!Number.isInteger(failure.status) || failure.status < 400 || failure.status > 599)
      throw new Error(`failNext needs an HTTP error status (400–599), got ${failure.status}`)
    failures.set(platform, { ...failure, times: failure.times ?? 1 })
  }
  const rateLimit = (platform: ConversionPlatform, retryAfterSeconds: number | null) => {
    if (retryAfterSeconds === null) rateLimits.delete(platform)
    else rateLimits.set(platform, retryAfterSeconds)
  }
  const reset = () => {
    recorder.reset()
    failures.clear()
    rateLimits.clear()
  }

  const send = (res: ServerResponse, answer: Answer) => {
    res.writeHead(answer.status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...answer.headers,
    })
    res.end(JSON.stringify(answer.body))
  }

  /** The handle's controls over HTTP (control.ts): 204 when done, 400 with what is wrong. Never recorded. */
  const control = (res: ServerResponse, path: string, parsed: Parsed) => {
    const body = parsed.ok ? parsed.value : undefined
    const refuse = (issues: { path: PropertyKey[]; message: string }[]) =>
      send(res, {
        status: 400,
        headers: {},
        body: { error: issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ') },
      })
    if (path === CONTROL_PATHS.failNext) {
      const request = failNextBody.safeParse(body)
      if (!request.success) return refuse(request.error.issues)
      const { platform, ...failure } = request.data
      failNext(platform, failure)
    } else if (path === CONTROL_PATHS.rateLimit) {
      const request = rateLimitBody.safeParse(body)
      if (!request.success) return refuse(request.error.issues)
      rateLimit(request.data.platform, request.data.retryAfter)
    } else reset()
    options.log?.(`ad-platforms control ${path}`)
    res.writeHead(204).end()
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://${HOST}`)
    if (req.method === 'GET' && url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      return res.end(viewerPage(recorder.requests, recorder.received))
    }
    if (req.method === 'GET' && url.pathname === '/requests.json') {
      const requests = Object.fromEntries(BUCKETS.map((b) => [b, recorder.requests(b)]))
      const received = Object.fromEntries(CONVERSION_PLATFORMS.map((p) => [p, recorder.received(p)]))
      return send(res, { status: 200, headers: {}, body: { requests, received } })
    }
    if (req.method === 'DELETE' && url.pathname === '/requests') {
      recorder.reset()
      return res.writeHead(204).end()
    }

    const { text, tooLarge } = await readBody(req)
    const parsed = parseBody(text, headerText(req.headers['content-type']), tooLarge)
    if (req.method === 'POST' && CONTROL.has(url.pathname)) return control(res, url.pathname, parsed)
    const rawBody = parsed.ok ? parsed.value : parsed.text
    let pathname = url.pathname
    try {
      pathname = decodeURIComponent(url.pathname)
    } catch {
      // an undecodable path matches no route and is filed under "other"
    }

    let bucket: Bucket
    let platform: ConversionPlatform | null
    let found: Record<string, string>
    let outcome: Outcome
    if (req.method === 'POST' && pathname === '/token') {
      bucket = 'google-oauth'
      platform = 'google'
      const grant = googleOAuth.grant(parsed.ok ? parsed.value : {}, req.headers.authorization)
      found = grant.credentials
      outcome = {
        answer: { status: grant.status, headers: {}, body: grant.answer },
        accepted: grant.ok,
        events: [],
        problems: grant.ok ? [] : [{ path: '', message: grant.problem }],
      }
    } else {
      const route = routeOf(pathname)
      bucket = route?.platform ?? 'other'
      platform = route?.platform ?? null
      found = credentialsOf(req, url, rawBody)
      outcome = outcomeOf(route, req.method ?? 'GET', parsed, found, url.searchParams)
    }
    const { answer, accepted, events, problems, injected: injectedKind } = outcome

    const recordedUrl = new URL(url)
    recordedUrl.searchParams.delete('access_token')
    const headers = Object.fromEntries(
      Object.entries(req.headers)
        .filter(([name]) => !SECRET_HEADERS.has(name))
        .map(([name, value]) => [name, headerText(value)]),
    )
    const recorded = recorder.add(
      {
        platform,
        bucket,
        method: req.method ?? 'GET',
        path: recordedUrl.pathname + recordedUrl.search,
        headers,
        credentials: Object.fromEntries(Object.entries(found).map(([where, token]) => [where, last4(token)])),
        body: withoutSecrets(rawBody),
        outcome: {
          accepted,
          ...(injectedKind ? { injected: injectedKind } : {}),
          problems: problems.map((p) => (p.path ? `${p.path} ${p.message}` : p.message)),
        },
        // An issued access token is a credential too: only its last 4 are kept (in `credentials`).
        answer: { ...answer, body: withoutSecrets(answer.body) },
      },
      events,
    )
    options.log?.(
      `ad-platforms #${recorded.seq} ${recorded.bucket} ${recorded.method} ${recorded.path} → ${answer.status}`,
    )
    send(res, answer)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('ad platforms stand-in:', error)
      if (!res.headersSent) res.writeHead(500)
      res.end()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? HOST, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  return {
    name: 'ad platforms stand-in',
    url: `http://${options.host ?? HOST}:${port}`,
    port,
    failNext,
    rateLimit,
    received: (platform) => recorder.received(platform),
    requests: (bucket) => recorder.requests(bucket ?? 'other'),
    reset,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
