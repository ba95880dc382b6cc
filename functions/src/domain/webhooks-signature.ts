import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * The Standard Webhooks signature of the site webhooks (issue 30; standardwebhooks.com), in a
 * module of its own that needs nothing but node:crypto, so the local webhook inspector
 * (infra/local/webhook-inspector.ts) checks deliveries with the very code that signs them.
 * What a delivery carries: functions/src/domain/webhooks.ts.
 */

/** The Standard Webhooks headers every delivery carries. */
export const ID_HEADER = 'webhook-id'
export const TIMESTAMP_HEADER = 'webhook-timestamp'
export const SIGNATURE_HEADER = 'webhook-signature'

const SECRET_PREFIX = 'whsec_'

/**
 * A new signing secret: `whsec_` and 24 random bytes in base64 (32 characters, no padding), the
 * form Standard Webhooks libraries decode.
 */
export const newWebhookSecret = () => `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`

/**
 * The HMAC key of a secret: the bytes its base64 after `whsec_` stands for. (Secrets made before
 * issue 30 were base64url; Node reads both alphabets, so they keep signing — a receiver's library
 * that reads base64 only needs a rotated secret.)
 */
const keyOf = (secret: string) =>
  Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64')

/** `v1,<base64>` of one secret for message `id` sent at `timestamp` (unix seconds). */
export const sign = (secret: string, id: string, timestamp: number, body: string): string =>
  `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`

/** The `webhook-signature` value: one signature per secret (two during a rotation), space-separated. */
export const signatureHeader = (
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): string => secrets.map((secret) => sign(secret, id, timestamp, body)).join(' ')

/** The three Standard Webhooks headers of a delivery, as a receiver reads them. */
export interface SignedHeaders {
  id?: string
  timestamp?: string
  signature?: string
}

/**
 * True when one of the header's signatures is the one `secret` makes for this id, timestamp and
 * body, whatever the timestamp's age (the local inspector shows an old delivery as signed).
 */
export const signatureMatches = (secret: string, headers: SignedHeaders, body: string): boolean => {
  const timestamp = Number(headers.timestamp)
  if (!headers.id || !Number.isInteger(timestamp)) return false
  const expected = Buffer.from(sign(secret, headers.id, timestamp, body).slice(3), 'base64')
  return (headers.signature ?? '').split(' ').some((part) => {
    const [version, value] = part.split(',', 2)
    if (version !== 'v1' || !value) return false
    const given = Buffer.from(value, 'base64')
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
}

/** What a receiver runs: a signature matches and the timestamp is at most `toleranceSeconds` off. */
export const verifySignature = (
  secret: string,
  headers: SignedHeaders,
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean =>
  Math.abs(nowSeconds - Number(headers.timestamp)) <= toleranceSeconds &&
  signatureMatches(secret, headers, body)
