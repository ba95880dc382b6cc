import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { useStackAdPlatforms } from '../support/ad-platforms.ts'
import { advanceStackClock, stackNow } from '../support/clock.ts'
import { useStackEnv } from '../support/env.ts'

const { urls, env } = useStackEnv()
const adPlatforms = useStackAdPlatforms()

const EMAIL = createHash('sha256').update('taro@example.jp').digest('hex')
const DAY_MS = 86_400_000

/** A Meta event at `atMs`, as the product's sender would post it. */
const sendMeta = (eventId: string, atMs: number) =>
  fetch(`${env.AD_PLATFORMS_URL}/v21.0/1234567890/events?access_token=meta-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      data: [
        {
          event_name: 'Lead',
          event_time: Math.floor(atMs / 1000),
          event_id: eventId,
          action_source: 'website',
          event_source_url: 'https://lp.example.jp/',
          user_data: { em: [EMAIL], client_user_agent: 'Mozilla/5.0', client_ip_address: '203.0.113.5' },
        },
      ],
    }),
  })

describe('the ad-platform stand-in in the integration stack', () => {
  it("is the handlers' AD_PLATFORMS_URL and answers a test's injected failure", async () => {
    expect(env.AD_PLATFORMS_URL).toBe(urls.adPlatforms)
    expect(urls.adPlatforms).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    await adPlatforms.failNext('meta', { status: 503, retryAfter: 4 })
    const failed = await sendMeta('it-1', stackNow())
    expect(failed.status).toBe(503)
    expect(failed.headers.get('retry-after')).toBe('4')
    expect((await sendMeta('it-1', stackNow())).status).toBe(200)
    expect((await adPlatforms.received('meta')).map((e) => e.eventId)).toEqual(['it-1'])
    expect((await adPlatforms.requests('meta')).map((r) => r.answer.status)).toEqual([200, 503])
  })

  it("judges event times by the handlers' clock, not the system's", async () => {
    advanceStackClock(8 * DAY_MS)
    expect((await sendMeta('it-2', stackNow())).status).toBe(200)
    const stale = await sendMeta('it-3', stackNow() - 8 * DAY_MS)
    expect(stale.status).toBe(400)
    expect((await adPlatforms.requests('meta'))[0]!.outcome.problems).toEqual([
      expect.stringContaining('is more than 7 days old'),
    ])
    expect((await adPlatforms.received('meta')).map((e) => e.eventId)).toEqual(['it-2'])
  })
})
