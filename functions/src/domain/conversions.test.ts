import { sha256Hex } from '@swipe/shared/site/conversions-normalise'
import { ConversionsSchema } from '@swipe/shared/site/tags-vendors'
import { describe, expect, it } from 'vitest'
import {
  validateGoogle,
  validateLine,
  validateMeta,
  validateTikTok,
} from '../../../infra/local/ad-platforms/validate.ts'
import {
  authorisedRequest,
  buildConversionRequest,
  type ConversionOccurrence,
  fbcOf,
  googleDateTime,
  readAnswer,
} from './conversions.ts'

const NOW = Date.UTC(2026, 10, 29, 3, 4, 5)
const destinations = ConversionsSchema.parse({
  meta: { pixelId: '123456789012345', testEventCode: 'test123' },
  line: { tagId: '0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0' },
  tiktok: { pixelCode: 'c4abcdefghijklmnopqr' },
  google: {
    customerId: '123-456-7890',
    conversionActionId: '987654',
    clientId: 'abc.apps.googleusercontent.com',
  },
})

const occurrence = (over: Partial<ConversionOccurrence> = {}): ConversionOccurrence => ({
  event: 'contactSent',
  eventId: 'evt-0001-abcd',
  at: NOW,
  email: ' Taro.Yamada@Gmail.com ',
  phone: '090-1234-5678',
  context: {
    consent: 'granted',
    eventId: 'evt-0001-abcd',
    clicks: { fbclid: 'IwAR123', gclid: 'Cj0KCQ', ttclid: 'E.C.P.abc', ldtag_cl: 'line-click-1' },
    clickAt: NOW - 60_000,
    pageUrl: 'https://shop.example.jp/contact/',
    referrer: 'https://www.instagram.com/',
  },
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (iPhone)',
  ...over,
})
const ctx = { now: NOW, id: 'req-1' }

describe('conversion requests, checked by the stand-in of each platform', () => {
  it('Meta: the standard event, hashed email and phone as Meta normalises them, _fbc, the test code', async () => {
    const request = await buildConversionRequest('meta', destinations, occurrence())
    expect(request).toEqual({
      api: 'meta',
      path: '/v21.0/123456789012345/events',
      body: {
        data: [
          {
            event_name: 'Contact',
            event_time: Math.floor(NOW / 1000),
            event_id: 'evt-0001-abcd',
            action_source: 'website',
            event_source_url: 'https://shop.example.jp/contact/',
            user_data: {
              em: [await sha256Hex('taro.yamada@gmail.com')],
              ph: [await sha256Hex('819012345678')],
              fbc: `fb.1.${NOW - 60_000}.IwAR123`,
              client_ip_address: '203.0.113.7',
              client_user_agent: 'Mozilla/5.0 (iPhone)',
            },
          },
        ],
        test_event_code: 'TEST123',
      },
    })
    const sent = authorisedRequest(request!, () => 'https://graph.facebook.com', {
      accessToken: 'EAAB-token',
    })
    expect(sent.url).toBe('https://graph.facebook.com/v21.0/123456789012345/events')
    // The token travels in the body, never in the URL.
    expect(JSON.parse(sent.body).access_token).toBe('EAAB-token')
    const verdict = validateMeta(JSON.parse(sent.body), new URLSearchParams(), ctx)
    expect(verdict.problems).toEqual([])
    expect(verdict.ok).toBe(true)
  })

  it('LINE: a conversion with its deduplication key and click id', async () => {
    const request = await buildConversionRequest(
      'line',
      destinations,
      occurrence({ event: 'memberRegistered' }),
    )
    expect(request?.path).toBe('/v1/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0/events')
    const event = (request!.body.events as Record<string, Record<string, unknown>>[])[0]!
    expect(event.event).toEqual({
      event_type: 'conversion',
      event_name: 'Conversion',
      event_timestamp: Math.floor(NOW / 1000),
      deduplication_key: 'evt-0001-abcd',
      source_type: 'web',
    })
    expect(event.user).toEqual({
      email: await sha256Hex('taro.yamada@gmail.com'),
      phone: await sha256Hex('819012345678'),
      click_id: 'line-click-1',
    })
    const verdict = validateLine(request!.body, ctx)
    expect(verdict.problems).toEqual([])
  })

  it('TikTok: E.164 with + for the phone, ttclid, the pixel code', async () => {
    const request = await buildConversionRequest(
      'tiktok',
      destinations,
      occurrence({ event: 'homepageFormSent' }),
    )
    const body = request!.body as {
      data: { event: string; user: Record<string, string> }[]
      event_source_id: string
    }
    expect(body.event_source_id).toBe('C4ABCDEFGHIJKLMNOPQR')
    expect(body.data[0]?.event).toBe('SubmitForm')
    expect(body.data[0]?.user.phone).toBe(await sha256Hex('+819012345678'))
    expect(body.data[0]?.user.ttclid).toBe('E.C.P.abc')
    expect(validateTikTok(body, ctx).problems).toEqual([])
  })

  it('Google: the gclid, the Gmail dots removed before hashing, JST date time, the event id as orderId', async () => {
    const request = await buildConversionRequest('google', destinations, occurrence())
    expect(request?.path).toBe('/v21/customers/1234567890:uploadClickConversions')
    const conversion = (request!.body.conversions as Record<string, unknown>[])[0]!
    expect(conversion).toEqual({
      gclid: 'Cj0KCQ',
      conversionAction: 'customers/1234567890/conversionActions/987654',
      conversionDateTime: '2026-11-29 12:04:05+09:00',
      orderId: 'evt-0001-abcd',
      userIdentifiers: [
        { hashedEmail: await sha256Hex('taroyamada@gmail.com'), userIdentifierSource: 'FIRST_PARTY' },
        { hashedPhoneNumber: await sha256Hex('+819012345678'), userIdentifierSource: 'FIRST_PARTY' },
      ],
      consent: { adUserData: 'GRANTED', adPersonalization: 'GRANTED' },
    })
    const sent = authorisedRequest(
      request!,
      () => 'https://googleads.googleapis.com',
      { developerToken: 'dev-1', clientSecret: 's', refreshToken: 'r' },
      { googleAccessToken: 'ya29.x', loginCustomerId: '1112223333' },
    )
    expect(sent.headers).toEqual({
      authorization: 'Bearer ya29.x',
      'developer-token': 'dev-1',
      'login-customer-id': '1112223333',
    })
    const verdict = validateGoogle(request!.body, { version: 'v21', customerId: '1234567890' }, ctx)
    expect(verdict.problems).toEqual([])
    expect(verdict.ok && verdict.answer.partialFailureError).toBeUndefined()
  })

  it('nothing for a platform the occurrence cannot be matched on', async () => {
    const bare = occurrence({
      email: undefined,
      phone: undefined,
      context: { consent: 'granted', pageUrl: 'https://a.example/' },
    })
    expect(await buildConversionRequest('line', destinations, bare)).toBeUndefined()
    expect(await buildConversionRequest('tiktok', destinations, bare)).toBeUndefined()
    expect(await buildConversionRequest('google', destinations, bare)).toBeUndefined()
    // Meta's browser id alone is enough for Meta.
    expect(
      await buildConversionRequest('meta', destinations, {
        ...bare,
        context: { ...bare.context, fbp: 'fb.1.1700000000000.42' },
      }),
    ).toBeDefined()
    // A number that is no number is dropped, the email still goes.
    const request = await buildConversionRequest('meta', destinations, occurrence({ phone: 'なし' }))
    expect((request!.body.data as { user_data: Record<string, unknown> }[])[0]?.user_data.ph).toBeUndefined()
  })

  it('formats', () => {
    expect(googleDateTime(Date.UTC(2026, 11, 31, 15, 0, 0))).toBe('2027-01-01 00:00:00+09:00')
    expect(fbcOf({ clicks: { fbclid: 'abc' } }, 1_700_000_000_000)).toBe('fb.1.1700000000000.abc')
    expect(fbcOf({}, 1)).toBeUndefined()
  })
})

describe('reading the platforms’ answers', () => {
  it('success, retries and final refusals with the platform’s words', () => {
    expect(readAnswer('meta', 200, '{"events_received":1}')).toEqual({ outcome: 'delivered' })
    expect(readAnswer('meta', 400, '{"error":{"message":"Invalid parameter","code":100}}')).toEqual({
      outcome: 'failed',
      message: 'Invalid parameter',
    })
    expect(readAnswer('line', 500, '')).toEqual({ outcome: 'retry', message: 'HTTP 500' })
    expect(readAnswer('line', 429, '{"message":"Too many"}')).toEqual({
      outcome: 'retry',
      message: 'Too many',
    })
    expect(readAnswer('tiktok', 200, '{"code":0,"message":"OK"}')).toEqual({ outcome: 'delivered' })
    expect(readAnswer('tiktok', 200, '{"code":40100,"message":"Requests made too frequently."}')).toEqual({
      outcome: 'retry',
      message: '40100 Requests made too frequently.',
    })
    expect(readAnswer('tiktok', 200, '{"code":40105,"message":"The access token is invalid"}')).toEqual({
      outcome: 'failed',
      message: '40105 The access token is invalid',
    })
    expect(
      readAnswer(
        'google',
        200,
        '{"results":[{}],"partialFailureError":{"code":3,"message":"gclid invalid"}}',
      ),
    ).toEqual({
      outcome: 'failed',
      message: 'gclid invalid',
    })
    expect(readAnswer('google', 400, '{"error":"invalid_grant","error_description":"Bad Request"}')).toEqual({
      outcome: 'failed',
      message: 'Bad Request',
    })
  })
})
