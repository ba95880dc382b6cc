import { isSha256Hex } from '@swipe/shared/site/conversions-normalise'
import * as z from 'zod'
import {
  type GoogleAdsError,
  type GoogleError,
  type GoogleStatus,
  googleAdsFailureType,
  googleError,
  type LineError,
  lineError,
  type MetaError,
  metaError,
  type TikTokAnswer,
  tiktokError,
} from './errors.ts'

/**
 * The stand-in's checks of what the product sends, one pure function per platform: the fields each
 * API documents as required, the hashing of identifiers (a plain email where a SHA-256 belongs is
 * the mistake this exists to catch) and the time windows. Each returns the platform's own success
 * answer or its own error body with the HTTP status it would use.
 *
 * Assumptions where the documentation was not at hand (the report of the change lists them):
 * LINE's body and answer shapes; TikTok's 7-day window; the Google errorCode enum names.
 */

export { isSha256Hex }

/** Events older than this are refused (Meta's documented limit; assumed for LINE and TikTok). */
export const MAX_EVENT_AGE_S = 7 * 86_400
/** Clock difference tolerated before an event time counts as in the future. */
export const CLOCK_SKEW_S = 60

/** One thing wrong with a request: where (`data[0].user_data.em[0]`) and why. */
export interface Problem {
  path: string
  message: string
}

/** An event a platform accepted: what `received(platform)` lists, for deduplication checks. */
export interface AcceptedEvent {
  /** Meta `event_id`, LINE `deduplication_key`, TikTok `event_id`, Google `orderId`; null when not sent. */
  eventId: string | null
  /** Meta `event_name`, LINE `event_name` (or its event type), TikTok `event`, Google `conversionAction`. */
  eventName: string
  /** As sent: Unix seconds, or Google's `yyyy-mm-dd hh:mm:ss+hh:mm`. */
  eventTime: number | string
  /** Meta's and TikTok's `test_event_code`, when given. */
  testEventCode: string | null
}

export type Validation<Answer, Error> =
  | { ok: true; status: number; answer: Answer; events: AcceptedEvent[]; problems: Problem[] }
  | { ok: false; status: number; error: Error; problems: Problem[] }

export interface ValidationContext {
  /** Milliseconds since the epoch: the time event times are judged against. */
  now: number
  /** The request id the answer carries (`fbtrace_id`, `request_id`, `requestId`). */
  id: string
}

const REQUIRED = 'is required'
/** Marks a missing field apart from a wrong one (Google says REQUIRED for the first). */
const parseOptions = {
  error: (issue: { code: string; input?: unknown }) =>
    issue.code === 'invalid_type' && issue.input === undefined ? REQUIRED : undefined,
}

const pathText = (path: readonly PropertyKey[]) =>
  path.reduce<string>(
    (text, key) =>
      typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key),
    '',
  )

const problemsOf = (error: z.ZodError, prefix: readonly PropertyKey[] = []): Problem[] =>
  error.issues.map((issue) => ({ path: pathText([...prefix, ...issue.path]), message: issue.message }))

/** A field's own message for a wrong value; still "is required" when it is missing. */
const says = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? REQUIRED : message

const problemText = (problems: readonly Problem[]) =>
  problems.map((p) => (p.path ? `${p.path} ${p.message}` : p.message)).join('; ')

const HASHED =
  'must be the lowercase hex SHA-256 of the normalised value, not the value itself (shared/src/site/conversions-normalise.ts)'
const hashed = z.string({ error: says(HASHED) }).refine(isSha256Hex, { error: HASHED })
/** Meta and TikTok take one hash or a list of them. */
const hashedOneOrMany = z.union([hashed, z.array(hashed).min(1)], { error: says(HASHED) })
const ip = z.union([z.ipv4(), z.ipv6()], { error: says('must be an IPv4 or IPv6 address') })
const webUrl = z.url({ protocol: /^https?$/, error: says('must be an http(s) URL') })
const currency = z.string({ error: says('must be an ISO 4217 code such as JPY') }).regex(/^[A-Z]{3}$/, {
  error: 'must be an ISO 4217 code such as JPY',
})

/** Unix seconds within the accepted window: milliseconds land in the future and are refused. */
const unixSeconds = (now: number) =>
  z
    .number()
    .int()
    .refine((t) => t <= now / 1000 + CLOCK_SKEW_S, {
      error: 'is in the future (Unix seconds are expected, not milliseconds)',
    })
    .refine((t) => t >= now / 1000 - MAX_EVENT_AGE_S, { error: 'is more than 7 days old' })

const missing = (ctx: z.core.$RefinementCtx, path: PropertyKey[]) =>
  ctx.addIssue({ code: 'custom', path, message: REQUIRED })

// ---------------------------------------------------------------------------------------------
// Meta Conversions API: POST /{version}/{pixel-id}/events

/** `fb.<subdomain index 0–2>.<creation time in ms>.<fbclid>` (the `_fbc` cookie). */
const FBC = /^fb\.[0-2]\.\d{13}\.\S+$/
/** `fb.<subdomain index>.<creation time in ms>.<random number>` (the `_fbp` cookie). */
const FBP = /^fb\.[0-2]\.\d{13}\.\d+$/

const META_ACTION_SOURCES = [
  'email',
  'website',
  'app',
  'phone_call',
  'chat',
  'physical_store',
  'system_generated',
  'business_messaging',
  'other',
] as const

const metaUserData = z.object({
  em: hashedOneOrMany.optional(),
  ph: hashedOneOrMany.optional(),
  fn: hashedOneOrMany.optional(),
  ln: hashedOneOrMany.optional(),
  db: hashedOneOrMany.optional(),
  ge: hashedOneOrMany.optional(),
  ct: hashedOneOrMany.optional(),
  st: hashedOneOrMany.optional(),
  zp: hashedOneOrMany.optional(),
  country: hashedOneOrMany.optional(),
  external_id: z.union([z.string().min(1), z.array(z.string().min(1))]).optional(),
  fbc: z.string().regex(FBC, { error: 'must be fb.1.<creation time in ms>.<fbclid>' }).optional(),
  fbp: z.string().regex(FBP, { error: 'must be fb.1.<creation time in ms>.<random number>' }).optional(),
  client_ip_address: ip.optional(),
  client_user_agent: z.string().min(1).optional(),
})

const metaEvent = (now: number) =>
  z
    .object({
      event_name: z.string().min(1),
      event_time: unixSeconds(now),
      event_id: z.string().min(1).optional(),
      action_source: z.enum(META_ACTION_SOURCES),
      event_source_url: webUrl.optional(),
      user_data: metaUserData,
      custom_data: z.object({ value: z.number().optional(), currency: currency.optional() }).optional(),
      opt_out: z.boolean().optional(),
    })
    .superRefine((event, ctx) => {
      // Meta: website events need the page URL and the browser's user agent.
      if (event.action_source === 'website') {
        if (!event.event_source_url) missing(ctx, ['event_source_url'])
        if (!event.user_data.client_user_agent) missing(ctx, ['user_data', 'client_user_agent'])
      }
      // Meta: a Purchase needs its value and currency.
      if (event.event_name === 'Purchase') {
        if (event.custom_data?.value === undefined) missing(ctx, ['custom_data', 'value'])
        if (!event.custom_data?.currency) missing(ctx, ['custom_data', 'currency'])
      }
    })

const metaBody = (now: number) =>
  z.object({
    data: z.array(metaEvent(now)).min(1).max(1000),
    test_event_code: z.string().min(1).optional(),
  })

/** Meta's success answer. */
export interface MetaAnswer {
  events_received: number
  messages: string[]
  fbtrace_id: string
}

/** Graph API parameters come from the query and the body alike; `data` may be JSON text (form posts). */
const graphParams = (body: unknown, query: URLSearchParams): Record<string, unknown> => {
  const params: Record<string, unknown> = Object.fromEntries(query)
  if (body && typeof body === 'object' && !Array.isArray(body)) Object.assign(params, body)
  delete params.access_token
  if (typeof params.data === 'string') {
    try {
      params.data = JSON.parse(params.data)
    } catch {
      // left as text: the schema says `data` must be a list
    }
  }
  return params
}

/** Meta Conversions API: the whole request is refused when one event is wrong (400, code 100). */
export const validateMeta = (
  body: unknown,
  query: URLSearchParams,
  { now, id }: ValidationContext,
): Validation<MetaAnswer, MetaError> => {
  const parsed = metaBody(now).safeParse(graphParams(body, query), parseOptions)
  if (!parsed.success) {
    const problems = problemsOf(parsed.error)
    return {
      ok: false,
      status: 400,
      error: metaError('invalid', { id, detail: problemText(problems) }),
      problems,
    }
  }
  const testEventCode = parsed.data.test_event_code ?? null
  return {
    ok: true,
    status: 200,
    answer: { events_received: parsed.data.data.length, messages: [], fbtrace_id: id },
    events: parsed.data.data.map((e) => ({
      eventId: e.event_id ?? null,
      eventName: e.event_name,
      eventTime: e.event_time,
      testEventCode,
    })),
    problems: [],
  }
}

// ---------------------------------------------------------------------------------------------
// LINE Conversion API: POST /v1/{tag-id}/events

const lineEvent = (now: number) =>
  z.object({
    event: z
      .object({
        event_type: z.enum(['conversion', 'page_view']),
        event_name: z.string().min(1).optional(),
        event_timestamp: unixSeconds(now),
        deduplication_key: z.string().min(1).optional(),
        source_type: z.literal('web'),
      })
      .superRefine((event, ctx) => {
        if (event.event_type === 'conversion' && !event.event_name) missing(ctx, ['event_name'])
      }),
    user: z
      .object({
        email: hashed.optional(),
        phone: hashed.optional(),
        browser_id: z.string().min(1).optional(),
        click_id: z.string().min(1).optional(),
      })
      .refine((user) => Object.values(user).some((value) => value !== undefined), {
        error: 'needs at least one of email, phone, browser_id, click_id',
      }),
    web: z.object({
      url: webUrl,
      referrer: webUrl.optional(),
      ip_address: ip.optional(),
      user_agent: z.string().min(1).optional(),
    }),
    custom: z.record(z.string(), z.unknown()).optional(),
  })

/** LINE's success answer: an empty object (assumed; any 2xx should be read as success). */
export type LineAnswer = Record<string, never>

/** LINE Conversion API: 400 with one `details` entry per failing property. */
export const validateLine = (
  body: unknown,
  { now }: ValidationContext,
): Validation<LineAnswer, LineError> => {
  const parsed = z.object({ events: z.array(lineEvent(now)).min(1).max(1000) }).safeParse(body, parseOptions)
  if (!parsed.success) {
    const problems = problemsOf(parsed.error)
    const properties = problems.map((p) => ({ property: p.path, message: p.message }))
    return { ok: false, status: 400, error: lineError('invalid', { id: '', properties }), problems }
  }
  return {
    ok: true,
    status: 200,
    answer: {},
    events: parsed.data.events.map(({ event }) => ({
      eventId: event.deduplication_key ?? null,
      eventName: event.event_name ?? event.event_type,
      eventTime: event.event_timestamp,
      testEventCode: null,
    })),
    problems: [],
  }
}

// ---------------------------------------------------------------------------------------------
// TikTok Events API 2.0: POST /open_api/v1.3/event/track/

const tiktokEvent = (now: number) =>
  z.object({
    event: z.string().min(1),
    event_time: unixSeconds(now),
    event_id: z.string().min(1).optional(),
    user: z.object({
      email: hashedOneOrMany.optional(),
      phone: hashedOneOrMany.optional(),
      external_id: hashedOneOrMany.optional(),
      ttclid: z.string().min(1).optional(),
      ttp: z.string().min(1).optional(),
      ip: ip.optional(),
      user_agent: z.string().min(1).optional(),
      locale: z.string().min(1).optional(),
    }),
    page: z.object({ url: webUrl, referrer: webUrl.optional() }),
    properties: z.object({ value: z.number().optional(), currency: currency.optional() }).optional(),
  })

const tiktokBody = (now: number) =>
  z.object({
    event_source: z.literal('web'),
    event_source_id: z.string().min(1),
    test_event_code: z.string().min(1).optional(),
    data: z.array(tiktokEvent(now)).min(1).max(1000),
  })

/** TikTok Events API: an error is a non-zero `code` under HTTP 200, as TikTok answers. */
export const validateTikTok = (
  body: unknown,
  { now, id }: ValidationContext,
): Validation<TikTokAnswer, TikTokAnswer> => {
  const parsed = tiktokBody(now).safeParse(body, parseOptions)
  if (!parsed.success) {
    const problems = problemsOf(parsed.error)
    return {
      ok: false,
      status: 200,
      error: tiktokError('invalid', { id, detail: problemText(problems) }),
      problems,
    }
  }
  const testEventCode = parsed.data.test_event_code ?? null
  return {
    ok: true,
    status: 200,
    answer: { code: 0, message: 'OK', request_id: id, data: {} },
    events: parsed.data.data.map((e) => ({
      eventId: e.event_id ?? null,
      eventName: e.event,
      eventTime: e.event_time,
      testEventCode,
    })),
    problems: [],
  }
}

// ---------------------------------------------------------------------------------------------
// Google Ads API: POST /{version}/customers/{customer-id}:uploadClickConversions

/** `yyyy-mm-dd hh:mm:ss+|-hh:mm`, the only form Google documents for conversionDateTime. */
const GOOGLE_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})([+-])(\d{2}):(\d{2})$/

/** Milliseconds since the epoch of a Google date time, or null when it is not a real time. */
export const googleDateTimeMs = (text: string): number | null => {
  const m = GOOGLE_DATE_TIME.exec(text)
  if (!m) return null
  // Groups 1–6 the date and time, 7 the offset's sign, 8–9 its hours and minutes.
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0, oh = 0, om = 0] = [1, 2, 3, 4, 5, 6, 8, 9].map((i) =>
    Number(m[i]),
  )
  const local = Date.UTC(y, mo - 1, d, h, mi, s)
  const back = new Date(local)
  const real =
    back.getUTCFullYear() === y &&
    back.getUTCMonth() === mo - 1 &&
    back.getUTCDate() === d &&
    h < 24 &&
    mi < 60 &&
    s < 60 &&
    oh <= 14 &&
    om < 60
  if (!real) return null
  return local - (m[7] === '-' ? -1 : 1) * (oh * 60 + om) * 60_000
}

const CONVERSION_ACTION = /^customers\/(\d+)\/conversionActions\/(\d+)$/

const userIdentifier = z
  .object({
    hashedEmail: hashed.optional(),
    hashedPhoneNumber: hashed.optional(),
    addressInfo: z.record(z.string(), z.unknown()).optional(),
    userIdentifierSource: z.enum(['FIRST_PARTY', 'THIRD_PARTY', 'UNSPECIFIED', 'UNKNOWN']).optional(),
  })
  .refine(
    (u) => [u.hashedEmail, u.hashedPhoneNumber, u.addressInfo].filter((v) => v !== undefined).length === 1,
    { error: 'must set exactly one of hashedEmail, hashedPhoneNumber, addressInfo' },
  )

const clickConversion = (now: number, customerId: string) =>
  z
    .object({
      gclid: z.string().min(1).optional(),
      gbraid: z.string().min(1).optional(),
      wbraid: z.string().min(1).optional(),
      conversionAction: z
        .string()
        .regex(CONVERSION_ACTION, { error: 'must be customers/{customerId}/conversionActions/{id}' }),
      conversionDateTime: z.string().superRefine((text, ctx) => {
        const at = googleDateTimeMs(text)
        if (at === null) ctx.addIssue({ code: 'custom', message: "must be 'yyyy-mm-dd hh:mm:ss+|-hh:mm'" })
        else if (at > now + CLOCK_SKEW_S * 1000)
          ctx.addIssue({ code: 'custom', message: 'is in the future (check the time zone offset)' })
      }),
      conversionValue: z.number().optional(),
      currencyCode: currency.optional(),
      orderId: z.string().min(1).optional(),
      userIdentifiers: z.array(userIdentifier).max(5).optional(),
      consent: z
        .object({
          adUserData: z.enum(['GRANTED', 'DENIED', 'UNSPECIFIED', 'UNKNOWN']).optional(),
          adPersonalization: z.enum(['GRANTED', 'DENIED', 'UNSPECIFIED', 'UNKNOWN']).optional(),
        })
        .optional(),
    })
    .superRefine((c, ctx) => {
      const clickIds = [c.gclid, c.gbraid, c.wbraid].filter((v) => v !== undefined).length
      if (clickIds > 1)
        ctx.addIssue({
          code: 'custom',
          path: ['gclid'],
          message: 'only one of gclid, gbraid, wbraid may be set',
        })
      if (clickIds === 0 && !c.userIdentifiers?.length)
        ctx.addIssue({
          code: 'custom',
          path: ['userIdentifiers'],
          message: 'is required when no gclid, gbraid or wbraid is given (enhanced conversions for leads)',
        })
      const owner = CONVERSION_ACTION.exec(c.conversionAction)?.[1]
      if (owner !== undefined && owner !== customerId)
        ctx.addIssue({
          code: 'custom',
          path: ['conversionAction'],
          message: `belongs to customer ${owner}, not ${customerId}`,
        })
    })

const googleBody = z.object({
  conversions: z.array(z.unknown()).min(1).max(2000),
  partialFailure: z.literal(true, {
    error: says('must be true: uploadClickConversions requires partial failure'),
  }),
  validateOnly: z.boolean().optional(),
  debugEnabled: z.boolean().optional(),
  jobId: z.number().int().optional(),
})

/** Google's REST answer: one result per conversion (`{}` for a failed one) and the failures. */
export interface GoogleAnswer {
  results?: Record<string, unknown>[]
  partialFailureError?: GoogleStatus
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** A zod issue as a GoogleAdsError: proto (snake_case) field names in the location, as Google reports. */
const googleAdsError = (issue: z.core.$ZodIssue, index: number | null): GoogleAdsError => {
  const path: PropertyKey[] = index === null ? issue.path : ['conversions', index, ...issue.path]
  const elements: { fieldName: string; index?: number }[] = []
  for (const key of path) {
    const last = elements.at(-1)
    if (typeof key === 'number' && last) last.index = key
    else elements.push({ fieldName: snakeCase(String(key)) })
  }
  const field = elements.at(-1)?.fieldName
  const errorCode: Record<string, string> =
    issue.message === REQUIRED
      ? { fieldError: 'REQUIRED' }
      : field === 'conversion_date_time' && !issue.message.startsWith('is in the future')
        ? { dateError: 'INVALID_STRING_DATE_TIME_SECONDS_WITH_OFFSET' }
        : field === 'conversion_action' && issue.code !== 'custom'
          ? { requestError: 'RESOURCE_NAME_MALFORMED' }
          : { fieldError: 'INVALID_VALUE' }
  return {
    errorCode,
    message: `${field ?? 'request'} ${issue.message}`,
    ...(elements.length ? { location: { fieldPathElements: elements } } : {}),
  }
}

const locationText = (error: GoogleAdsError) =>
  (error.location?.fieldPathElements ?? [])
    .map((e) => (e.index === undefined ? e.fieldName : `${e.fieldName}[${e.index}]`))
    .join('.')

export interface GooglePath {
  /** The API version of the path (`v17`). */
  version: string
  customerId: string
}

/**
 * Google Ads uploadClickConversions. A wrong request (no `partialFailure: true`, no conversions,
 * a customer id with dashes) is a 400; a wrong conversion is not: the answer is 200 with `{}` in
 * its place in `results` and the reason in `partialFailureError`, so the client must read it.
 */
export const validateGoogle = (
  body: unknown,
  { version, customerId }: GooglePath,
  { now, id }: ValidationContext,
): Validation<GoogleAnswer, GoogleError> => {
  const refuse = (errors: GoogleAdsError[]): Validation<GoogleAnswer, GoogleError> => {
    const base = googleError('invalid', 400, { id, version })
    const error = {
      error: { ...base.error, details: [{ '@type': googleAdsFailureType(version), errors, requestId: id }] },
    }
    const problems = errors.map((e) => ({ path: locationText(e), message: e.message }))
    return { ok: false, status: 400, error, problems }
  }
  if (!/^\d{10}$/.test(customerId))
    return refuse([
      {
        errorCode: { requestError: 'INVALID_CUSTOMER_ID' },
        message: 'Customer id must be 10 digits, no dashes.',
      },
    ])
  const request = googleBody.safeParse(body, parseOptions)
  if (!request.success) return refuse(request.error.issues.map((issue) => googleAdsError(issue, null)))

  const schema = clickConversion(now, customerId)
  const failures: GoogleAdsError[] = []
  const results: Record<string, unknown>[] = []
  const events: AcceptedEvent[] = []
  for (const [index, raw] of request.data.conversions.entries()) {
    const row = schema.safeParse(raw, parseOptions)
    if (!row.success) {
      failures.push(...row.error.issues.map((issue) => googleAdsError(issue, index)))
      results.push({})
      continue
    }
    const c = row.data
    results.push({
      ...(c.gclid ? { gclid: c.gclid } : {}),
      ...(c.gbraid ? { gbraid: c.gbraid } : {}),
      ...(c.wbraid ? { wbraid: c.wbraid } : {}),
      conversionAction: c.conversionAction,
      conversionDateTime: c.conversionDateTime,
      ...(c.userIdentifiers ? { userIdentifiers: c.userIdentifiers } : {}),
    })
    events.push({
      eventId: c.orderId ?? null,
      eventName: c.conversionAction,
      eventTime: c.conversionDateTime,
      testEventCode: null,
    })
  }
  const problems = failures.map((e) => ({ path: locationText(e), message: e.message }))
  const partialFailureError: GoogleStatus | undefined = failures.length
    ? {
        code: 3,
        message: failures.map((e) => `${e.message}, at ${locationText(e)}`).join(', '),
        details: [{ '@type': googleAdsFailureType(version), errors: failures, requestId: id }],
      }
    : undefined
  // validateOnly checks without uploading: no results and nothing received.
  const validateOnly = request.data.validateOnly === true
  return {
    ok: true,
    status: 200,
    answer: {
      ...(validateOnly ? {} : { results }),
      ...(partialFailureError ? { partialFailureError } : {}),
    },
    events: validateOnly ? [] : events,
    problems,
  }
}
