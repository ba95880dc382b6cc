import { randomInt, randomUUID } from 'node:crypto'
import { request } from 'node:http'
import { translate } from '@swipe/shared'
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createAccount } from '../support/accounts.ts'
import { api, mailsTo, waitForMail } from '../support/api.ts'
import { freshWindow } from '../support/clock.ts'
import { useStackEnv } from '../support/env.ts'
import { formsCreator, publishVisitorSite, testIp, visitorCall } from '../support/visitor-site.ts'

/**
 * Client identity (docs/decisions/0045-client-identity.md): the address the
 * limits count is the socket's, or the viewer address the edge names with the origin secret;
 * never an `X-Viewer-Address` the caller wrote. Each test connects from loopback
 * addresses of its own (all of 127.0.0.0/8 reaches the local servers), so its windows are its own.
 */
const { urls, env } = useStackEnv()
const http = api(urls.api)

/** A loopback address no other test uses: a client of its own, as the gateway and edge see it. */
const socketAddress = () => `127.${randomInt(1, 255)}.${randomInt(256)}.${randomInt(1, 255)}`

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  // biome-ignore lint/suspicious/noExplicitAny: test responses are asserted field by field.
  body: any
}

/** A JSON POST from a given local address, with whatever headers the caller chooses to send. */
const postFrom = (
  localAddress: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const payload = JSON.stringify(body)
    const req = request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          let parsed: unknown = text
          try {
            parsed = text ? JSON.parse(text) : undefined
          } catch {
            /* keep the text */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed })
        })
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(payload)
  })

/** Every forged header a caller could try: each request claims to be another viewer, and to come from the edge. */
const forgedHeaders = (i: number) => ({
  'x-viewer-address': `198.51.100.${(i % 250) + 1}:443`,
  'x-origin-verify': 'guessed-secret-value',
  'x-forwarded-for': `203.0.113.${(i % 250) + 1}`,
})

const FIFTEEN_MINUTES = 15 * 60_000
const HOUR = 60 * 60_000

const newEmail = () => `nobody-${randomUUID().slice(0, 8)}@example.com`

const expectLimited = (answer: Answer, windowSeconds: number, lang: 'ja' | 'en' = 'ja') => {
  expect(answer.status).toBe(429)
  const retryAfter = Number(answer.headers['retry-after'])
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds)
  expect(answer.body).toEqual({
    error: {
      code: 'error.tooManyRequestsMinutes',
      message: translate(lang, 'error.tooManyRequestsMinutes', { minutes: Math.ceil(retryAfter / 60) }),
    },
  })
}

describe('forged viewer addresses', () => {
  it('limits 40 requests from one socket like one client on the gateway, whatever headers they carry', async () => {
    await freshWindow(FIFTEEN_MINUTES)
    const socket = socketAddress()
    const statuses: number[] = []
    let last: Answer | undefined
    for (let i = 0; i < 40; i += 1) {
      last = await postFrom(
        socket,
        `${urls.api}/auth/forgot-password`,
        { email: newEmail() },
        forgedHeaders(i),
      )
      statuses.push(last.status)
    }
    // 10 reset requests per address per 15 minutes, however many addresses the headers claim.
    expect(statuses.filter((s) => s === 200)).toHaveLength(10)
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200))
    expect(statuses.slice(10)).toEqual(Array(30).fill(429))
    expectLimited(last!, 15 * 60)
    // Another socket is another client.
    const other = await postFrom(socketAddress(), `${urls.api}/auth/forgot-password`, { email: newEmail() })
    expect(other.status).toBe(200)
  })

  it('limits them like one client through the site edge too, which names the real address to the API', async () => {
    await freshWindow(FIFTEEN_MINUTES)
    const socket = socketAddress()
    const statuses: number[] = []
    for (let i = 0; i < 40; i += 1) {
      const answer = await postFrom(
        socket,
        `${urls.edge}/api/v1/auth/forgot-password`,
        { email: newEmail() },
        forgedHeaders(i),
      )
      statuses.push(answer.status)
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200))
    expect(statuses.slice(10)).toEqual(Array(30).fill(429))
    // The edge replaced the forged address with this socket's: the same client, straight to the
    // gateway, is limited too ...
    const direct = await postFrom(socket, `${urls.api}/auth/forgot-password`, { email: newEmail() })
    expectLimited(direct, 15 * 60)
    // ... while the edge's own address, and any other socket through the edge, are not.
    const edgeItself = await postFrom(socketAddress(), `${urls.edge}/api/v1/auth/forgot-password`, {
      email: newEmail(),
    })
    expect(edgeItself.status).toBe(200)
  })

  it('believes a viewer address only with the origin secret the edge adds', async () => {
    await freshWindow(FIFTEEN_MINUTES)
    const viewer = testIp()
    const withSecret = (i: number) => ({
      'x-viewer-address': `${viewer}:${1000 + i}`,
      'x-origin-verify': env.ORIGIN_VERIFY_SECRET!,
    })
    // As CloudFront: ten different sockets vouch for one viewer, who is then limited on any of them.
    for (let i = 0; i < 10; i += 1) {
      const answer = await postFrom(
        socketAddress(),
        `${urls.api}/auth/forgot-password`,
        { email: newEmail() },
        withSecret(i),
      )
      expect(answer.status, `request ${i + 1}`).toBe(200)
    }
    expectLimited(
      await postFrom(
        socketAddress(),
        `${urls.api}/auth/forgot-password`,
        { email: newEmail() },
        withSecret(10),
      ),
      15 * 60,
    )
  })
})

describe('admin sign-in per address', () => {
  it('refuses an address after 30 failed sign-ins in 15 minutes, whatever login IDs it tries', async () => {
    await freshWindow(FIFTEEN_MINUTES)
    const socket = socketAddress()
    const login = (loginId: string, password: string, i = 0) =>
      postFrom(socket, `${urls.api}/auth/login`, { login_id: loginId, password }, forgedHeaders(i))
    // Password spraying: one guess for each of many IDs, so no ID's own lockout triggers.
    for (let i = 0; i < 30; i += 1) {
      const answer = await login(`sprayed-${randomUUID().slice(0, 8)}@example.com`, 'Spring#2025', i)
      expect(answer.status, `attempt ${i + 1}`).toBe(401)
    }
    // Then even the right password is refused from that address, with the time to wait.
    const refused = await login('creator@example.com', 'Creator#Local1', 31)
    expectLimited(refused, 15 * 60)
    // From another address the same account signs in.
    const elsewhere = await postFrom(socketAddress(), `${urls.api}/auth/login`, {
      login_id: 'creator@example.com',
      password: 'Creator#Local1',
    })
    expect(elsewhere.status).toBe(200)
  })

  it('does not count successful sign-ins against the address (an office behind one NAT)', async () => {
    await freshWindow(FIFTEEN_MINUTES)
    const socket = socketAddress()
    const account = await createAccount({ type: 'USER' })
    for (let i = 0; i < 31; i += 1) {
      const answer = await postFrom(socket, `${urls.api}/auth/login`, {
        login_id: account.email,
        password: account.password,
      })
      expect(answer.status, `sign-in ${i + 1}`).toBe(200)
    }
  })
})

describe('forgot-password per email', () => {
  it('mails one address at most 3 times an hour, from however many addresses', async () => {
    await freshWindow(HOUR)
    const account = await createAccount({ type: 'USER' })
    for (let i = 0; i < 3; i += 1) {
      const answer = await postFrom(socketAddress(), `${urls.api}/auth/forgot-password`, {
        email: account.email,
      })
      expect(answer.status, `request ${i + 1}`).toBe(200)
    }
    const refused = await postFrom(
      socketAddress(),
      `${urls.api}/auth/forgot-password`,
      { email: account.email.toUpperCase() },
      { 'x-lang': 'en' },
    )
    expectLimited(refused, 60 * 60, 'en')
    // The three accepted requests each mailed a link; the refused one nothing.
    await waitForMail(urls.mail, account.email, 3)
    expect(await mailsTo(urls.mail, account.email)).toHaveLength(3)
    // Another email is not affected.
    expect(
      (await postFrom(socketAddress(), `${urls.api}/auth/forgot-password`, { email: newEmail() })).status,
    ).toBe(200)
  })
})

describe('visitor sign-up mails per email', () => {
  let siteId: string

  beforeAll(async () => {
    const token = await formsCreator(http)
    siteId = (await publishVisitorSite(http, token)).siteId
  })

  it('sends one email at most 5 sign-up or resend mails an hour, from however many addresses', async () => {
    await freshWindow(HOUR)
    const email = newEmail()
    const resend = (ip: string) =>
      visitorCall(urls.api, 'POST', `/end-user/site/${siteId}/resend-register-email`, {
        body: { lang: 'JP', email },
        ip,
      })
    for (let i = 0; i < 5; i += 1) expect((await resend(testIp())).status, `request ${i + 1}`).toBe(202)
    const refused = await resend(testIp())
    expect(refused.status).toBe(429)
    expect(refused.body.error.code).toBe('error.tooManyRequestsMinutes')
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60 * 60)
    // Sign-up with the same email counts in the same window.
    const signUp = await visitorCall(urls.api, 'POST', `/end-user/site/${siteId}/register`, {
      body: {
        lang: 'JP',
        data: {
          email,
          password: 'Visitor#Pass1',
          confirm_password: 'Visitor#Pass1',
          nickname: 'x',
          agreement: true,
        },
      },
      ip: testIp(),
    })
    expect(signUp.status).toBe(429)
  })
})

describe('security log of a failed admin sign-in', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('writes exactly one line: the login ID as a hash, the socket address, never the password', async () => {
    // The handler runs in this worker, against the same emulators, so its log lines can be read.
    const { logger } = await import('../../functions/src/platform/services/logger.ts')
    logger.setLogLevel('INFO')
    const { handler } = await import('../../functions/src/auth/login.ts')
    const { loginIdHash } = await import('../../functions/src/edge/security-log.ts')
    const lines: string[] = []
    const capture = (chunk: unknown) => {
      lines.push(String(chunk))
      return true
    }
    vi.spyOn(process.stdout, 'write').mockImplementation(capture)
    vi.spyOn(process.stderr, 'write').mockImplementation(capture)
    const loginId = `Failed-${randomUUID().slice(0, 8)}@Example.com`
    const password = `Wrong#${randomUUID()}`
    const source = socketAddress()
    const requestId = randomUUID()
    const event = {
      version: '2.0',
      routeKey: 'POST /api/v1/auth/login',
      rawPath: '/api/v1/auth/login',
      rawQueryString: '',
      headers: { 'content-type': 'application/json', ...forgedHeaders(1) },
      requestContext: { http: { method: 'POST', path: '/api/v1/auth/login', sourceIp: source }, requestId },
      body: JSON.stringify({ login_id: loginId, password }),
      isBase64Encoded: false,
    } as unknown as APIGatewayProxyEventV2
    const result = await handler(event, {} as Context)
    vi.restoreAllMocks()
    logger.setLogLevel('ERROR')
    expect(result.statusCode).toBe(401)
    const security = lines
      .flatMap((line) => line.split('\n'))
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.security === true)
    expect(security).toEqual([
      expect.objectContaining({
        level: 'WARN',
        message: 'security auth.failed',
        kind: 'auth.failed',
        requestId,
        route: 'POST /api/v1/auth/login',
        actor: loginIdHash(loginId),
        client: source,
        reason: 'auth.loginFailed',
      }),
    ])
    const all = lines.join('')
    expect(all).not.toContain(password)
    expect(all.toLowerCase()).not.toContain(loginId.toLowerCase())
    expect(all).not.toContain('198.51.100.2')
  })
})
