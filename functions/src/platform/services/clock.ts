import { platform } from '#platform'

/**
 * The time the handlers' time-dependent rules read (rate windows, expiries): the platform's clock
 * (functions/src/platform/clock.ts) — the system clock in a Lambda; on the local stack, ahead by
 * the offset the integration tests move (docs/decisions/0056-clock-for-rate-windows.md).
 */

/** Milliseconds since the epoch, as `Date.now()`. */
export const now = (): number => platform().clock.now()
