/**
 * The time the handlers' time-dependent rules read (rate windows, expiries, the billing month).
 * On AWS the system clock; on the local stack the system clock plus the offset the integration
 * tests move forward (./local/clock.ts), so a test starts a fresh rate window instead of waiting
 * for one (docs/decisions/0056-clock-for-rate-windows.md). Feature code reads it through
 * `now()` of functions/src/platform/services/clock.ts.
 */
export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number
}
