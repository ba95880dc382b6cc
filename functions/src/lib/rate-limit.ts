import { createHash } from 'node:crypto'
import { RateWindows } from '#data/analytics'
import type { Event } from './http.ts'

/**
 * The light per-client limit of the public write endpoints (analytics beacons, CTA clicks, visitor
 * forms): a fixed one-minute window per client IP and purpose, counted with one conditional `ADD`.
 * Generous on purpose: Japanese mobile carriers put many visitors behind one address (CGNAT), and a
 * visitor must never lose a click to a neighbour. It stops floods, not determined abuse
 * (docs/decisions.md).
 */
export const RATE_LIMITS = {
  /** Analytics events per client per minute. */
  analytics: 1200,
  /** CTA clicks per client per minute. */
  ctaClick: 60,
  /** Visitor form POSTs (sign-up, its link and resend, sign-in, contact, homepage form) per client per minute. */
  forms: 30,
  /** The same POSTs to one site from every client together per minute (client `siteClient(siteId)`). */
  formsSite: 300,
} as const
export type RateScope = keyof typeof RATE_LIMITS

const WINDOW_MS = 60_000

/**
 * Whether a conditional write failed its condition (ElectroDB wraps the SDK's error). The same
 * test as the site builder's, kept here so the visitor Lambdas do not load the builder's modules.
 */
export const isConditionFailure = (error: unknown): boolean => {
  const cause = (error as { cause?: { name?: string } }).cause
  return (
    cause?.name === 'ConditionalCheckFailedException' || /conditional request failed/i.test(String(error))
  )
}

/**
 * The visitor's address. Behind the sites distribution (the API under every site's origin) the
 * connection comes from CloudFront, which names the viewer in `CloudFront-Viewer-Address`
 * (`ip:port`); a direct call has only the source IP.
 */
export const clientIp = (event: Event): string => {
  const viewer = event.headers?.['cloudfront-viewer-address']
  const fromCloudFront = viewer?.replace(/:\d+$/, '').replace(/^\[|\]$/g, '')
  return fromCloudFront || event.requestContext?.http?.sourceIp || 'unknown'
}

/** The client of a site-wide window: every visitor of the site counts against it. */
export const siteClient = (siteId: string) => `site:${siteId}`

/** Addresses are kept only as a hash, for two minutes. */
const clientKey = (ip: string) => createHash('sha256').update(ip).digest('hex').slice(0, 32)

/**
 * Takes `amount` from the client's allowance in the current window; false when it would pass
 * `max` (nothing is taken then). `max` and `now` are parameters so tests can reach the edge.
 */
export const takeAllowance = async (
  scope: RateScope,
  ip: string,
  amount: number,
  { max = RATE_LIMITS[scope], now = Date.now() }: { max?: number; now?: number } = {},
): Promise<boolean> => {
  if (amount > max) return false
  const window = Math.floor(now / WINDOW_MS)
  try {
    await RateWindows.update({ scope, client: clientKey(ip), window })
      .add({ count: amount })
      .set({ expiresAt: Math.ceil(((window + 2) * WINDOW_MS) / 1000) })
      .where((attr, op) => `${op.notExists(attr.count)} OR ${op.lte(attr.count, max - amount)}`)
      .go({ response: 'none' })
    return true
  } catch (error) {
    if (isConditionFailure(error)) return false
    throw error
  }
}

/** Seconds until the current window ends (the Retry-After of a refused request). */
export const secondsToNextWindow = (now = Date.now()) =>
  Math.max(1, Math.ceil((WINDOW_MS - (now % WINDOW_MS)) / 1000))
