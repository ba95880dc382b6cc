import { afterAll, beforeAll, inject, vi } from 'vitest'
import type { Platform } from '../../functions/src/platform/index.ts'

/**
 * Gives this test worker the handler environment of the running stack, so a test can import a
 * handler or entity module and read what was stored, exactly as the gateway's handlers do.
 *
 * The integration files share one worker and its module cache (vitest.config.ts, `isolate: false`).
 * A file that overrides a variable gets fresh modules, which read the override when they load, and
 * after its tests the previous values and fresh modules again, so no override reaches the next file.
 */
export const useStackEnv = (overrides: Record<string, string> = {}) => {
  const stack = inject('stack')
  Object.assign(process.env, stack.env)
  if (Object.keys(overrides).length > 0) withEnvForThisFile(overrides)
  return stack
}

/** Sets `values` for the rest of this file, with modules loaded afresh; restored after it. */
const withEnvForThisFile = (values: Record<string, string>) => {
  const previous = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]))
  Object.assign(process.env, values)
  vi.resetModules()
  afterAll(() => {
    restoreEnv(previous)
    vi.resetModules()
  })
}

/** Puts variables back as they were (`undefined`: unset). */
export const restoreEnv = (previous: Record<string, string | undefined>) => {
  for (const [name, value] of Object.entries(previous)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
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
