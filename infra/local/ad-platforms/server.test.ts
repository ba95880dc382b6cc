import { createHash } from 'node:crypto'
import type { ConversionPlatform } from '@swipe/shared/site/conversions-normalise'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type AdPlatformsStandIn, adPlatformsControl, startAdPlatforms } from './server.ts'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
/** 2025-01-15 12:00:00 in Japan: the stand-in's clock, so event times are fixed. */
const NOW = Date.UTC(2025, 0, 15, 3, 0, 0)
const SECONDS = NOW / 1000 - 120
const EMAIL = sha256('taro@example.jp')
const PLAIN_EMAIL = 'taro@example.jp'
const TOKENS = {
  meta: 'EAAGmeta-secret-token-A1B2',
  line: 'line-channel-secret-C3D4',
  tiktok: 'tiktok-secret-token-E5F6',
  google: 'ya29.google-secret-G7H8',
}
const DEVELOPER_TOKEN = 'developer-secret-J9K0'
const ACTION = 'customers/1234567890/conversionActions/555'
const FAILURE_TYPE = 'type.googleapis.com/google.ads.googleads.v17.errors.GoogleAdsFailure'

let standIn: AdPlatformsStandIn
beforeAll(async () => {
  standIn = await startAdPlatforms({
    port: 0,
    tokens: TOKENS,
    googleDeveloperToken: DEVELOPER_TOKEN,
    now: () => NOW,
  })
})
afterEach(() => standIn.reset())
afterAll(() => standIn.stop())

interface Case {
  platform: ConversionPlatform
  /** Sends an event with this email hash (or plain email) and event id, with this token. */
  send(email: string, eventId: string, token?: string): Promise<Response>
  accepted: unknown
  acceptedStatus: number
  plainEmail: { status: number; body: unknown }
  badToken: { status: number; body: unknown }
  serverError: unknown
  rateLimited: unknown
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${standIn.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

const googleFailure = (
  status: number,
  statusText: string,
  message: string,
  errorCode: Record<string, string>,
) => ({
  error: {
    code: status,
    message,
    status: statusText,
    details: [
      {
        '@type': FAILURE_TYPE,
        errors: [{ errorCode, message: expect.any(String) }],
        requestId: expect.any(String),
      },
    ],
  },
})

const CASES: Case[] = [
  {
    platform: 'meta',
    send: (email, eventId, token = TOKENS.meta) =>
      post(`/v21.0/1234567890/events?access_token=${encodeURIComponent(token)}`, {
        data: [
          {
            event_name: 'Lead',
            event_time: SECONDS,
            event_id: eventId,
            action_source: 'website',
            event_source_url: 'https://lp.example.jp/',
            user_data: { em: [email], client_user_agent: 'Mozilla/5.0', client_ip_address: '203.0.113.5' },
          },
        ],
      }),
    acceptedStatus: 200,
    accepted: { events_received: 1, messages: [], fbtrace_id: expect.any(String) },
    plainEmail: {
      status: 400,
      body: {
        error: {
          message: 'Invalid parameter',
          type: 'OAuthException',
          code: 100,
          error_user_msg: expect.stringMatching(
            /^data\[0\]\.user_data\.em\[0\] must be the lowercase hex SHA-256/,
          ),
          fbtrace_id: expect.any(String),
        },
      },
    },
    badToken: {
      status: 401,
      body: {
        error: {
          message: 'Invalid OAuth access token - Cannot parse access token',
          type: 'OAuthException',
          code: 190,
          fbtrace_id: expect.any(String),
        },
      },
    },
    serverError: {
      error: {
        message: 'An unexpected error has occurred. Please retry your request later.',
        type: 'OAuthException',
        code: 2,
        fbtrace_id: expect.any(String),
      },
    },
    rateLimited: {
      error: {
        message: '(#4) Application request limit reached',
        type: 'OAuthException',
        code: 4,
        fbtrace_id: expect.any(String),
      },
    },
  },
  {
    platform: 'line',
    send: (email, eventId, token = TOKENS.line) =>
      post(
        '/v1/0a1b2c3d-tag/events',
        {
          events: [
            {
              event: {
                event_type: 'conversion',
                event_name: 'lead',
                event_timestamp: SECONDS,
                deduplication_key: eventId,
                source_type: 'web',
              },
              user: { email, browser_id: 'lt-browser-1' },
              web: { url: 'https://lp.example.jp/', ip_address: '203.0.113.5', user_agent: 'Mozilla/5.0' },
            },
          ],
        },
        { authorization: `Bearer ${token}` },
      ),
    acceptedStatus: 200,
    accepted: {},
    plainEmail: {
      status: 400,
      body: {
        message: 'The request body has errors',
        details: [{ property: 'events[0].user.email', message: expect.stringContaining('SHA-256') }],
      },
    },
    badToken: {
      status: 401,
      body: {
        message: 'Authentication failed. Confirm that the access token in the authorization header is valid.',
      },
    },
    serverError: { message: 'Internal server error' },
    rateLimited: { message: 'The API rate limit has been exceeded. Try again later.' },
  },
  {
    platform: 'tiktok',
    send: (email, eventId, token = TOKENS.tiktok) =>
      post(
        '/open_api/v1.3/event/track/',
        {
          event_source: 'web',
          event_source_id: 'CABCDEFGHIJ1234567890',
          data: [
            {
              event: 'SubmitForm',
              event_time: SECONDS,
              event_id: eventId,
              user: { email, ttclid: 'E.C.P.abc', ip: '203.0.113.5', user_agent: 'Mozilla/5.0' },
              page: { url: 'https://lp.example.jp/' },
            },
          ],
        },
        { 'access-token': token },
      ),
    acceptedStatus: 200,
    accepted: { code: 0, message: 'OK', request_id: expect.any(String), data: {} },
    plainEmail: {
      status: 200,
      body: {
        code: 40002,
        message: expect.stringMatching(
          /^Invalid parameters: data\[0\]\.user\.email must be the lowercase hex SHA-256/,
        ),
        request_id: expect.any(String),
        data: {},
      },
    },
    badToken: {
      status: 200,
      body: {
        code: 40105,
        message: 'The access token is invalid or has been revoked.',
        request_id: expect.any(String),
        data: {},
      },
    },
    serverError: {
      code: 50000,
      message: 'Internal system error. Please try again later.',
      request_id: expect.any(String),
      data: {},
    },
    rateLimited: {
      code: 40100,
      message: 'Requests made too frequently. Please try again later.',
      request_id: expect.any(String),
      data: {},
    },
  },
  {
    platform: 'google',
    send: (email, eventId, token = TOKENS.google) =>
      post(
        '/v17/customers/1234567890:uploadClickConversions',
        {
          conversions: [
            {
              conversionAction: ACTION,
              conversionDateTime: '2025-01-15 11:58:00+09:00',
              orderId: eventId,
              userIdentifiers: [{ hashedEmail: email }],
            },
          ],
          partialFailure: true,
        },
        { authorization: `Bearer ${token}`, 'developer-token': DEVELOPER_TOKEN },
      ),
    acceptedStatus: 200,
    accepted: {
      results: [
        {
          conversionAction: ACTION,
          conversionDateTime: '2025-01-15 11:58:00+09:00',
          userIdentifiers: [{ hashedEmail: EMAIL }],
        },
      ],
    },
    plainEmail: {
      status: 200,
      body: {
        results: [{}],
        partialFailureError: {
          code: 3,
          message: expect.stringContaining('at conversions[0].user_identifiers[0].hashed_email'),
          details: [
            {
              '@type': FAILURE_TYPE,
              errors: [
                {
                  errorCode: { fieldError: 'INVALID_VALUE' },
                  message: expect.stringContaining('SHA-256'),
                  location: {
                    fieldPathElements: [
                      { fieldName: 'conversions', index: 0 },
                      { fieldName: 'user_identifiers', index: 0 },
                      { fieldName: 'hashed_email' },
                    ],
                  },
                },
              ],
              requestId: expect.any(String),
            },
          ],
        },
      },
    },
    badToken: {
      status: 401,
      body: googleFailure(
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        { authenticationError: 'OAUTH_TOKEN_INVALID' },
      ),
    },
    serverError: googleFailure(500, 'INTERNAL', 'Internal error encountered.', {
      internalError: 'INTERNAL_ERROR',
    }),
    rateLimited: googleFailure(429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).', {
      quotaError: 'RESOURCE_TEMPORARILY_EXHAUSTED',
    }),
  },
]

describe.each(CASES)('the $platform stand-in', (c) => {
  it('accepts a valid event, answers in the platform shape and records it', async () => {
    const answer = await c.send(EMAIL, 'lead-1')
    expect(answer.status).toBe(c.acceptedStatus)
    expect(await answer.json()).toEqual(c.accepted)
    const [recorded] = standIn.requests(c.platform)
    expect(recorded).toMatchObject({
      platform: c.platform,
      method: 'POST',
      outcome: { accepted: true, problems: [] },
      answer: { status: c.acceptedStatus, body: c.accepted },
    })
    expect(Object.values(recorded!.credentials)).toContainEqual({ last4: TOKENS[c.platform].slice(-4) })
    // One event per event id: what a dedup test asserts.
    expect(standIn.received(c.platform)).toEqual([
      {
        platform: c.platform,
        seq: recorded!.seq,
        receivedAt: new Date(NOW).toISOString(),
        eventId: 'lead-1',
        eventName: expect.any(String),
        eventTime: expect.anything(),
        testEventCode: null,
      },
    ])
  })

  it('refuses a plain email with the platform error and receives no event', async () => {
    const answer = await c.send(PLAIN_EMAIL, 'lead-2')
    expect({ status: answer.status, body: await answer.json() }).toEqual(c.plainEmail)
    expect(standIn.received(c.platform)).toEqual([])
    expect(standIn.requests(c.platform)[0]!.outcome.problems).toEqual([expect.stringContaining('SHA-256')])
  })

  it('refuses a wrong token and keeps only its last 4 characters', async () => {
    const wrong = 'wrong-token-value-WXYZ'
    const answer = await c.send(EMAIL, 'lead-3', wrong)
    expect({ status: answer.status, body: await answer.json() }).toEqual(c.badToken)
    expect(standIn.received(c.platform)).toEqual([])
    const listed = await (await fetch(`${standIn.url}/requests.json`)).text()
    const page = await (await fetch(`${standIn.url}/`)).text()
    for (const shown of [listed, page]) {
      expect(shown).not.toContain(wrong)
      expect(shown).toContain('WXYZ')
    }
  })

  it('answers an injected 500 twice, then accepts again', async () => {
    standIn.failNext(c.platform, { status: 500, times: 2 })
    const statuses: number[] = []
    const bodies: unknown[] = []
    for (const id of ['a', 'b', 'c']) {
      const answer = await c.send(EMAIL, id)
      statuses.push(answer.status)
      bodies.push(await answer.json())
    }
    expect(statuses).toEqual([500, 500, c.acceptedStatus])
    expect(bodies).toEqual([c.serverError, c.serverError, c.accepted])
    expect(standIn.received(c.platform).map((e) => e.eventId)).toEqual(['c'])
    expect(standIn.requests(c.platform).map((r) => r.outcome.injected ?? null)).toEqual([
      null,
      'failNext',
      'failNext',
    ])
  })

  it('answers 429 with Retry-After while rate limited', async () => {
    standIn.rateLimit(c.platform, 12)
    const limited = await c.send(EMAIL, 'lead-4')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('12')
    expect(await limited.json()).toEqual(c.rateLimited)
    standIn.rateLimit(c.platform, null)
    expect((await c.send(EMAIL, 'lead-4')).status).toBe(c.acceptedStatus)
    expect(standIn.received(c.platform).map((e) => e.eventId)).toEqual(['lead-4'])
  })
})

describe('the ad platforms stand-in', () => {
  const [meta, , , google] = CASES as [Case, Case, Case, Case]

  it('refuses a missing token too (TikTok: its own code for it)', async () => {
    const answer = await post('/open_api/v1.3/event/track/', { event_source: 'web' })
    expect(await answer.json()).toEqual({
      code: 40104,
      message: 'The access token is empty.',
      request_id: expect.any(String),
      data: {},
    })
    expect((await post('/v21.0/1/events', { data: [] })).status).toBe(401)
    expect(standIn.requests('tiktok')[0]!.credentials).toEqual({})
  })

  it("refuses Google's request without the developer token", async () => {
    const answer = await post(
      '/v17/customers/1234567890:uploadClickConversions',
      { conversions: [], partialFailure: true },
      { authorization: `Bearer ${TOKENS.google}` },
    )
    expect(answer.status).toBe(401)
    expect(await answer.json()).toEqual(
      googleFailure(401, 'UNAUTHENTICATED', expect.any(String), {
        authenticationError: 'DEVELOPER_TOKEN_INVALID',
      }),
    )
  })

  it('records no credential header, no access_token in the path and none in the body', async () => {
    await post(`/v21.0/1234567890/events?access_token=${TOKENS.meta}&appsecret_proof=x`, { data: [] })
    await post('/v21.0/1234567890/events', { access_token: TOKENS.meta, data: [] })
    const [fromBody, fromQuery] = standIn.requests('meta')
    expect(fromQuery!.path).toBe('/v21.0/1234567890/events?appsecret_proof=x')
    expect(fromQuery!.credentials).toEqual({ 'access_token (query)': { last4: 'A1B2' } })
    expect(fromBody!.credentials).toEqual({ 'access_token (body)': { last4: 'A1B2' } })
    expect(fromBody!.body).toEqual({ data: [] })
    await google.send(EMAIL, 'x')
    expect(Object.keys(standIn.requests('google')[0]!.headers)).not.toContain('authorization')
    expect(Object.keys(standIn.requests('google')[0]!.headers)).not.toContain('developer-token')
    expect(standIn.requests('google')[0]!.credentials).toEqual({
      authorization: { last4: 'G7H8' },
      'developer-token': { last4: 'J9K0' },
    })
  })

  it('receives every event as sent, so a repeated event id is visible', async () => {
    await meta.send(EMAIL, 'lead-9')
    await meta.send(EMAIL, 'lead-9')
    expect(standIn.received('meta').filter((e) => e.eventId === 'lead-9')).toHaveLength(2)
    const page = await (await fetch(`${standIn.url}/`)).text()
    expect(page).toContain('Event ids received more than once: <code>lead-9</code> ×2')
  })

  it('shows what was sent on its page, escaped, newest first, and as JSON', async () => {
    await post(`/v21.0/1234567890/events?access_token=${TOKENS.meta}`, {
      data: [{ event_name: '<script>alert(1)</script>' }],
    })
    await fetch(`${standIn.url}/nowhere`, { method: 'POST', body: '<img src=x onerror=alert(2)>' })
    const answer = await fetch(`${standIn.url}/`)
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const page = await answer.text()
    expect(page).not.toContain('<script>alert(1)</script>')
    expect(page).not.toContain('<img src=x')
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(page).toContain('&lt;img src=x onerror=alert(2)&gt;')
    const listed = (await (await fetch(`${standIn.url}/requests.json`)).json()) as {
      requests: Record<string, { path: string; answer: { status: number } }[]>
    }
    expect(listed.requests.other).toEqual([
      expect.objectContaining({ path: '/nowhere', answer: expect.objectContaining({ status: 404 }) }),
    ])
    expect(listed.requests.meta?.map((r) => r.answer.status)).toEqual([400])
    expect((await fetch(`${standIn.url}/requests`, { method: 'DELETE' })).status).toBe(204)
    expect(standIn.requests('meta')).toEqual([])
  })

  it('refuses a failure that is not an HTTP error status', () => {
    expect(() => standIn.failNext('meta', { status: 200 })).toThrow('failNext needs an HTTP error status')
  })
})

describe("the Google OAuth token endpoint (POST /token) and Google's Bearer", () => {
  const CLIENT_SECRET = 'GOCSPX-client-secret-M1N2'
  const REFRESH_TOKEN = '1//0refresh-token-P3Q4'
  let now = NOW
  let oauth: AdPlatformsStandIn
  beforeAll(async () => {
    oauth = await startAdPlatforms({
      googleRefreshToken: REFRESH_TOKEN,
      googleClientSecret: CLIENT_SECRET,
      googleDeveloperToken: DEVELOPER_TOKEN,
      now: () => now,
    })
  })
  afterEach(() => {
    oauth.reset()
    now = NOW
  })
  afterAll(() => oauth.stop())

  const token = (
    params: Record<string, string>,
    headers: Record<string, string> = {},
    base = oauth.url,
  ): Promise<Response> =>
    fetch(`${base}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(params).toString(),
    })
  const GRANT = {
    grant_type: 'refresh_token',
    client_id: '1234-abc.apps.googleusercontent.com',
    client_secret: CLIENT_SECRET,
    refresh_token: REFRESH_TOKEN,
  }
  const accessToken = async (base = oauth.url) =>
    ((await (await token(GRANT, {}, base)).json()) as { access_token: string }).access_token
  const upload = (bearer: string, base = oauth.url) =>
    fetch(`${base}/v17/customers/1234567890:uploadClickConversions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${bearer}`,
        'developer-token': DEVELOPER_TOKEN,
      },
      body: JSON.stringify({
        conversions: [
          {
            conversionAction: ACTION,
            conversionDateTime: '2025-01-15 11:58:00+09:00',
            orderId: 'lead-g',
            userIdentifiers: [{ hashedEmail: EMAIL }],
          },
        ],
        partialFailure: true,
      }),
    })
  const UNAUTHENTICATED = googleFailure(
    401,
    'UNAUTHENTICATED',
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    { authenticationError: 'OAUTH_TOKEN_INVALID' },
  )

  it('issues an access token for the refresh-token grant, which the Google Ads route then takes', async () => {
    const answer = await token(GRANT)
    expect(answer.status).toBe(200)
    const body = (await answer.json()) as { access_token: string }
    expect(body).toEqual({
      access_token: expect.stringMatching(/^ya29\.[\w-]{40,}$/),
      expires_in: 3599,
      scope: 'https://www.googleapis.com/auth/adwords',
      token_type: 'Bearer',
    })
    expect(await accessToken()).not.toBe(body.access_token)
    expect((await upload(body.access_token)).status).toBe(200)
    expect(oauth.received('google').map((e) => e.eventId)).toEqual(['lead-g'])
  })

  it.each([
    ['a Bearer it never issued', 'ya29.made-up-token', 'access token not issued by POST /token'],
    ['no Bearer', '', 'missing token'],
  ])("refuses %s with Google's 401 UNAUTHENTICATED", async (_, bearer, problem) => {
    const answer = await upload(bearer)
    expect({ status: answer.status, body: await answer.json() }).toEqual({
      status: 401,
      body: UNAUTHENTICATED,
    })
    expect(oauth.received('google')).toEqual([])
    expect(oauth.requests('google')[0]!.outcome).toEqual({ accepted: false, problems: [problem] })
  })

  it('refuses an issued token once it has expired (3599 s later)', async () => {
    const issued = await accessToken()
    now = NOW + 3598_000
    expect((await upload(issued)).status).toBe(200)
    now = NOW + 3599_000
    const answer = await upload(issued)
    expect({ status: answer.status, body: await answer.json() }).toEqual({
      status: 401,
      body: UNAUTHENTICATED,
    })
    expect(oauth.requests('google')[0]!.outcome.problems).toEqual([
      'access token expired (POST /token issues a new one)',
    ])
  })

  it('keeps issued tokens valid across reset', async () => {
    const issued = await accessToken()
    oauth.reset()
    expect((await upload(issued)).status).toBe(200)
  })

  it.each([
    [
      'another grant type',
      { ...GRANT, grant_type: 'authorization_code' },
      400,
      { error: 'unsupported_grant_type', error_description: 'Invalid grant_type: authorization_code' },
    ],
    [
      'no grant type',
      { ...GRANT, grant_type: '' },
      400,
      { error: 'unsupported_grant_type', error_description: 'Invalid grant_type: ' },
    ],
    [
      'no client id',
      { ...GRANT, client_id: '' },
      401,
      { error: 'invalid_client', error_description: 'Unauthorized' },
    ],
    [
      'no client secret',
      { ...GRANT, client_secret: '' },
      401,
      { error: 'invalid_client', error_description: 'Unauthorized' },
    ],
    [
      'a wrong client secret',
      { ...GRANT, client_secret: 'GOCSPX-wrong' },
      401,
      { error: 'invalid_client', error_description: 'Unauthorized' },
    ],
    [
      'no refresh token',
      { ...GRANT, refresh_token: '' },
      400,
      { error: 'invalid_grant', error_description: 'Bad Request' },
    ],
    [
      'an unknown refresh token',
      { ...GRANT, refresh_token: '1//0unknown' },
      400,
      { error: 'invalid_grant', error_description: 'Bad Request' },
    ],
  ])('answers %s as Google does, issuing nothing', async (_, params, status, body) => {
    const answer = await token(params)
    expect({ status: answer.status, body: await answer.json() }).toEqual({ status, body })
    const [recorded] = oauth.requests('google-oauth')
    expect(recorded).toMatchObject({
      platform: 'google',
      bucket: 'google-oauth',
      outcome: { accepted: false, problems: [expect.any(String)] },
    })
    expect(Object.keys(recorded!.credentials)).not.toContain('access_token (issued)')
  })

  it('takes the client credentials from HTTP Basic auth too', async () => {
    const basic = Buffer.from(`${GRANT.client_id}:${CLIENT_SECRET}`).toString('base64')
    const answer = await token(
      { grant_type: 'refresh_token', refresh_token: REFRESH_TOKEN },
      { authorization: `Basic ${basic}` },
    )
    expect(answer.status).toBe(200)
    expect(oauth.requests('google-oauth')[0]!.credentials).toEqual({
      'client_secret (basic auth)': { last4: 'M1N2' },
      refresh_token: { last4: 'P3Q4' },
      'access_token (issued)': {
        last4: ((await answer.json()) as { access_token: string }).access_token.slice(-4),
      },
    })
  })

  it('records the token request without its secrets or the token issued, and shows it', async () => {
    const issued = await accessToken()
    await upload(issued)
    const [recorded] = oauth.requests('google-oauth')
    expect(recorded).toMatchObject({
      platform: 'google',
      bucket: 'google-oauth',
      method: 'POST',
      path: '/token',
      body: { grant_type: 'refresh_token', client_id: GRANT.client_id },
      credentials: {
        'client_secret (body)': { last4: 'M1N2' },
        refresh_token: { last4: 'P3Q4' },
        'access_token (issued)': { last4: issued.slice(-4) },
      },
      outcome: { accepted: true, problems: [] },
      answer: { status: 200 },
    })
    expect(recorded!.body).toEqual({ grant_type: 'refresh_token', client_id: GRANT.client_id })
    expect(recorded!.answer.body).toEqual({
      expires_in: 3599,
      scope: 'https://www.googleapis.com/auth/adwords',
      token_type: 'Bearer',
    })
    expect(oauth.requests('google')[0]!.credentials.authorization).toEqual({ last4: issued.slice(-4) })
    const listed = await (await fetch(`${oauth.url}/requests.json`)).text()
    const page = await (await fetch(`${oauth.url}/`)).text()
    expect(page).toContain('Google OAuth token endpoint')
    for (const shown of [listed, page]) {
      expect(shown).toContain('/token')
      for (const secret of [CLIENT_SECRET, REFRESH_TOKEN, issued]) expect(shown).not.toContain(secret)
    }
  })

  it('accepts any non-empty refresh token and client secret, and any Bearer when told to', async () => {
    const open = await startAdPlatforms({ requireIssuedGoogleToken: false, now: () => NOW })
    try {
      const answer = await token(
        { grant_type: 'refresh_token', client_id: 'c', client_secret: 's', refresh_token: 'r' },
        {},
        open.url,
      )
      expect(answer.status).toBe(200)
      expect((await upload('ya29.never-issued', open.url)).status).toBe(200)
      expect((await upload('', open.url)).status).toBe(401)
    } finally {
      await open.stop()
    }
  })
})

describe('the stand-in controlled over HTTP (another process, as the integration tests)', () => {
  const [meta] = CASES as [Case]
  const control = () => adPlatformsControl(standIn.url)

  it('injects failures, lists what was received and resets, as the handle does', async () => {
    await control().failNext('meta', { status: 503, retryAfter: 7 })
    const failed = await meta.send(EMAIL, 'h-1')
    expect(failed.status).toBe(503)
    expect(failed.headers.get('retry-after')).toBe('7')
    expect((await meta.send(EMAIL, 'h-2')).status).toBe(200)
    await control().rateLimit('meta', 9)
    expect((await meta.send(EMAIL, 'h-3')).headers.get('retry-after')).toBe('9')
    await control().rateLimit('meta', null)
    expect((await meta.send(EMAIL, 'h-4')).status).toBe(200)

    expect((await control().received('meta')).map((e) => e.eventId)).toEqual(['h-2', 'h-4'])
    expect((await control().requests('meta')).map((r) => r.outcome.injected ?? null)).toEqual([
      null,
      'rateLimit',
      null,
      'failNext',
    ])
    expect(await control().requests('google-oauth')).toEqual([])

    await control().failNext('meta', { status: 500 })
    await control().rateLimit('meta', 5)
    await control().reset()
    expect(await control().received('meta')).toEqual([])
    expect(await control().requests('meta')).toEqual([])
    expect((await meta.send(EMAIL, 'h-5')).status).toBe(200)
  })

  it('refuses a control request that is not one, and records none', async () => {
    await expect(control().failNext('meta', { status: 200 })).rejects.toThrow(
      'ad platforms stand-in /control/fail-next: 400',
    )
    await expect(control().rateLimit('snapchat' as ConversionPlatform, 3)).rejects.toThrow('platform')
    expect(standIn.requests(null)).toEqual([])
    expect((await meta.send(EMAIL, 'h-6')).status).toBe(200)
  })
})
