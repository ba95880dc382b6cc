import type { IncomingHttpHeaders } from 'node:http'
import { Webhook } from 'standardwebhooks'
import { vi } from 'vitest'
import { stackNow } from './clock.ts'

/**
 * Verifies a delivery with the Standard Webhooks library itself (`standardwebhooks`), as a
 * receiver would (issue 30). The library reads the time from `Date.now()`; the stack's clock may
 * run ahead of it (test/support/clock.ts), so the check runs at the stack's time.
 */
export const standardVerify = (secret: string, headers: IncomingHttpHeaders, body: string): boolean => {
  const at = stackNow()
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(at)
  try {
    new Webhook(secret).verify(body, {
      'webhook-id': String(headers['webhook-id'] ?? ''),
      'webhook-timestamp': String(headers['webhook-timestamp'] ?? ''),
      'webhook-signature': String(headers['webhook-signature'] ?? ''),
    })
    return true
  } catch {
    return false
  } finally {
    vi.useRealTimers()
  }
}
