import { readFileSync } from 'node:fs'
import type { Clock } from '../clock.ts'
import type { PlatformEnv } from '../env.ts'

/** The offset in a clock file; 0 while it is missing or empty. */
const offsetOf = (file: string) => {
  try {
    return Number(readFileSync(file, 'utf8')) || 0
  } catch {
    return 0
  }
}

/**
 * The system clock, ahead by the milliseconds `offsetFile` holds, read on every reading (the
 * integration tests move it forward: test/support/clock.ts); without a file, the system clock.
 */
export const localClock = (_env: PlatformEnv, offsetFile?: string): Clock =>
  offsetFile ? { now: () => Date.now() + offsetOf(offsetFile) } : { now: () => Date.now() }
