import { createHash } from 'node:crypto'
import { logger } from './logger.ts'

/**
 * Security events (OWASP ASVS 5.0 chapter 16): every refusal an operator must be able to see,
 * as one structured log line each. A line names the request, the actor (an account or member
 * id, or a hash of the login ID that was tried), the client address and the reason; it never
 * carries a password, a token, a cookie or a visitor's email (docs/decisions.md, "Security
 * events").
 */
export type SecurityEventKind =
  | 'auth.failed'
  | 'auth.lockout'
  | 'auth.tokenInvalid'
  | 'access.forbidden'
  | 'rate.limited'
  | 'idempotency.conflict'
  | 'csrf.refused'

export interface SecurityEvent {
  /** The request id (API Gateway's), when the event belongs to a request. */
  requestId?: string | undefined
  /** Who acted: an account id, a member's pool subject, or `loginIdHash(...)` of what was tried. */
  actor?: string | undefined
  /** The client address as the rate limits see it (`clientIp`). */
  client?: string | undefined
  /** A short machine-readable reason: a message key, a policy action, a rate scope. */
  reason: string
  /** The route (`POST /users/{id}`), when the event belongs to a request. */
  route?: string | undefined
}

/**
 * A login ID (an email for most accounts) as it may appear in a log: an unsalted SHA-256
 * prefix, enough to see that the same ID is being tried again, not enough to read it back.
 */
export const loginIdHash = (loginId: string): string =>
  `login:${createHash('sha256').update(loginId.trim().toLowerCase()).digest('hex').slice(0, 16)}`

/** Writes one security event line (warn level, `security: true` so a log filter can pick them). */
export const securityEvent = (kind: SecurityEventKind, event: SecurityEvent): void => {
  logger.warn(`security ${kind}`, { security: true, kind, ...event })
}
