import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  googleDateTimeMs,
  isSha256Hex,
  validateGoogle,
  validateLine,
  validateMeta,
  validateTikTok,
} from './validate.ts'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
/** 2025-01-15 12:00:00 in Japan. */
const NOW = Date.UTC(2025, 0, 15, 3, 0, 0)
const context = { now: NOW, id: 'req-1' }
const seconds = NOW / 1000 - 120
const EMAIL = sha256('taro@example.jp')
const FAILURE_TYPE = 'type.googleapis.com/google.ads.googleads.v17.errors.GoogleAdsFailure'

const metaEvent = (overrides: Record<string, unknown> = {}) => ({
  event_name: 'Lead',
  event_time: seconds,
  event_id: 'lead-1',
  action_source: 'website',
  event_source_url: 'https://lp.example.jp/',
  user_data: { em: [EMAIL], client_user_agent: 'Mozilla/5.0', fbc: `fb.1.${NOW - 5000}.AbCdEf` },
  ...overrides,
})
const metaProblems = (body: unknown, query = new URLSearchParams()) => {
  const result = validateMeta(body, query, context)
  return result.ok ? [] : result.problems.map((p) => `${p.path} ${p.message}`)
}

describe('Meta Conversions API checks', () => {
  it('accepts a website event and counts it, with the test event code', () => {
    expect(
      validateMeta({ data: [metaEvent()], test_event_code: 'TEST123' }, new URLSearchParams(), context),
    ).toEqual({
      ok: true,
      status: 200,
      answer: { events_received: 1, messages: [], fbtrace_id: 'req-1' },
      events: [{ eventId: 'lead-1', eventName: 'Lead', eventTime: seconds, testEventCode: 'TEST123' }],
      problems: [],
    })
  })

  it('reads `data` given as JSON text in the query or a form, as the Graph API does', () => {
    const query = new URLSearchParams({ data: JSON.stringify([metaEvent()]), access_token: 'x' })
    expect(validateMeta({}, query, context)).toMatchObject({ ok: true, answer: { events_received: 1 } })
  })

  it('refuses the whole request with code 100 when one event is wrong', () => {
    const result = validateMeta(
      { data: [metaEvent(), metaEvent({ user_data: { em: ['taro@example.jp'], client_user_agent: 'UA' } })] },
      new URLSearchParams(),
      context,
    )
    expect(result).toEqual({
      ok: false,
      status: 400,
      error: {
        error: {
          message: 'Invalid parameter',
          type: 'OAuthException',
          code: 100,
          error_user_msg: expect.stringMatching(
            /^data\[1\]\.user_data\.em\[0\] must be the lowercase hex SHA-256/,
          ),
          fbtrace_id: 'req-1',
        },
      },
      problems: [{ path: 'data[1].user_data.em[0]', message: expect.stringContaining('SHA-256') }],
    })
  })

  it.each([
    [
      'an uppercase hash',
      { user_data: { em: EMAIL.toUpperCase(), client_user_agent: 'UA' } },
      'data[0].user_data.em must be',
    ],
    [
      'an unhashed phone',
      { user_data: { ph: ['09012345678'], client_user_agent: 'UA' } },
      'data[0].user_data.ph[0] must be',
    ],
    [
      'an event 8 days old',
      { event_time: NOW / 1000 - 8 * 86_400 },
      'data[0].event_time is more than 7 days old',
    ],
    ['milliseconds', { event_time: NOW }, 'data[0].event_time is in the future'],
    [
      'fbc in seconds',
      { user_data: { fbc: 'fb.1.1736910000.AbC', client_user_agent: 'UA' } },
      'data[0].user_data.fbc must be',
    ],
    [
      'a website event without user agent',
      { user_data: { em: [EMAIL] } },
      'data[0].user_data.client_user_agent is required',
    ],
    ['a website event without URL', { event_source_url: undefined }, 'data[0].event_source_url is required'],
    [
      'a Purchase without currency',
      { event_name: 'Purchase', custom_data: { value: 1000 } },
      'data[0].custom_data.currency is required',
    ],
    ['an unknown action source', { action_source: 'web' }, 'data[0].action_source'],
    ['no event name', { event_name: undefined }, 'data[0].event_name is required'],
  ])('refuses %s', (_, overrides, problem) => {
    const problems = metaProblems({ data: [metaEvent(overrides)] })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain(problem)
  })

  it('refuses a request without events', () => {
    expect(metaProblems({})).toEqual(['data is required'])
    expect(metaProblems({ data: [] })).toEqual([expect.stringMatching(/^data /)])
  })
})

const lineEvent = (
  event: Record<string, unknown> = {},
  user: Record<string, unknown> = { email: EMAIL },
) => ({
  event: {
    event_type: 'conversion',
    event_name: 'lead',
    event_timestamp: seconds,
    deduplication_key: 'lead-1',
    source_type: 'web',
    ...event,
  },
  user,
  web: { url: 'https://lp.example.jp/', ip_address: '203.0.113.5', user_agent: 'Mozilla/5.0' },
})

describe('LINE Conversion API checks', () => {
  it('accepts a conversion with a hashed email', () => {
    expect(validateLine({ events: [lineEvent()] }, context)).toEqual({
      ok: true,
      status: 200,
      answer: {},
      events: [{ eventId: 'lead-1', eventName: 'lead', eventTime: seconds, testEventCode: null }],
      problems: [],
    })
  })

  it('refuses a plain email and a conversion without a name, one detail per property', () => {
    const result = validateLine(
      { events: [lineEvent({}, { email: 'taro@example.jp' }), lineEvent({ event_name: undefined })] },
      context,
    )
    expect(result).toEqual({
      ok: false,
      status: 400,
      error: {
        message: 'The request body has errors',
        details: [
          { property: 'events[0].user.email', message: expect.stringContaining('SHA-256') },
          { property: 'events[1].event.event_name', message: 'is required' },
        ],
      },
      problems: [
        { path: 'events[0].user.email', message: expect.stringContaining('SHA-256') },
        { path: 'events[1].event.event_name', message: 'is required' },
      ],
    })
  })

  it('refuses a user with no identifier at all', () => {
    expect(validateLine({ events: [lineEvent({}, {})] }, context)).toMatchObject({
      ok: false,
      problems: [
        { path: 'events[0].user', message: 'needs at least one of email, phone, browser_id, click_id' },
      ],
    })
  })
})

const tiktokBody = (event: Record<string, unknown> = {}, top: Record<string, unknown> = {}) => ({
  event_source: 'web',
  event_source_id: 'CABCDEFGHIJ1234567890',
  data: [
    {
      event: 'SubmitForm',
      event_time: seconds,
      event_id: 'lead-1',
      user: { email: EMAIL, phone: [sha256('+819012345678')], ttclid: 'E.C.P.abc', ip: '203.0.113.5' },
      page: { url: 'https://lp.example.jp/' },
      ...event,
    },
  ],
  ...top,
})

describe('TikTok Events API checks', () => {
  it('accepts a web event', () => {
    expect(validateTikTok(tiktokBody({}, { test_event_code: 'TEST1' }), context)).toEqual({
      ok: true,
      status: 200,
      answer: { code: 0, message: 'OK', request_id: 'req-1', data: {} },
      events: [{ eventId: 'lead-1', eventName: 'SubmitForm', eventTime: seconds, testEventCode: 'TEST1' }],
      problems: [],
    })
  })

  it('answers an error as a non-zero code under HTTP 200', () => {
    expect(validateTikTok(tiktokBody({ page: {} }, { event_source: 'app' }), context)).toEqual({
      ok: false,
      status: 200,
      error: {
        code: 40002,
        message: expect.stringMatching(
          /^Invalid parameters: event_source .*; data\[0\]\.page\.url is required$/,
        ),
        request_id: 'req-1',
        data: {},
      },
      problems: [
        { path: 'event_source', message: expect.any(String) },
        { path: 'data[0].page.url', message: 'is required' },
      ],
    })
  })
})

const ACTION = 'customers/1234567890/conversionActions/555'
const conversion = (overrides: Record<string, unknown> = {}) => ({
  conversionAction: ACTION,
  conversionDateTime: '2025-01-15 11:50:00+09:00',
  conversionValue: 1000,
  currencyCode: 'JPY',
  orderId: 'lead-1',
  userIdentifiers: [{ hashedEmail: EMAIL }],
  ...overrides,
})
const google = (body: unknown, customerId = '1234567890') =>
  validateGoogle(body, { version: 'v17', customerId }, context)

describe('Google Ads uploadClickConversions checks', () => {
  it('reads the documented date time with its offset', () => {
    expect(googleDateTimeMs('2025-01-15 12:00:00+09:00')).toBe(NOW)
    expect(googleDateTimeMs('2025-01-14 22:00:00-05:00')).toBe(NOW)
    expect(googleDateTimeMs('2025-02-30 12:00:00+09:00')).toBeNull()
    expect(googleDateTimeMs('2025-01-15T12:00:00+09:00')).toBeNull()
    expect(googleDateTimeMs('2025-01-15 12:00:00')).toBeNull()
  })

  it('answers each good row and puts a bad one in partialFailureError, under HTTP 200', () => {
    const result = google({
      conversions: [
        conversion({ gclid: 'Cj0KCQ', userIdentifiers: undefined }),
        conversion({ userIdentifiers: [{ hashedEmail: 'taro@example.jp' }] }),
        conversion({ conversionDateTime: '2025-01-15T11:50:00Z' }),
      ],
      partialFailure: true,
    })
    const failure = (
      fieldPath: { fieldName: string; index?: number }[],
      errorCode: Record<string, string>,
    ) => ({
      errorCode,
      message: expect.any(String),
      location: { fieldPathElements: fieldPath },
    })
    expect(result).toEqual({
      ok: true,
      status: 200,
      answer: {
        results: [
          { gclid: 'Cj0KCQ', conversionAction: ACTION, conversionDateTime: '2025-01-15 11:50:00+09:00' },
          {},
          {},
        ],
        partialFailureError: {
          code: 3,
          message: expect.stringContaining('at conversions[1].user_identifiers[0].hashed_email'),
          details: [
            {
              '@type': FAILURE_TYPE,
              errors: [
                failure(
                  [
                    { fieldName: 'conversions', index: 1 },
                    { fieldName: 'user_identifiers', index: 0 },
                    { fieldName: 'hashed_email' },
                  ],
                  { fieldError: 'INVALID_VALUE' },
                ),
                failure([{ fieldName: 'conversions', index: 2 }, { fieldName: 'conversion_date_time' }], {
                  dateError: 'INVALID_STRING_DATE_TIME_SECONDS_WITH_OFFSET',
                }),
              ],
              requestId: 'req-1',
            },
          ],
        },
      },
      events: [
        { eventId: 'lead-1', eventName: ACTION, eventTime: '2025-01-15 11:50:00+09:00', testEventCode: null },
      ],
      problems: [
        {
          path: 'conversions[1].user_identifiers[0].hashed_email',
          message: expect.stringContaining('SHA-256'),
        },
        { path: 'conversions[2].conversion_date_time', message: expect.stringContaining('yyyy-mm-dd') },
      ],
    })
  })

  it.each([
    [
      'a time in the future (a JST time sent as UTC)',
      { conversionDateTime: '2025-01-15 11:50:00+00:00' },
      'is in the future',
    ],
    ['no click id and no user identifier', { userIdentifiers: undefined }, 'is required when no gclid'],
    ['two click ids', { gclid: 'a', gbraid: 'b' }, 'only one of gclid, gbraid, wbraid'],
    [
      'an action of another customer',
      { conversionAction: 'customers/999/conversionActions/1' },
      'belongs to customer 999',
    ],
    [
      'an identifier with two values',
      { userIdentifiers: [{ hashedEmail: EMAIL, hashedPhoneNumber: EMAIL }] },
      'exactly one of',
    ],
    ['a lowercase currency', { currencyCode: 'jpy' }, 'ISO 4217'],
  ])('refuses %s', (_, overrides, message) => {
    const result = google({ conversions: [conversion(overrides)], partialFailure: true })
    expect(result.ok).toBe(true)
    expect(result.ok && result.answer.results).toEqual([{}])
    expect(result.problems).toEqual([{ path: expect.any(String), message: expect.stringContaining(message) }])
  })

  it('refuses the whole request without partialFailure: true, or with a dashed customer id', () => {
    const refusal = (errorCode: Record<string, string>, message: string) => ({
      ok: false,
      status: 400,
      error: {
        error: {
          code: 400,
          message: 'Request contains an invalid argument.',
          status: 'INVALID_ARGUMENT',
          details: [
            {
              '@type': FAILURE_TYPE,
              errors: [
                { errorCode, message, location: { fieldPathElements: [{ fieldName: 'partial_failure' }] } },
              ],
              requestId: 'req-1',
            },
          ],
        },
      },
      problems: [{ path: 'partial_failure', message }],
    })
    expect(google({ conversions: [conversion()] })).toEqual(
      refusal({ fieldError: 'REQUIRED' }, 'partial_failure is required'),
    )
    expect(google({ conversions: [conversion()], partialFailure: false })).toEqual(
      refusal(
        { fieldError: 'INVALID_VALUE' },
        'partial_failure must be true: uploadClickConversions requires partial failure',
      ),
    )
    expect(google({ conversions: [conversion()], partialFailure: true }, '123-456-7890')).toMatchObject({
      ok: false,
      status: 400,
      error: { error: { details: [{ errors: [{ errorCode: { requestError: 'INVALID_CUSTOMER_ID' } }] }] } },
    })
  })

  it('answers validateOnly without results and receives nothing', () => {
    expect(google({ conversions: [conversion()], partialFailure: true, validateOnly: true })).toEqual({
      ok: true,
      status: 200,
      answer: {},
      events: [],
      problems: [],
    })
  })
})

describe('isSha256Hex (re-exported for the validators)', () => {
  it('accepts only a lowercase 64-character hex', () => {
    expect(isSha256Hex(EMAIL)).toBe(true)
    expect(isSha256Hex('taro@example.jp')).toBe(false)
  })
})
