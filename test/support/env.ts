import { afterAll, beforeAll, inject } from 'vitest'
import type { Platform } from '../../functions/src/platform/index.ts'

/**
 * Gives this test worker the handler environment of the running stack, so a test can import a
 * handler or entity module and read what was stored, exactly as the gateway's handlers do.
 */
export const useStackEnv = (overrides: Record<string, string> = {}) => {
  const stack = inject('stack')
  Object.assign(process.env, stack.env, overrides)
  return stack
}

/**
 * Every handler a test file runs in its own process (a closing run, a job, a sweep) runs on the
 * stack's platform (functions/src/platform/local), as the gateway's handlers do: the same
 * in-process publisher, PDF renderer and job queue, and the stack's clock (test/support/clock.ts),
 * so the month it closes is the stack's month, which other files may have moved past the end of
 * the real one. `replace` swaps ports for fakes (`(local) => ({ clock: fake })`). Call after
 * `useStackEnv`: the platform's modules read that environment when they load.
 */
export const provideStackPlatform = async (
  replace: (local: Platform) => Partial<Platform> = () => ({}),
): Promise<() => void> => {
  const [{ providePlatform }, { localPlatform }, { parsePlatformEnv }] = await Promise.all([
    import('../../functions/src/platform/index.ts'),
    import('../../functions/src/platform/local/index.ts'),
    import('../../functions/src/platform/env.ts'),
  ])
  const local = localPlatform(parsePlatformEnv(process.env), { clockFile: inject('stack').clockFile })
  return providePlatform({ ...local, ...replace(local) })
}

/** `provideStackPlatform` for a whole test file: provided before its tests, taken back after. */
export const useStackPlatform = (replace: (local: Platform) => Partial<Platform> = () => ({})) => {
  let restore = () => {}
  beforeAll(async () => {
    restore = await provideStackPlatform(replace)
  })
  afterAll(() => restore())
}
