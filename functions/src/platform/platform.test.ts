import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { bundleInputs } from '../../../test/support/bundle-inputs.ts'
import { awsClock } from './aws/clock.ts'
import { parsePlatformEnv } from './env.ts'
import { type Platform, platform, providePlatform, runWithPlatform } from './index.ts'

/** A platform told apart from the others by its clock alone. */
const at = (ms: number): Platform => ({ ...platform(), clock: { now: () => ms } })

let restores: Array<() => void> = []
afterEach(() => {
  for (const restore of restores.reverse()) restore()
  restores = []
})
const provide = (p: Platform) => restores.push(providePlatform(p))

describe('platform()', () => {
  it('is the AWS platform, built once from the environment, when nothing was provided', () => {
    const fallback = platform()
    expect(platform()).toBe(fallback)
    // The AWS clock is the system clock.
    const before = Date.now()
    const read = fallback.clock.now()
    expect(read).toBeGreaterThanOrEqual(before)
    expect(read).toBeLessThanOrEqual(Date.now())
    // Built from this process's environment (vitest sets SWIPE_CONTRACT_CHECK=1).
    expect(fallback.contractCheck).toBe(true)
    expect(awsClock(parsePlatformEnv({})).now()).toBeGreaterThanOrEqual(before)
  })

  it('is the provided platform until it is restored', () => {
    const fallback = platform()
    const provided = at(1)
    provide(provided)
    expect(platform()).toBe(provided)
    const inner = at(2)
    const restoreInner = providePlatform(inner)
    expect(platform()).toBe(inner)
    restoreInner()
    expect(platform()).toBe(provided)
    restores.pop()?.()
    expect(platform()).toBe(fallback)
  })

  it("is an invocation's own inside runWithPlatform, over the provided one, and through what it starts", async () => {
    provide(at(1))
    const scoped = at(2)
    const seen = await runWithPlatform(scoped, async () => {
      const first = platform().clock.now()
      await new Promise((resolve) => setTimeout(resolve, 0))
      const afterAwait = platform().clock.now()
      const inImmediate = await new Promise<number>((resolve) =>
        setImmediate(() => resolve(platform().clock.now())),
      )
      return [first, afterAwait, inImmediate]
    })
    expect(seen).toEqual([2, 2, 2])
    expect(platform().clock.now()).toBe(1)
    // Two invocations side by side keep their own.
    const both = await Promise.all(
      [3, 4].map((ms) =>
        runWithPlatform(at(ms), async () => {
          await new Promise((resolve) => setImmediate(resolve))
          return platform().clock.now()
        }),
      ),
    )
    expect(both).toEqual([3, 4])
  })
})

describe('the platform environment', () => {
  it('takes every variable as optional and reads the contract check as a flag', () => {
    expect(parsePlatformEnv({})).toMatchObject({ SWIPE_CONTRACT_CHECK: false })
    expect(parsePlatformEnv({ JOBS_FUNCTION_NAME: 'swipe-jobs', SWIPE_CONTRACT_CHECK: '1' })).toMatchObject({
      JOBS_FUNCTION_NAME: 'swipe-jobs',
      SWIPE_CONTRACT_CHECK: true,
    })
  })

  it('refuses an empty function name, naming it', () => {
    expect(() => parsePlatformEnv({ PUBLISHING_FUNCTION_NAME: '' })).toThrow('PUBLISHING_FUNCTION_NAME')
  })
})

describe('the AWS side of the platform', () => {
  it('imports nothing of platform/local, so no Lambda bundle carries a local adapter', () => {
    const aws = join(import.meta.dirname, 'aws')
    const entryPoints = [
      join(import.meta.dirname, 'index.ts'),
      ...readdirSync(aws)
        .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
        .map((name) => join(aws, name)),
    ]
    // Everything the AWS side reaches in functions/ and shared/, as esbuild follows it for a bundle.
    const inputs = bundleInputs(entryPoints).map((input) => relative(import.meta.dirname, input))
    expect(inputs.length).toBeGreaterThan(entryPoints.length)
    expect(inputs.filter((input) => input.startsWith('local/'))).toEqual([])
    // The check sees what it looks for: the local platform's entry reaches the local adapters.
    const local = bundleInputs([join(import.meta.dirname, 'local', 'index.ts')])
    expect(local.some((input) => input.endsWith('platform/local/clock.ts'))).toBe(true)
  })
})
