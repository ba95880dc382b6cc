import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  attemptDelivery,
  isRetryable,
  nextAttemptAt,
  RETRY_WINDOW_MS,
  resolveTarget,
  signatureHeader,
  verifySignature,
} from './webhooks.ts'

const SECRET = 'whsec_test_secret'

interface Received {
  headers: IncomingMessage['headers']
  body: string
}

describe('webhook delivery core', () => {
  let server: Server
  let port: number
  const received: Received[] = []
  let answer = 200

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk) => {
        body += chunk
      })
      req.on('end', () => {
        received.push({ headers: req.headers, body })
        res.writeHead(answer).end()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  afterEach(() => {
    delete process.env.SWIPE_WEBHOOK_TEST_RECEIVER
    delete process.env.AWS_LAMBDA_FUNCTION_NAME
    received.length = 0
    answer = 200
  })

  const deliver = (url: string, resolve?: (host: string) => Promise<string[]>) =>
    attemptDelivery(
      {
        url,
        secret: SECRET,
        event: 'contact.received',
        deliveryId: 'd-1',
        body: JSON.stringify({ event: 'contact.received', data: { email: 'a@example.com' } }),
        nowMs: Date.now(),
      },
      resolve,
    )

  it('delivers to the local receiver the test allows, with a signature the receiver verifies', async () => {
    process.env.SWIPE_WEBHOOK_TEST_RECEIVER = `127.0.0.1:${port}`
    const result = await deliver(`http://127.0.0.1:${port}/hook`)
    expect(result.status).toBe(200)
    expect(received).toHaveLength(1)
    const [hit] = received
    expect(hit!.headers['swipe-event']).toBe('contact.received')
    expect(hit!.headers['swipe-delivery']).toBe('d-1')
    const header = String(hit!.headers['swipe-signature'])
    expect(verifySignature(SECRET, header, hit!.body, Math.floor(Date.now() / 1000))).toBe(true)
    expect(verifySignature('another secret', header, hit!.body, Math.floor(Date.now() / 1000))).toBe(false)
    expect(verifySignature(SECRET, header, `${hit!.body} `, Math.floor(Date.now() / 1000))).toBe(false)
    // An old signature is refused (replay).
    expect(verifySignature(SECRET, header, hit!.body, Math.floor(Date.now() / 1000) + 600)).toBe(false)
  })

  it('reports a 500 as retryable, and schedules retries with backoff for 24 hours only', async () => {
    process.env.SWIPE_WEBHOOK_TEST_RECEIVER = `127.0.0.1:${port}`
    answer = 500
    const result = await deliver(`http://127.0.0.1:${port}/hook`)
    expect(result.status).toBe(500)
    expect(isRetryable(result.status)).toBe(true)
    expect(isRetryable(200)).toBe(false)
    expect(isRetryable(404)).toBe(false)
    expect(isRetryable(undefined)).toBe(true)
    const first = 1_000_000
    expect(nextAttemptAt(first, 1, first)).toBe(first + 30_000)
    expect(nextAttemptAt(first, 2, first + 30_000)).toBe(first + 90_000)
    expect(nextAttemptAt(first, 20, first + 60_000)).toBe(first + 60_000 + 6 * 60 * 60_000)
    expect(nextAttemptAt(first, 20, first + RETRY_WINDOW_MS - 60_000)).toBeUndefined()
  })

  it('refuses the metadata address, loopback outside the allowance, private names and plain http', async () => {
    process.env.SWIPE_WEBHOOK_TEST_RECEIVER = `127.0.0.1:${port}`
    for (const url of [
      'https://169.254.169.254/latest/meta-data/',
      `https://127.0.0.1:${port}/hook`,
      'http://127.0.0.1:1/hook',
      'http://example.com/hook',
      'https://[::1]/hook',
    ]) {
      const result = await deliver(url)
      expect(result.status, url).toBeUndefined()
      expect(result.error, url).toMatch(/webhook target refused/)
    }
    // A public-looking name that resolves to an internal address is refused after resolution.
    await expect(
      resolveTarget(new URL('https://hooks.example.com/'), async () => ['10.0.0.5']),
    ).rejects.toThrow(/unsafeAddress \(10\.0\.0\.5\)/)
    await expect(
      resolveTarget(new URL('https://hooks.example.com/'), async () => ['203.0.113.10', '169.254.169.254']),
    ).rejects.toThrow(/unsafeAddress/)
    expect(await resolveTarget(new URL('https://hooks.example.com/'), async () => ['203.0.113.10'])).toBe(
      '203.0.113.10',
    )
    expect(received).toHaveLength(0)
  })

  it('ignores the test allowance on AWS', async () => {
    process.env.SWIPE_WEBHOOK_TEST_RECEIVER = `127.0.0.1:${port}`
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'swipe-prod-apiAccess'
    const result = await deliver(`http://127.0.0.1:${port}/hook`)
    expect(result.error).toMatch(/scheme/)
    expect(received).toHaveLength(0)
  })

  it('signs "<timestamp>.<body>" with HMAC-SHA256 (a known answer)', () => {
    expect(signatureHeader('s', 1700000000, '{}')).toBe(
      't=1700000000,v1=e9232c9945da8456c2dea6b39da7786c07b00bca7a64d5dd1283674713a7b72a',
    )
  })
})
