import { createHash, randomUUID } from 'node:crypto'
import { gunzipSync, gzipSync } from 'node:zlib'
import type { RouteDef } from '@swipe/shared/contract/routes'
import { IdempotencyRecords } from '../data/idempotency.ts'
import { logger } from '../platform/services/logger.ts'
import type { Actor } from './auth.ts'
import { clientIp } from './client-ip.ts'
import { AppError, BadRequestError } from './errors.ts'
import { isConditionFailure } from './rate-limit.ts'
import type { Event, RequestState, Result } from './request-state.ts'
import { errorResult } from './responses.ts'
import { securityEvent } from './security-log.ts'

/**
 * Idempotent POSTs, Stripe's model (docs/decisions/0007-idempotent-writes.md). A
 * POST that carries `Idempotency-Key` claims the key for its caller and route with a conditional
 * put before the handler runs; the response is then stored (24 hours) and a repeat with the same
 * key and the same request gets it again, marked `idempotent-replayed: true`. The same key with
 * another request is 422; a repeat while the first is still running is 409. Results of requests
 * that did not really run (5xx, 409 conflicts, 429 rate limits) are not stored, so a retry runs.
 * Validation failures never get here: `endpoint()` checks the request before it calls this.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key'
export const REPLAYED_HEADER = 'idempotent-replayed'
/** How long a key is remembered (Stripe: 24 hours). */
export const RECORD_TTL_MS = 24 * 60 * 60 * 1000
/**
 * An in-flight claim this old belongs to a request that died (the API Lambdas stop after 15 s,
 * API Gateway after 30 s): a repeat may take it over and run.
 */
export const TAKEOVER_AFTER_MS = 60_000
/** A response body above this is stored gzipped; one still above `MAX_STORED_BYTES` is not stored. */
const GZIP_ABOVE_BYTES = 32_000
/** Well inside DynamoDB's 400 KB item limit. */
const MAX_STORED_BYTES = 300_000

/**
 * Routes whose answer is a credential (tokens, a session): never stored, since a stored answer is
 * a credential at rest that the key would hand out again. Repeating them is harmless (another
 * session is issued; a failed sign-in counts again, as it should).
 */
export const UNSTORED_ROUTES: ReadonlySet<string> = new Set([
  'auth.login',
  'auth.completeNewPassword',
  'auth.refreshToken',
  'endUser.login',
])

/** The name a route has in the route table (`sites.create`). */
export const routeName = (route: Pick<RouteDef, 'context' | 'action'>) => `${route.context}.${route.action}`

const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/

/**
 * The request's `Idempotency-Key`: undefined without one, else 1–255 printable ASCII characters
 * and not blank; anything else is 400 `error.idempotencyKeyInvalid`.
 */
export const idempotencyKeyOf = (headers: Record<string, string | undefined> | undefined) => {
  const entry = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === IDEMPOTENCY_HEADER)
  if (!entry || entry[1] === undefined) return undefined
  const key = entry[1]
  if (!KEY_PATTERN.test(key) || key.trim() === '') throw new BadRequestError('error.idempotencyKeyInvalid')
  return key
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** JSON with every object's keys sorted, so two requests that mean the same compare equal. */
export const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** SHA-256 of what the request asks for: its path parameters, query and body (parsed, canonical). */
export const requestFingerprint = (request: {
  params: Record<string, string | undefined> | undefined
  query: Record<string, string | undefined> | undefined
  body: unknown
}) =>
  sha256(
    canonicalJson({ params: request.params ?? {}, query: request.query ?? {}, body: request.body ?? null }),
  )

/**
 * Whose key it is: an admin account, a member, a preview link's site, or for public routes the
 * client address (as a hash; the same address the rate limits use). Keys of two callers never meet.
 */
export const callerScope = (actor: Actor | undefined, client: string): string => {
  if (actor?.kind === 'admin') return `account:${actor.account.accountId}`
  if (actor?.kind === 'endUser') return `member:${actor.sub}`
  if (actor?.kind === 'preview') return `preview:${actor.siteId}`
  return `client:${sha256(client).slice(0, 32)}`
}

/** The id a security line names for the caller (as the other security lines do). */
const actorId = (actor: Actor | undefined) => {
  if (actor?.kind === 'admin') return actor.account.accountId
  if (actor?.kind === 'endUser') return `member:${actor.sub}`
  if (actor?.kind === 'preview') return `preview:${actor.siteId}`
  return undefined
}

/**
 * Whether an answer with this status is stored for replay: every answer of a request that ran
 * (2xx, and 4xx such as a plan limit or a 404), except 409 (it lost a race: a retry may win) and
 * 429 (rate limited: it did not run). 5xx are not stored so that a retry runs again.
 */
export const shouldStore = (status: number) =>
  status >= 200 && status < 500 && status !== 409 && status !== 429

/** A response as the record keeps it. */
export interface StoredResponse {
  statusCode: number
  headers: Record<string, string | number | boolean>
  body?: string
  bodyEncoding?: 'utf8' | 'gzip'
  isBase64Encoded?: boolean
}

/**
 * The record form of a response, or undefined when it must not be stored: it sets cookies (a
 * session is never stored) or its body is too large even gzipped.
 */
export const encodeResponse = (result: Result): StoredResponse | undefined => {
  const headers = { ...(result.headers ?? {}) }
  if (result.cookies?.length || Object.keys(headers).some((name) => name.toLowerCase() === 'set-cookie'))
    return undefined
  const stored: StoredResponse = { statusCode: result.statusCode ?? 200, headers }
  if (result.isBase64Encoded) stored.isBase64Encoded = true
  if (result.body === undefined) return stored
  if (Buffer.byteLength(result.body) <= GZIP_ABOVE_BYTES)
    return { ...stored, body: result.body, bodyEncoding: 'utf8' }
  const zipped = gzipSync(result.body).toString('base64')
  if (zipped.length > MAX_STORED_BYTES) return undefined
  return { ...stored, body: zipped, bodyEncoding: 'gzip' }
}

/** The stored response as it is sent again, marked as a replay. */
export const replayOf = (stored: StoredResponse): Result => {
  const body =
    stored.body === undefined
      ? undefined
      : stored.bodyEncoding === 'gzip'
        ? gunzipSync(Buffer.from(stored.body, 'base64')).toString('utf8')
        : stored.body
  return {
    statusCode: stored.statusCode,
    headers: { ...stored.headers, [REPLAYED_HEADER]: 'true' },
    ...(body === undefined ? {} : { body }),
    ...(stored.isBase64Encoded ? { isBase64Encoded: true } : {}),
  }
}

/** Identifies a record: caller scope, route name, key. */
export interface RecordId {
  caller: string
  route: string
  key: string
}

/** One attempt's claim on a key. */
export interface Claim extends RecordId {
  fingerprint: string
  /** Random per attempt: only the holder of the claim completes or releases it. */
  claimId: string
  claimedAt: number
}

/** A record as read back. */
export interface ExistingRecord {
  fingerprint: string
  state: 'inFlight' | 'done'
  claimedAt: number
  /** Epoch seconds. */
  expiresAt: number
  response?: StoredResponse | undefined
}

/** Where records live: the table in production (`dynamoStore`), a map in unit tests. */
export interface IdempotencyStore {
  /**
   * Writes the claim when the key is free: no record, an expired one (TTL deletes lazily), or an
   * in-flight claim of the same request older than `staleBefore`. False when it is not free.
   */
  claim(claim: Claim, options: { now: number; staleBefore: number; expiresAt: number }): Promise<boolean>
  get(id: RecordId): Promise<ExistingRecord | undefined>
  /** Stores the response; false when the claim is no longer this attempt's. */
  complete(claim: Claim, response: StoredResponse): Promise<boolean>
  /** Frees the key again (only while this attempt holds it). */
  release(claim: Claim): Promise<void>
}

export type Decision = 'replay' | 'mismatch' | 'inProgress' | 'claimAgain'

/** What a request does when the key was not free: decided from the record it found. */
export const decide = (existing: ExistingRecord | undefined, fingerprint: string, now: number): Decision => {
  if (!existing || existing.expiresAt * 1000 <= now) return 'claimAgain'
  if (existing.fingerprint !== fingerprint) return 'mismatch'
  if (existing.state === 'done' && existing.response) return 'replay'
  if (now - existing.claimedAt >= TAKEOVER_AFTER_MS) return 'claimAgain'
  return 'inProgress'
}

export interface IdempotencyDeps {
  /** The clock (epoch ms). */
  now?: () => number
  store?: IdempotencyStore
}

/** The table-backed store, used when a request carries a key (unit tests pass a map instead). */
export const dynamoStore = async (): Promise<IdempotencyStore> => {
  return {
    claim: async (claim, { now, staleBefore, expiresAt }) => {
      try {
        await IdempotencyRecords.put({ ...claim, state: 'inFlight', expiresAt: Math.ceil(expiresAt / 1000) })
          .where(
            (a, op) =>
              `${op.notExists(a.fingerprint)} OR ${op.lte(a.expiresAt, Math.floor(now / 1000))} OR ` +
              `(${op.eq(a.state, 'inFlight')} AND ${op.lt(a.claimedAt, staleBefore)} AND ${op.eq(a.fingerprint, claim.fingerprint)})`,
          )
          .go({ response: 'none' })
        return true
      } catch (error) {
        if (isConditionFailure(error)) return false
        throw error
      }
    },
    get: async ({ caller, route, key }) => {
      const { data } = await IdempotencyRecords.get({ caller, route, key }).go({ consistent: true })
      if (!data) return undefined
      return {
        fingerprint: data.fingerprint,
        state: data.state,
        claimedAt: data.claimedAt,
        expiresAt: data.expiresAt,
        response:
          data.state === 'done' && data.statusCode !== undefined
            ? {
                statusCode: data.statusCode,
                headers: (data.headers ?? {}) as StoredResponse['headers'],
                ...(data.body === undefined
                  ? {}
                  : { body: data.body, bodyEncoding: data.bodyEncoding ?? 'utf8' }),
                ...(data.isBase64Encoded ? { isBase64Encoded: true } : {}),
              }
            : undefined,
      }
    },
    complete: async (claim, response) => {
      try {
        await IdempotencyRecords.patch({ caller: claim.caller, route: claim.route, key: claim.key })
          .set({
            state: 'done',
            statusCode: response.statusCode,
            headers: response.headers,
            ...(response.body === undefined
              ? {}
              : { body: response.body, bodyEncoding: response.bodyEncoding }),
            ...(response.isBase64Encoded ? { isBase64Encoded: true } : {}),
          })
          .where(({ claimId }, { eq }) => eq(claimId, claim.claimId))
          .go({ response: 'none' })
        return true
      } catch (error) {
        if (isConditionFailure(error)) return false
        throw error
      }
    },
    release: async (claim) => {
      try {
        await IdempotencyRecords.delete({ caller: claim.caller, route: claim.route, key: claim.key })
          .where(({ claimId }, { eq }) => eq(claimId, claim.claimId))
          .go({ response: 'none' })
      } catch (error) {
        if (!isConditionFailure(error)) throw error
      }
    },
  }
}

/** How often a request tries to claim a key that kept changing under it before answering 409. */
const CLAIM_ATTEMPTS = 3

/**
 * Runs `run` at most once per caller, route and `Idempotency-Key` (POST only; without the header
 * it just runs). Called by `endpoint()` after authentication and validation, so the key is scoped
 * to the caller and a request the API refused outright is never remembered.
 */
export const withIdempotency = async (
  route: RouteDef,
  event: Event,
  state: Pick<RequestState, 'actor' | 'body' | 'locale'>,
  run: () => Promise<Result>,
  deps: IdempotencyDeps = {},
): Promise<Result> => {
  // PUT and DELETE are idempotent by nature here (version-conditioned, or gone after the first).
  if (route.method !== 'POST') return run()
  const key = idempotencyKeyOf(event.headers)
  if (key === undefined || UNSTORED_ROUTES.has(routeName(route))) return run()
  const now = deps.now ?? Date.now
  const store = deps.store ?? (await dynamoStore())
  const claim: Claim = {
    caller: callerScope(state.actor, clientIp(event)),
    route: routeName(route),
    key,
    fingerprint: requestFingerprint({
      params: event.pathParameters,
      query: event.queryStringParameters,
      body: state.body,
    }),
    claimId: randomUUID(),
    claimedAt: now(),
  }

  for (let attempt = 1; ; attempt += 1) {
    claim.claimedAt = now()
    const claimed = await store.claim(claim, {
      now: claim.claimedAt,
      staleBefore: claim.claimedAt - TAKEOVER_AFTER_MS,
      expiresAt: claim.claimedAt + RECORD_TTL_MS,
    })
    if (claimed) break
    const existing = await store.get(claim)
    const decision = decide(existing, claim.fingerprint, now())
    if (decision === 'replay' && existing?.response) return replayOf(existing.response)
    if (decision === 'mismatch') {
      securityEvent('idempotency.conflict', {
        requestId: event.requestContext?.requestId,
        route: event.routeKey,
        actor: actorId(state.actor),
        client: clientIp(event),
        reason: 'error.idempotencyMismatch',
      })
      throw new AppError(422, 'error.idempotencyMismatch')
    }
    if (decision === 'inProgress' || attempt >= CLAIM_ATTEMPTS)
      throw new AppError(409, 'error.idempotencyInProgress', {}, undefined, { 'retry-after': '1' })
  }

  let result: Result
  try {
    result = await run()
  } catch (error) {
    if (error instanceof AppError && shouldStore(error.status)) {
      await settle(store, claim, errorResult(error, state.locale))
    } else {
      await settle(store, claim, undefined)
    }
    throw error
  }
  await settle(store, claim, result)
  return result
}

/**
 * Stores the answer (or frees the key when it is not to be stored). Never fails the request: the
 * handler's work is done, and a record that could not be written only means a repeat waits for
 * the takeover age and runs again.
 */
const settle = async (store: IdempotencyStore, claim: Claim, result: Result | undefined) => {
  const stored = result && shouldStore(result.statusCode ?? 200) ? encodeResponse(result) : undefined
  try {
    if (!stored) {
      await store.release(claim)
      return
    }
    if (!(await store.complete(claim, stored)))
      logger.warn('Idempotency claim was taken over before the response was stored', { route: claim.route })
  } catch (error) {
    logger.error('Idempotency record could not be settled', {
      route: claim.route,
      error: (error as Error).name,
    })
  }
}
