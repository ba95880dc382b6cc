import { createHmac, timingSafeEqual } from 'node:crypto'
import { lookup as dnsLookup } from 'node:dns/promises'
import { readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { SITE_WEBHOOK_EVENTS } from '@swipe/shared/schemas/site-api'
import { isUnsafeAddress } from './domains/dns.ts'

/**
 * The delivery core of the site webhooks (issue 21, "Beyond"; docs/decisions.md "API issuing per
 * site (issue 21)"): the signature, the retry schedule and one SSRF-safe attempt. What is stored
 * and when it is attempted: ./site-webhooks.ts.
 *
 * - Signature: `Swipe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the
 *   endpoint's secret (Stripe's scheme); a receiver recomputes it and refuses old timestamps.
 * - Retries: exponential backoff from 30 s, doubling, at most 6 h apart, for 24 h after the first
 *   attempt; then the delivery is given up.
 * - SSRF: HTTPS only; the host is resolved on every attempt and every address it resolves to must
 *   be public (no loopback, private, link-local — the metadata address included —, shared or
 *   multicast space, `isUnsafeAddress`); the connection then goes to the checked address itself, so
 *   a second resolution cannot steer it elsewhere (DNS rebinding). No redirects are followed.
 * - Tests may allow one local receiver (`SWIPE_WEBHOOK_TEST_RECEIVER=127.0.0.1:<port>`, or that
 *   text in the file `SWIPE_WEBHOOK_TEST_RECEIVER_FILE` names; plain HTTP), read only outside AWS
 *   Lambda and only when a test sets it.
 */

export const WEBHOOK_EVENTS = SITE_WEBHOOK_EVENTS
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

export const SIGNATURE_HEADER = 'swipe-signature'

/** `t=<seconds>,v1=<hex>` for a body sent at `timestamp` (unix seconds). */
export const signatureHeader = (secret: string, timestamp: number, body: string): string =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`

/** What a receiver runs: the signature matches and is at most `toleranceSeconds` old. */
export const verifySignature = (
  secret: string,
  header: string | undefined,
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean => {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]),
  )
  const timestamp = Number(parts.t)
  if (!Number.isInteger(timestamp) || !parts.v1 || Math.abs(nowSeconds - timestamp) > toleranceSeconds)
    return false
  const expected = Buffer.from(signatureHeader(secret, timestamp, body).split('v1=')[1] ?? '', 'hex')
  const given = Buffer.from(parts.v1, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

const RETRY_BASE_MS = 30_000
const RETRY_MAX_GAP_MS = 6 * 60 * 60_000
export const RETRY_WINDOW_MS = 24 * 60 * 60_000

/**
 * When to try again after `attempts` failed attempts (1 = the first failed), or undefined when the
 * next attempt would fall past 24 hours after the first one.
 */
export const nextAttemptAt = (firstAttemptAt: number, attempts: number, now: number): number | undefined => {
  const gap = Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_GAP_MS)
  const next = now + gap
  return next - firstAttemptAt > RETRY_WINDOW_MS ? undefined : next
}

/** An answer worth retrying: none at all, a timeout, 408, 429 or any 5xx. */
export const isRetryable = (status: number | undefined) =>
  status === undefined || status === 408 || status === 429 || status >= 500

/**
 * The one local receiver a test allows (`host:port`), never on AWS: named by
 * `SWIPE_WEBHOOK_TEST_RECEIVER`, or written by the test into the file
 * `SWIPE_WEBHOOK_TEST_RECEIVER_FILE` names (the integration stack's handlers run in another
 * process than the test; test/support/stack.ts names the file, and no file means no allowance).
 */
const testReceiver = (): string | undefined => {
  if (process.env.AWS_LAMBDA_FUNCTION_NAME) return undefined
  if (process.env.SWIPE_WEBHOOK_TEST_RECEIVER) return process.env.SWIPE_WEBHOOK_TEST_RECEIVER
  const file = process.env.SWIPE_WEBHOOK_TEST_RECEIVER_FILE
  if (!file) return undefined
  try {
    return readFileSync(file, 'utf8').trim() || undefined
  } catch {
    return undefined
  }
}

export type Resolver = (host: string) => Promise<string[]>
const systemResolver: Resolver = async (host) => (await dnsLookup(host, { all: true })).map((a) => a.address)

export class WebhookTargetError extends Error {
  constructor(
    readonly reason: 'scheme' | 'unresolved' | 'unsafeAddress',
    readonly address?: string,
  ) {
    super(`webhook target refused: ${reason}${address ? ` (${address})` : ''}`)
    this.name = 'WebhookTargetError'
  }
}

/** The address to connect to for `url`, checked; throws `WebhookTargetError` when refused. */
export const resolveTarget = async (url: URL, resolve: Resolver = systemResolver): Promise<string> => {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const allowed = testReceiver()
  if (allowed && url.protocol === 'http:' && `${host}:${url.port}` === allowed) return host
  if (url.protocol !== 'https:') throw new WebhookTargetError('scheme')
  const addresses = isIP(host) ? [host] : await resolve(host).catch(() => [])
  if (addresses.length === 0) throw new WebhookTargetError('unresolved')
  const unsafe = addresses.find(isUnsafeAddress)
  if (unsafe) throw new WebhookTargetError('unsafeAddress', unsafe)
  return addresses[0]!
}

export interface AttemptResult {
  /** The receiver's HTTP status; undefined when no answer came. */
  status?: number
  /** Why there was no answer, or why the target was refused (never the secret or the body). */
  error?: string
  durationMs: number
}

const TIMEOUT_MS = 10_000

/** One delivery attempt of `body` (JSON text) to `url`, signed at `nowMs`. */
export const attemptDelivery = async (
  input: {
    url: string
    secret: string
    event: WebhookEvent
    deliveryId: string
    body: string
    nowMs: number
  },
  resolve: Resolver = systemResolver,
): Promise<AttemptResult> => {
  const started = Date.now()
  const url = new URL(input.url)
  let address: string
  try {
    address = await resolveTarget(url, resolve)
  } catch (error) {
    return { error: (error as Error).message, durationMs: Date.now() - started }
  }
  // The connection goes to the checked address whatever the name resolves to now.
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [{ address, family: isIP(address) }])
    else callback(null, address, isIP(address))
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise<AttemptResult>((done) => {
    const req = send(
      url,
      {
        method: 'POST',
        lookup: pinned,
        timeout: TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'SwipeLP-Webhooks/1',
          'swipe-event': input.event,
          'swipe-delivery': input.deliveryId,
          [SIGNATURE_HEADER]: signatureHeader(input.secret, Math.floor(input.nowMs / 1000), input.body),
        },
      },
      (res) => {
        // The answer's body is not needed: read and drop it (at most what arrives before the end).
        res.resume()
        res.on('end', () => done({ status: res.statusCode, durationMs: Date.now() - started }))
      },
    )
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', (error) => done({ error: error.message, durationMs: Date.now() - started }))
    req.end(input.body)
  })
}
