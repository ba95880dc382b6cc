import { createHash } from 'node:crypto'
import { RateWindows } from '#data/analytics'
import { isConditionFailure } from '#data/service'
import * as clock from '../platform/services/clock.ts'
import { TooManyRequestsError } from './errors.ts'

/**
 * Per-client limits in fixed windows, each counted with one conditional `ADD` on the window's item.
 *
 * The public write endpoints (analytics beacons, CTA clicks, visitor forms) have light one-minute
 * windows per client IP: generous on purpose, since Japanese mobile carriers put many visitors
 * behind one address (CGNAT) and a visitor must never lose a click to a neighbour. They stop
 * floods, not determined abuse.
 *
 * The endpoints that send mail or check a password have longer windows, per client address AND
 * per target (a login ID or an email, hashed), so neither one address can try many accounts or
 * mail many inboxes, nor many addresses flood one inbox (docs/decisions/0045-client-identity.md). The client
 * address is never a header the caller sets (`clientIp`).
 *
 * Windows read the time from `./clock.ts` (the system clock in a Lambda), so the local stack's
 * tests can start a fresh window without waiting for one.
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
  /** Failed admin sign-ins from one client address per 15 minutes (any login IDs). */
  adminLoginClient: 30,
  /** Password-reset requests from one client address per 15 minutes. */
  passwordResetClient: 10,
  /** Password-reset requests for one email per hour (from every address together). */
  passwordResetEmail: 3,
  /** Visitor sign-up and resend requests (each may send a mail) from one client address per 15 minutes. */
  memberMailClient: 30,
  /** Visitor sign-up and resend requests for one email per hour (every site and address together). */
  memberMailEmail: 5,
  /** Site API requests per key (or, for basic and IP access, per site) per minute (issue 21; a key's own limit may differ). */
  siteApi: 60,
  /** Failed site API authentications from one client address per 15 minutes (every site and method; issue 29). */
  siteApiFailClient: 30,
  /** Failed site API basic-auth attempts on one site per 15 minutes (every address together; issue 29). */
  siteApiFailSite: 100,
  /** Failed preview sign-ins on one site from one client address per 15 minutes (any emails; issue 29). */
  previewLoginClient: 30,
  /** Automatic replies of contact and homepage forms to one email per hour (every site together). */
  autoReplyEmail: 3,
} as const
export type RateScope = keyof typeof RATE_LIMITS

const MINUTE_MS = 60_000

/** The window of each scope; one minute unless named. */
export const RATE_WINDOWS_MS: Record<RateScope, number> = {
  analytics: MINUTE_MS,
  ctaClick: MINUTE_MS,
  forms: MINUTE_MS,
  formsSite: MINUTE_MS,
  adminLoginClient: 15 * MINUTE_MS,
  passwordResetClient: 15 * MINUTE_MS,
  passwordResetEmail: 60 * MINUTE_MS,
  memberMailClient: 15 * MINUTE_MS,
  memberMailEmail: 60 * MINUTE_MS,
  siteApi: MINUTE_MS,
  siteApiFailClient: 15 * MINUTE_MS,
  siteApiFailSite: 15 * MINUTE_MS,
  previewLoginClient: 15 * MINUTE_MS,
  autoReplyEmail: 60 * MINUTE_MS,
}

/** The client's address: see ./client-ip.ts for why it is never a header the caller sets. */
export { clientIp } from './client-ip.ts'
/** Whether a conditional write failed its condition (one test for every write: #data/service). */
export { isConditionFailure }

/** The client of a site-wide window: every visitor of the site counts against it. */
export const siteClient = (siteId: string) => `site:${siteId}`

/** The client of a per-target window: an email (or login ID), kept like an address, only as a hash. */
export const emailClient = (email: string) => `email:${email.trim().toLowerCase()}`

/** Addresses and targets are kept only as a hash, for at most two windows. */
const clientKey = (client: string) => createHash('sha256').update(client).digest('hex').slice(0, 32)

const windowOf = (scope: RateScope, now: number) => Math.floor(now / RATE_WINDOWS_MS[scope])

/**
 * Takes `amount` from the client's allowance in the current window of `scope`; false when it
 * would pass `max` (nothing is taken then). `max` and `now` are parameters so tests can reach the edge.
 */
export const takeAllowance = async (
  scope: RateScope,
  client: string,
  amount: number,
  { max = RATE_LIMITS[scope], now = clock.now() }: { max?: number; now?: number } = {},
): Promise<boolean> => {
  if (amount > max) return false
  const windowMs = RATE_WINDOWS_MS[scope]
  const window = windowOf(scope, now)
  try {
    await RateWindows.update({ scope, client: clientKey(client), window })
      .add({ count: amount })
      .set({ expiresAt: Math.ceil(((window + 2) * windowMs) / 1000) })
      .where((attr, op) => `${op.notExists(attr.count)} OR ${op.lte(attr.count, max - amount)}`)
      .go({ response: 'none' })
    return true
  } catch (error) {
    if (isConditionFailure(error)) return false
    throw error
  }
}

/**
 * Gives back what `takeAllowance` took at `now` (same window): a sign-in that succeeded is not
 * counted against its address. A window that has already ended is left alone.
 */
export const giveBack = async (scope: RateScope, client: string, amount: number, now: number) => {
  if (windowOf(scope, clock.now()) !== windowOf(scope, now)) return
  await RateWindows.update({ scope, client: clientKey(client), window: windowOf(scope, now) })
    .add({ count: -amount })
    .where((attr, op) => op.exists(attr.count))
    .go({ response: 'none' })
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error
    })
}

/** Seconds until the current window of `scope` ends (the Retry-After of a refused request). */
export const secondsToNextWindow = (now = clock.now(), scope: RateScope = 'forms') => {
  const windowMs = RATE_WINDOWS_MS[scope]
  return Math.max(1, Math.ceil((windowMs - (now % windowMs)) / 1000))
}

/**
 * Takes one from each window, in order, and refuses at the first that is used up: 429 with
 * `Retry-After` (that window's end) and a message that names the minutes to wait. Windows taken
 * before a refusal stay taken: the refused request counted against them too.
 */
export const takeOrRefuse = async (
  windows: ReadonlyArray<readonly [RateScope, string]>,
  now = clock.now(),
): Promise<void> => {
  for (const [scope, client] of windows) {
    if (await takeAllowance(scope, client, 1, { now })) continue
    const seconds = secondsToNextWindow(now, scope)
    throw new TooManyRequestsError(seconds, 'error.tooManyRequestsMinutes', {
      minutes: Math.ceil(seconds / 60),
    })
  }
}
