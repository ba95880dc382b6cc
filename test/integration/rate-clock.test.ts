import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { advanceStackClock, freshWindow, stackNow } from '../support/clock.ts'
import { useStackEnv } from '../support/env.ts'
import { testIp, visitorCall } from '../support/visitor-site.ts'

/**
 * The stack's handlers read rate windows from its clock (functions/src/platform/services/clock.ts), which the
 * tests move forward instead of waiting (test/support/clock.ts). If the handlers read the system
 * clock instead, the Retry-After below would be any second of the window and the request after the
 * move would still be refused.
 */
const { urls } = useStackEnv()
const FIFTEEN_MINUTES = 15 * 60_000

describe('the stack clock of rate windows', () => {
  it('counts windows and Retry-After on the stack clock, and a move to the next window frees the address', async () => {
    const started = await freshWindow(FIFTEEN_MINUTES)
    expect(started % FIFTEEN_MINUTES).toBeLessThan(1000)
    const ip = testIp()
    const ask = () =>
      visitorCall(urls.api, 'POST', '/auth/forgot-password', {
        body: { email: `nobody-${randomUUID().slice(0, 8)}@example.com` },
        ip,
      })
    // 10 reset requests per address per 15 minutes.
    for (let i = 0; i < 10; i += 1) expect((await ask()).status, `request ${i + 1}`).toBe(200)
    const refused = await ask()
    expect(refused.status).toBe(429)
    // The window began when the test did on the stack clock: nearly all of its 900 s are left.
    const elapsed = Math.ceil((stackNow() - started) / 1000)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeLessThanOrEqual(900)
    expect(retryAfter).toBeGreaterThanOrEqual(900 - elapsed)
    // Still refused until the window ends; free as soon as the stack clock reaches it.
    expect((await ask()).status).toBe(429)
    advanceStackClock(FIFTEEN_MINUTES - (stackNow() % FIFTEEN_MINUTES))
    expect((await ask()).status).toBe(200)
  })
})
