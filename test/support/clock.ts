import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { inject, onTestFinished } from 'vitest'

/**
 * The integration stack's clock (functions/src/platform/local/clock.ts, which rate windows read)
 * runs ahead of the system clock by the milliseconds its clock file holds (test/support/stack.ts);
 * handlers a test runs in its own process read it too (./env.ts `useStackPlatform`). A test that
 * fills a rate window moves that clock forward to the start of a fresh window instead of waiting
 * for one in real time (docs/decisions/0056-clock-for-rate-windows.md).
 */
const clockFile = () => inject('stack').clockFile

const offsetOf = (file: string) => Number(readFileSync(file, 'utf8')) || 0

/** The stack's clock now, as its handlers read it. */
export const stackNow = () => Date.now() + offsetOf(clockFile())

/**
 * Moves the stack's clock forward by `ms`. Only forward: a window a handler has left is never
 * entered again.
 */
export const advanceStackClock = (ms: number) => {
  if (!(ms >= 0)) throw new Error(`The stack clock only moves forward (asked ${ms} ms)`)
  const file = clockFile()
  writeFileSync(file, String(offsetOf(file) + ms))
}

/**
 * One window-filling test at a time across test workers (a lock directory beside the clock file,
 * released when the test finishes): another test's jump to a fresh window must not end this one's.
 * Waits only for such a test to finish, never for the clock.
 */
const holdWindowLock = async () => {
  const lock = `${clockFile()}.lock`
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      await sleep(50)
    }
  }
  onTestFinished(() => rmdirSync(lock))
}

/**
 * Rate windows are fixed (one minute, 15 minutes, an hour, aligned to the epoch): a test that fills
 * one needs all its requests in one window. This moves the stack's clock to the first millisecond
 * of the next window of `windowMs` (no real wait), so the test has the whole window and starts it
 * empty. Returns the stack time the test starts at.
 */
export const freshWindow = async (windowMs: number) => {
  await holdWindowLock()
  advanceStackClock(windowMs - (stackNow() % windowMs))
  return stackNow()
}
