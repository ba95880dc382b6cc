import { beforeEach, describe, expect, it, vi } from 'vitest'
import { platform, providePlatform } from '#platform'
import { AppError } from './errors.ts'
import {
  emailClient,
  giveBack,
  RATE_LIMITS,
  RATE_WINDOWS_MS,
  secondsToNextWindow,
  takeAllowance,
  takeOrRefuse,
} from './rate-limit.ts'

/** The rate windows in memory: the conditional ADD that DynamoDB runs, and what its keys were. */
const windows = vi.hoisted(() => new Map<string, { count: number; expiresAt?: number }>())
vi.mock('#data/analytics', () => ({
  RateWindows: {
    update: (key: { scope: string; client: string; window: number }) => {
      const id = `${key.scope}|${key.client}|${key.window}`
      let add = 0
      let set: { expiresAt?: number } = {}
      // What the condition expression asks, read by running it with recording operators.
      let limit: number | undefined
      let mustExist = false
      const chain = {
        add: ({ count }: { count: number }) => {
          add = count
          return chain
        },
        set: (values: { expiresAt: number }) => {
          set = values
          return chain
        },
        where: (condition: (attr: unknown, op: unknown) => string) => {
          condition(
            { count: 'count' },
            {
              notExists: () => 'notExists',
              exists: () => {
                mustExist = true
                return 'exists'
              },
              lte: (_attr: unknown, value: number) => {
                limit = value
                return 'lte'
              },
            },
          )
          return chain
        },
        go: async () => {
          const current = windows.get(id)
          if ((limit !== undefined && current && current.count > limit) || (mustExist && !current))
            throw Object.assign(new Error('The conditional request failed'), {
              cause: { name: 'ConditionalCheckFailedException' },
            })
          windows.set(id, { count: (current?.count ?? 0) + add, ...set })
          return {}
        },
      }
      return chain
    },
  },
}))

beforeEach(() => {
  windows.clear()
})

const refusalOf = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    return error as AppError
  }
  throw new Error('not refused')
}

describe('per-address and per-email windows', () => {
  it('has numbers for every scope and longer windows for the mail and password endpoints', () => {
    expect(Object.keys(RATE_WINDOWS_MS).sort()).toEqual(Object.keys(RATE_LIMITS).sort())
    expect(RATE_WINDOWS_MS.forms).toBe(60_000)
    expect(RATE_WINDOWS_MS.adminLoginClient).toBe(15 * 60_000)
    expect(RATE_WINDOWS_MS.passwordResetEmail).toBe(60 * 60_000)
    expect(RATE_WINDOWS_MS.memberMailEmail).toBe(60 * 60_000)
  })

  it('keeps clients only as hashes, and an email whatever its case', async () => {
    const now = Date.UTC(2025, 0, 1, 10, 7, 30)
    await takeAllowance('passwordResetEmail', emailClient(' Someone@Example.com '), 1, { now })
    await takeAllowance('passwordResetEmail', emailClient('someone@example.com'), 1, { now })
    await takeAllowance('passwordResetClient', '198.51.100.7', 1, { now })
    const keys = [...windows.keys()]
    expect(keys).toHaveLength(2)
    for (const key of keys) {
      expect(key).not.toMatch(/someone|example|198\.51/i)
      expect(key.split('|')[1]).toMatch(/^[0-9a-f]{32}$/)
    }
    const hour = Math.floor(now / 3_600_000)
    expect(windows.get(keys[0]!)).toEqual({ count: 2, expiresAt: ((hour + 2) * 3_600_000) / 1000 })
  })

  it('refuses past the limit with 429, Retry-After to the window end and the minutes to wait', async () => {
    // 10:07:30 -> the hour window ends at 11:00, 52.5 minutes later.
    const now = Date.UTC(2025, 0, 1, 10, 7, 30)
    const target = emailClient('someone@example.com')
    for (let i = 0; i < RATE_LIMITS.passwordResetEmail; i += 1)
      await takeOrRefuse([['passwordResetEmail', target]], now)
    const refused = await refusalOf(takeOrRefuse([['passwordResetEmail', target]], now))
    expect(refused).toBeInstanceOf(AppError)
    expect(refused.status).toBe(429)
    expect(refused.code).toBe('error.tooManyRequestsMinutes')
    expect(refused.params).toEqual({ minutes: 53 })
    expect(refused.headers).toEqual({ 'retry-after': String(52 * 60 + 30) })
    // Another email, or the next window, is not refused.
    await takeOrRefuse([['passwordResetEmail', emailClient('other@example.com')]], now)
    await takeOrRefuse([['passwordResetEmail', target]], now + 53 * 60_000)
  })

  it('takes every window in order and stops at the first one used up', async () => {
    const now = Date.UTC(2025, 0, 1, 10, 0, 0)
    for (let i = 0; i < RATE_LIMITS.memberMailClient; i += 1)
      await takeOrRefuse([['memberMailClient', '198.51.100.7']], now)
    const refused = await refusalOf(
      takeOrRefuse(
        [
          ['memberMailClient', '198.51.100.7'],
          ['memberMailEmail', emailClient('a@example.com')],
        ],
        now,
      ),
    )
    expect(refused.status).toBe(429)
    expect(refused.headers).toEqual({ 'retry-after': String(15 * 60) })
    expect([...windows.keys()].filter((k) => k.startsWith('memberMailEmail'))).toEqual([])
  })

  it('gives back what was taken in the same window only', async () => {
    const now = Date.UTC(2025, 0, 1, 10, 14, 59)
    let at = now
    const restore = providePlatform({ ...platform(), clock: { now: () => at } })
    try {
      await takeAllowance('adminLoginClient', '198.51.100.7', 1, { now })
      await giveBack('adminLoginClient', '198.51.100.7', 1, now)
      expect([...windows.values()].map((w) => w.count)).toEqual([0])
      // A window that has ended is left alone.
      await giveBack('adminLoginClient', '198.51.100.7', 1, now - 60 * 60_000)
      expect(windows.size).toBe(1)
      // So is the window of a sign-in that began one second before the clock moved on.
      await takeAllowance('adminLoginClient', '198.51.100.7', 1, { now })
      at = now + 1000
      await giveBack('adminLoginClient', '198.51.100.7', 1, now)
      expect([...windows.values()].map((w) => w.count)).toEqual([1])
    } finally {
      restore()
    }
  })

  it('reads the time of the window and of Retry-After from the clock module', async () => {
    const now = Date.UTC(2025, 0, 1, 10, 14, 50)
    const restore = providePlatform({ ...platform(), clock: { now: () => now } })
    try {
      expect(secondsToNextWindow()).toBe(10)
      await takeAllowance('forms', '198.51.100.7', 1)
      expect([...windows.keys()].map((k) => k.split('|')[2])).toEqual([String(Math.floor(now / 60_000))])
      for (let i = 1; i < RATE_LIMITS.adminLoginClient; i += 1)
        await takeOrRefuse([['adminLoginClient', '198.51.100.7']])
      await takeOrRefuse([['adminLoginClient', '198.51.100.7']])
      const refused = await refusalOf(takeOrRefuse([['adminLoginClient', '198.51.100.7']]))
      expect(refused.headers).toEqual({ 'retry-after': '10' })
    } finally {
      restore()
    }
  })

  it('answers Retry-After of the scope’s own window', () => {
    const now = Date.UTC(2025, 0, 1, 10, 14, 50)
    expect(secondsToNextWindow(now)).toBe(10)
    expect(secondsToNextWindow(now, 'adminLoginClient')).toBe(10)
    expect(secondsToNextWindow(Date.UTC(2025, 0, 1, 10, 1, 0), 'adminLoginClient')).toBe(14 * 60)
  })
})
