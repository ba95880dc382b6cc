/**
 * The time the handlers' time-dependent rules read (rate windows). In a Lambda it is the system
 * clock and nothing ever changes that. Only the local stack replaces the source
 * (`infra/local/stack.ts`, when started with a clock file), so the integration tests can move the
 * stack to the start of a fresh rate window instead of waiting for one (docs/decisions.md
 * "CI time: a clock for rate windows").
 */
let source: () => number = () => Date.now()

/** Milliseconds since the epoch, as `Date.now()`. */
export const now = (): number => source()

/** Replaces the clock's source; the local stack's only. Returns a function that restores the previous one. */
export const setClockSource = (next: () => number): (() => void) => {
  const previous = source
  source = next
  return () => {
    source = previous
  }
}
