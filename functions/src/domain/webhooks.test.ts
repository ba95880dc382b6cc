import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { awsOutbound } from '../platform/aws/outbound.ts'
import { parsePlatformEnv } from '../platform/env.ts'
import { platform, providePlatform } from '../platform/index.ts'
import { localOutbound } from '../platform/local/outbound.ts'
import { OutboundRefused } from '../platform/services/outbound.ts'
import {
  ANSWER_BODY_CAP,
  attemptDelivery,
  errorCategory,
  isRetryable,
  newWebhookSecret,
  nextAttemptAt,
  RETRY_WINDOW_MS,
  resolveTarget,
  retryAfterMs,
  sign,
  signatureHeader,
  storedErrorCategory,
  verifySignature,
} from './webhooks.ts'

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
const OLD_SECRET = newWebhookSecret()

interface Received {
  headers: IncomingMessage['headers']
  body: string
}

describe('webhook delivery core', () => {
  let server: Server
  let port: number
  const received: Received[] = []
  let answer = 200
  /** How the receiver answers: at once, dripping its body or its headers, or a body without end. */
  let manner: 'plain' | 'dripBody' | 'dripHeaders' | 'endlessBody' = 'plain'
  const timers = new Set<NodeJS.Timeout>()

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk) => {
        body += chunk
      })
      req.on('end', () => {
        received.push({ headers: req.headers, body })
        if (manner === 'plain') return res.writeHead(answer).end()
        if (manner === 'endlessBody') return res.writeHead(answer).write('x'.repeat(ANSWER_BODY_CAP * 4))
        // A byte every 20 ms, never the end: the attempt's deadline must end it.
        if (manner === 'dripBody') res.writeHead(answer)
        else res.socket?.write('HTTP/1.1 200 OK\r\n')
        const timer = setInterval(() => {
          if (manner === 'dripBody') res.write('.')
          else res.socket?.write('x-drip: 1\r\n')
        }, 20)
        timers.add(timer)
        res.on('close', () => clearInterval(timer))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => {
    server.closeAllConnections()
    return new Promise<void>((resolve) => server.close(() => resolve()))
  })
  let restore: (() => void) | undefined
  /** Runs on a platform that allows one test receiver: the local one, or (ignoring it) AWS's. */
  const allowReceiver = (receiver: string, on: 'local' | 'aws' = 'local') => {
    const env = parsePlatformEnv({ SWIPE_WEBHOOK_TEST_RECEIVER: receiver })
    restore = providePlatform({
      ...platform(),
      outbound: on === 'aws' ? awsOutbound(env) : localOutbound(env),
    })
  }
  afterEach(() => {
    restore?.()
    restore = undefined
    received.length = 0
    answer = 200
    manner = 'plain'
    for (const timer of timers) clearInterval(timer)
    timers.clear()
  })

  const deliver = (url: string, options: Parameters<typeof attemptDelivery>[1] = {}) =>
    attemptDelivery(
      {
        url,
        secrets: [SECRET, OLD_SECRET],
        event: 'contact.received',
        messageId: 'evt_1',
        deliveryId: 'd-1',
        body: JSON.stringify({ event: 'contact.received', data: { email: 'a@example.com' } }),
        nowMs: Date.now(),
      },
      options,
    )

  it('delivers to the local receiver the test allows, with a signature the receiver verifies', async () => {
    allowReceiver(`127.0.0.1:${port}`)
    const result = await deliver(`http://127.0.0.1:${port}/hook`)
    expect(result.status).toBe(200)
    expect(received).toHaveLength(1)
    const [hit] = received
    expect(hit!.headers['swipe-event']).toBe('contact.received')
    expect(hit!.headers['swipe-delivery']).toBe('d-1')
    expect(hit!.headers['swipe-signature']).toBeUndefined()
    const headers = {
      id: String(hit!.headers['webhook-id']),
      timestamp: String(hit!.headers['webhook-timestamp']),
      signature: String(hit!.headers['webhook-signature']),
    }
    expect(headers.id).toBe('evt_1')
    // Two secrets (a rotation's overlap): two signatures, separated by a space, each verifying.
    expect(headers.signature).toMatch(/^v1,[A-Za-z0-9+/]{43}= v1,[A-Za-z0-9+/]{43}=$/)
    const now = Math.floor(Date.now() / 1000)
    expect(verifySignature(SECRET, headers, hit!.body, now)).toBe(true)
    expect(verifySignature(OLD_SECRET, headers, hit!.body, now)).toBe(true)
    expect(verifySignature(newWebhookSecret(), headers, hit!.body, now)).toBe(false)
    expect(verifySignature(SECRET, headers, `${hit!.body} `, now)).toBe(false)
    expect(verifySignature(SECRET, { ...headers, id: 'evt_2' }, hit!.body, now)).toBe(false)
    // An old signature is refused (replay).
    expect(verifySignature(SECRET, headers, hit!.body, now + 600)).toBe(false)
  })

  it('reports a 500 as retryable, and schedules retries with backoff for 24 hours only', async () => {
    allowReceiver(`127.0.0.1:${port}`)
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
    // A receiver's Retry-After when longer than the backoff, never past the 24 hours.
    expect(nextAttemptAt(first, 1, first, 600_000)).toBe(first + 600_000)
    expect(nextAttemptAt(first, 1, first, 10_000)).toBe(first + 30_000)
    expect(nextAttemptAt(first, 1, first, RETRY_WINDOW_MS + 1)).toBeUndefined()
    expect(retryAfterMs('120', 0)).toBe(120_000)
    expect(retryAfterMs('Thu, 01 Jan 1970 00:02:00 GMT', 60_000)).toBe(60_000)
    expect(retryAfterMs('Thu, 01 Jan 1970 00:00:00 GMT', 60_000)).toBe(0)
    expect(retryAfterMs('soon', 0)).toBeUndefined()
    expect(retryAfterMs(undefined, 0)).toBeUndefined()
  })

  it('refuses the metadata address, loopback outside the allowance, private names and plain http', async () => {
    allowReceiver(`127.0.0.1:${port}`)
    for (const url of [
      'https://169.254.169.254/latest/meta-data/',
      `https://127.0.0.1:${port}/hook`,
      'http://127.0.0.1:1/hook',
      'http://example.com/hook',
      'https://[::1]/hook',
    ]) {
      const result = await deliver(url)
      expect(result.status, url).toBeUndefined()
      expect(result.error, url).toBe('refusedAddress')
    }
    // A public-looking name that resolves to an internal address is refused after resolution.
    await expect(
      resolveTarget(new URL('https://hooks.example.com/'), async () => ['10.0.0.5']),
    ).rejects.toThrow(/refusedAddress \(10\.0\.0\.5\)/)
    await expect(
      resolveTarget(new URL('https://hooks.example.com/'), async () => ['93.184.216.34', '::ffff:7f00:1']),
    ).rejects.toThrow(/refusedAddress/)
    expect(await resolveTarget(new URL('https://hooks.example.com/'), async () => ['93.184.216.34'])).toEqual(
      {
        address: '93.184.216.34',
        family: 4,
      },
    )
    const unresolved = await deliver('https://hooks.example.com/', { resolve: async () => [] })
    expect(unresolved).toMatchObject({ error: 'dns', detail: expect.stringContaining('dns') })
    expect(received).toHaveLength(0)
  })

  it('ignores the test allowance on AWS', async () => {
    allowReceiver(`127.0.0.1:${port}`, 'aws')
    const result = await deliver(`http://127.0.0.1:${port}/hook`)
    expect(result.error).toBe('refusedAddress')
    expect(result.detail).toMatch(/scheme/)
    expect(received).toHaveLength(0)
  })

  it.each(['dripBody', 'dripHeaders'] as const)(
    'ends an attempt whose receiver drips (%s) at its deadline, as a timeout',
    async (drip) => {
      allowReceiver(`127.0.0.1:${port}`)
      manner = drip
      const started = Date.now()
      const result = await deliver(`http://127.0.0.1:${port}/hook`, { deadlineMs: 300 })
      expect(Date.now() - started).toBeLessThan(2000)
      expect(result).toEqual({
        error: 'timeout',
        detail: expect.stringContaining('300 ms'),
        durationMs: expect.any(Number),
      })
      expect(result.durationMs).toBeGreaterThanOrEqual(290)
      expect(received).toHaveLength(1)
    },
  )

  it('reads at most a few KB of an answer, then counts its status', async () => {
    allowReceiver(`127.0.0.1:${port}`)
    manner = 'endlessBody'
    answer = 202
    const result = await deliver(`http://127.0.0.1:${port}/hook`, { deadlineMs: 1500 })
    expect(result).toEqual({ status: 202, durationMs: expect.any(Number) })
    expect(result.durationMs).toBeLessThan(1500)
  })

  it('shows a refused connection as its category, never the socket text', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const closedPort = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    allowReceiver(`127.0.0.1:${closedPort}`)
    const result = await deliver(`http://127.0.0.1:${closedPort}/hook`)
    expect(result.error).toBe('connectionRefused')
    expect(result.detail).toMatch(/ECONNREFUSED/)
  })

  it('maps errors to categories, and old stored text to a category', () => {
    const coded = (code: string) => Object.assign(new Error(`boom ${code}`), { code })
    expect(errorCategory(coded('ECONNREFUSED'))).toBe('connectionRefused')
    expect(errorCategory(coded('ETIMEDOUT'))).toBe('timeout')
    for (const code of [
      'ERR_TLS_CERT_ALTNAME_INVALID',
      'ERR_SSL_WRONG_VERSION_NUMBER',
      'CERT_HAS_EXPIRED',
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'SELF_SIGNED_CERT_IN_CHAIN',
      'EPROTO',
    ])
      expect(errorCategory(coded(code)), code).toBe('tls')
    expect(errorCategory(coded('ENOTFOUND'))).toBe('dns')
    expect(errorCategory(coded('ECONNRESET'))).toBe('network')
    expect(errorCategory(new Error('socket hang up'))).toBe('network')
    expect(errorCategory(new OutboundRefused('refusedAddress', '10.0.0.1'))).toBe('refusedAddress')
    expect(errorCategory(new OutboundRefused('scheme'))).toBe('refusedAddress')
    expect(errorCategory(new OutboundRefused('dns'))).toBe('dns')
    // What attempts stored before categories: read as what it said, anything else as `network`.
    expect(storedErrorCategory('timeout')).toBe('timeout')
    expect(storedErrorCategory('connectionRefused')).toBe('connectionRefused')
    expect(storedErrorCategory('connect ECONNREFUSED ::ffff:7f00:1:1')).toBe('network')
    expect(storedErrorCategory('webhook target refused: unsafeAddress (169.254.169.254)')).toBe(
      'refusedAddress',
    )
    expect(storedErrorCategory('webhook target refused: unresolved')).toBe('dns')
    expect(storedErrorCategory('endpoint disabled')).toBe('disabled')
    expect(storedErrorCategory('endpoint deleted')).toBe('disabled')
    expect(storedErrorCategory('write EPROTO 0C0CF2B4:error:0A00010B:SSL routines')).toBe('network')
  })

  it('signs "<id>.<timestamp>.<body>" as Standard Webhooks does (the specification\'s own example)', () => {
    const [id, timestamp, body] = ['msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}']
    expect(sign(SECRET, id, timestamp, body)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=')
    expect(signatureHeader([SECRET, SECRET], id, timestamp, body)).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE= v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    )
    // A new secret is `whsec_` and 24 random bytes in standard base64.
    const secret = newWebhookSecret()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24)
  })
})
