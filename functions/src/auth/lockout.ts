import { LoginAttempts } from '#data/auth'
import { TooManyRequestsError } from '#edge/errors'

/**
 * 5 failed sign-ins for one login ID within 15 minutes lock it for 15 minutes
 * (docs/decisions/0010-sign-in-and-authorization.md).
 */
export const LOCKOUT = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 }

export const normaliseLoginId = (loginId: string) => loginId.trim().toLowerCase()

/** 429 with the minutes left while the login ID is locked. */
export const assertNotLocked = async (loginId: string, now = Date.now()) => {
  const attempts = (await LoginAttempts.get({ loginId }).go()).data
  if (attempts?.lockedUntil && attempts.lockedUntil > now) {
    throw new TooManyRequestsError(Math.ceil((attempts.lockedUntil - now) / 1000), 'auth.locked', {
      minutes: Math.ceil((attempts.lockedUntil - now) / 60_000),
    })
  }
}

/**
 * Counts a failure atomically; the one that reaches the limit sets the lock. True when this
 * failure locked the login ID (the caller writes the `auth.lockout` security line).
 */
export const recordFailure = async (loginId: string, now = Date.now()): Promise<boolean> => {
  const expiresAt = Math.ceil((now + LOCKOUT.windowMs + LOCKOUT.lockMs) / 1000)
  const current = (await LoginAttempts.get({ loginId }).go()).data
  if (!current || now - current.windowStart > LOCKOUT.windowMs) {
    await LoginAttempts.put({ loginId, failures: 1, windowStart: now, expiresAt }).go()
    return false
  }
  const updated = await LoginAttempts.update({ loginId })
    .add({ failures: 1 })
    .set({ expiresAt })
    .go({ response: 'all_new' })
  if (
    (updated.data.failures ?? 0) >= LOCKOUT.maxFailures &&
    !(current.lockedUntil && current.lockedUntil > now)
  ) {
    await LoginAttempts.patch({ loginId })
      .set({ lockedUntil: now + LOCKOUT.lockMs })
      .go()
    return true
  }
  return false
}

export const clearFailures = async (loginId: string) => {
  await LoginAttempts.delete({ loginId }).go()
}
