import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { SITE_WEBHOOK_ERRORS } from '@swipe/shared/contract/apiAccess'
import { SITE_WEBHOOK_EVENTS } from '@swipe/shared/schemas/site-api'
import { platform } from '#platform'
import {
  type CheckedAddress,
  checkOutboundUrl,
  OutboundRefused,
  pinnedLookup,
  type Resolver,
} from '../platform/services/outbound.ts'
import { ID_HEADER, SIGNATURE_HEADER, signatureHeader, TIMESTAMP_HEADER } from './webhooks-signature.ts'

/**
 * The delivery core of the site webhooks (issue 21, "Beyond"; docs/decisions/0040-site-api.md): the
 * signature, the retry schedule and one SSRF-safe attempt. What is stored and when it is attempted:
 * ./site-webhooks.ts.
 *
 * - Signature (issue 30): the Standard Webhooks scheme (standardwebhooks.com), so its libraries
 *   verify a delivery as they are: `webhook-id` (the event's id, the same on every retry and
 *   resend), `webhook-timestamp` (unix seconds of the attempt) and `webhook-signature`:
 *   `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed by the bytes of the secret
 *   `whsec_<base64>`; during a secret's rotation one such signature per valid secret, separated by
 *   spaces. A receiver recomputes one and refuses old timestamps (5 minutes). Replaces the
 *   `Swipe-Signature` of issue 21 (Stripe's scheme under the `whsec_` prefix).
 * - Retries: exponential backoff from 30 s, doubling, at most 6 h apart, for 24 h after the first
 *   attempt; then the delivery is given up.
 * - SSRF: HTTPS only; the host is resolved on every attempt and every address it resolves to must
 *   pass the outbound-address policy (./outbound.ts: public unicast only, embedded IPv4 unwrapped);
 *   the connection then goes to the checked address itself, so a second resolution cannot steer it
 *   elsewhere (DNS rebinding). No redirects are followed.
 * - Bounded (issue 29): one deadline for the whole attempt (`ATTEMPT_DEADLINE_MS`), the answer's
 *   body read up to `ANSWER_BODY_CAP`; a failure is stored and shown as a category
 *   (`errorCategory`), the socket's own text goes to the server's log only.
 * - Tests may allow one local receiver (plain HTTP; the local platform's allowance,
 *   functions/src/platform/local/outbound.ts); the AWS platform allows none.
 */

export const WEBHOOK_EVENTS = SITE_WEBHOOK_EVENTS
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

export {
  ID_HEADER,
  newWebhookSecret,
  SIGNATURE_HEADER,
  type SignedHeaders,
  sign,
  signatureHeader,
  signatureMatches,
  TIMESTAMP_HEADER,
  verifySignature,
} from './webhooks-signature.ts'

const RETRY_BASE_MS = 30_000
const RETRY_MAX_GAP_MS = 6 * 60 * 60_000
export const RETRY_WINDOW_MS = 24 * 60 * 60_000

/**
 * When to try again after `attempts` failed attempts (1 = the first failed), or undefined when the
 * next attempt would fall past 24 hours after the first one. `atLeastMs`: a wait the receiver asked
 * for (`Retry-After`), when longer than the backoff.
 */
export const nextAttemptAt = (
  firstAttemptAt: number,
  attempts: number,
  now: number,
  atLeastMs = 0,
): number | undefined => {
  const gap = Math.max(Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_GAP_MS), atLeastMs)
  const next = now + gap
  return next - firstAttemptAt > RETRY_WINDOW_MS ? undefined : next
}

/** An answer worth retrying: none at all, a timeout, 408, 429 or any 5xx. */
export const isRetryable = (status: number | undefined) =>
  status === undefined || status === 408 || status === 429 || status >= 500

/**
 * The address to connect to for `url`, checked by the outbound-address policy (HTTPS only), or the
 * platform's local allowance (the local stack's webhook inspector, or the one receiver a test
 * names; none on AWS: #platform/outbound); throws
 * `OutboundRefused` when refused.
 */
export const resolveTarget = async (
  url: URL,
  resolve?: Resolver,
  schemes?: readonly string[],
): Promise<CheckedAddress> => {
  const allowed = platform().outbound.allowed(url)
  if (allowed) return allowed
  return (await checkOutboundUrl(url, { ...(resolve ? { resolve } : {}), ...(schemes ? { schemes } : {}) }))
    .target
}

export type DeliveryErrorCategory = (typeof SITE_WEBHOOK_ERRORS)[number]

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|EPROTO$)/

/**
 * The category a creator is shown for a failed attempt: never the socket's text, which would make
 * the delivery log a scanner of the network the attempt ran in (issue 29).
 */
export const errorCategory = (error: unknown): DeliveryErrorCategory => {
  if (error instanceof OutboundRefused) return error.reason === 'dns' ? 'dns' : 'refusedAddress'
  const code = String((error as { code?: unknown } | undefined)?.code ?? '')
  if (error instanceof DeadlineError || code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT') return 'timeout'
  if (code === 'ECONNREFUSED') return 'connectionRefused'
  if (TLS_CODES.test(code)) return 'tls'
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns'
  return 'network'
}

/**
 * A stored `lastError` as a category: categories as they are; the free text older attempts stored
 * (before issue 29) read as what it said, anything else as `network`.
 */
export const storedErrorCategory = (stored: string): DeliveryErrorCategory => {
  if ((SITE_WEBHOOK_ERRORS as readonly string[]).includes(stored)) return stored as DeliveryErrorCategory
  if (/^endpoint (disabled|deleted)$/.test(stored)) return 'disabled'
  if (/unresolved/.test(stored)) return 'dns'
  if (/webhook target refused/.test(stored)) return 'refusedAddress'
  if (/^timeout$/i.test(stored)) return 'timeout'
  return 'network'
}

export interface AttemptResult {
  /** The receiver's HTTP status; undefined when no complete answer came. */
  status?: number
  /** Why there was no answer, or why the target was refused: a category, shown to the creator. */
  error?: DeliveryErrorCategory
  /** The raw reason (a socket error's code and text), for the server's log only. */
  detail?: string
  durationMs: number
}

/** An attempt's overall deadline: connection, headers and body (issue 29). */
export const ATTEMPT_DEADLINE_MS = 10_000
/** How much of an answer's body is read (and dropped) before the answer counts as complete. */
export const ANSWER_BODY_CAP = 4096

class DeadlineError extends Error {
  constructor(ms: number) {
    super(`no complete answer within ${ms} ms`)
    this.name = 'DeadlineError'
  }
}

/**
 * One delivery attempt of `body` (JSON text) to `url`, signed at `nowMs` (`attemptPost`).
 */
export const attemptDelivery = async (
  input: {
    url: string
    /** The endpoint's valid secrets: its own, and during a rotation the one it replaced. */
    secrets: readonly string[]
    event: WebhookEvent
    /** `webhook-id`: the event's id, the same on every attempt. */
    messageId: string
    deliveryId: string
    body: string
    nowMs: number
  },
  options: { resolve?: Resolver; deadlineMs?: number } = {},
): Promise<AttemptResult> => {
  const timestamp = Math.floor(input.nowMs / 1000)
  const { answer: _dropped, ...result } = await attemptPost(
    {
      url: input.url,
      headers: {
        'user-agent': 'SwipeLP-Webhooks/1',
        'swipe-event': input.event,
        'swipe-delivery': input.deliveryId,
        [ID_HEADER]: input.messageId,
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signatureHeader(input.secrets, input.messageId, timestamp, input.body),
      },
      body: input.body,
    },
    options,
  )
  return result
}

/**
 * How long an answer's `Retry-After` asks to wait (seconds, or an HTTP date), in milliseconds from
 * `now`; undefined when absent or unreadable.
 */
export const retryAfterMs = (header: string | undefined, now: number): number | undefined => {
  if (!header) return undefined
  const seconds = /^\d+$/.test(header.trim()) ? Number(header.trim()) : undefined
  if (seconds !== undefined) return seconds * 1000
  const at = Date.parse(header)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/**
 * One POST of `body` to `url` through the outbound-address policy (`resolveTarget`: the checked
 * address, pinned). The whole attempt — resolution, connection, TLS, headers and body — ends at
 * `deadlineMs`; the answer's body is read up to `answerCap` bytes (kept as `answer` when
 * `keepAnswer`, else dropped), then the connection is dropped. A `Retry-After` comes back as
 * `retryAfterMs`. Shared by the webhooks and the
 * server-side conversions (#domain/conversions), which read the platforms' answers.
 */
export const attemptPost = (
  input: { url: string; headers: Readonly<Record<string, string>>; body: string },
  options: AttemptOptions = {},
): Promise<AttemptResult & { answer?: string; retryAfterMs?: number }> => attempt('POST', input, options)

/**
 * One HEAD of `url` through the same policy, over HTTPS or HTTP (a visitor link may be either): the
 * pre-publish checklist's check that a page's external links answer (issue 33).
 */
export const attemptHead = (
  url: string,
  headers: Readonly<Record<string, string>>,
  options: Omit<AttemptOptions, 'keepAnswer' | 'answerCap'> = {},
): Promise<AttemptResult> => attempt('HEAD', { url, headers }, { ...options, schemes: ['https:', 'http:'] })

interface AttemptOptions {
  resolve?: Resolver
  deadlineMs?: number
  answerCap?: number
  keepAnswer?: boolean
  schemes?: readonly string[]
}

const attempt = async (
  method: 'POST' | 'HEAD',
  input: { url: string; headers: Readonly<Record<string, string>>; body?: string },
  {
    resolve,
    deadlineMs = ATTEMPT_DEADLINE_MS,
    answerCap = ANSWER_BODY_CAP,
    keepAnswer = false,
    schemes,
  }: AttemptOptions,
): Promise<AttemptResult & { answer?: string; retryAfterMs?: number }> => {
  const started = Date.now()
  const failed = (error: unknown): AttemptResult => ({
    error: errorCategory(error),
    detail: `${(error as { code?: string }).code ?? ''} ${(error as Error).message}`.trim().slice(0, 300),
    durationMs: Date.now() - started,
  })
  const signal = AbortSignal.timeout(deadlineMs)
  const url = new URL(input.url)
  let target: CheckedAddress
  try {
    target = await Promise.race([
      resolveTarget(url, resolve, schemes),
      new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => reject(new DeadlineError(deadlineMs)), { once: true }),
      ),
    ])
  } catch (error) {
    return failed(error)
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise<AttemptResult & { answer?: string; retryAfterMs?: number }>((done) => {
    let settled = false
    const finish = (result: AttemptResult & { answer?: string; retryAfterMs?: number }) => {
      if (settled) return
      settled = true
      signal.removeEventListener('abort', onDeadline)
      req.destroy()
      done(result)
    }
    const onDeadline = () => finish(failed(new DeadlineError(deadlineMs)))
    const req = send(
      url,
      {
        method,
        // The connection goes to the checked address whatever the name resolves to now.
        lookup: pinnedLookup(target),
        headers: method === 'POST' ? { 'content-type': 'application/json', ...input.headers } : input.headers,
      },
      (res) => {
        const chunks: Buffer[] = []
        let read = 0
        const wait = retryAfterMs(res.headers['retry-after'], Date.now())
        const answered = () =>
          finish({
            status: res.statusCode,
            durationMs: Date.now() - started,
            ...(keepAnswer ? { answer: Buffer.concat(chunks).subarray(0, answerCap).toString('utf8') } : {}),
            ...(wait === undefined ? {} : { retryAfterMs: wait }),
          })
        res.on('data', (chunk: Buffer) => {
          read += chunk.length
          if (keepAnswer) chunks.push(chunk)
          if (read > answerCap) answered()
        })
        res.on('end', answered)
        res.on('error', (error) => finish(failed(error)))
      },
    )
    signal.addEventListener('abort', onDeadline, { once: true })
    if (signal.aborted) onDeadline()
    req.on('error', (error) => finish(failed(error)))
    req.end(input.body)
  })
}
