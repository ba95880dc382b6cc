import type { ConversionContext } from '@swipe/shared/schemas/visitor-forms'
import { type ConversionPlatform, hashedEmail, hashedPhone } from '@swipe/shared/site/conversions-normalise'
import { type ServerEvent, type SiteConversions, VENDOR_EVENTS } from '@swipe/shared/site/tags-vendors'
import type { ConversionApi } from '../platform/ad-platforms.ts'

/**
 * The four server-side conversion APIs as the product speaks them (issue 32 Deliver 4;
 * docs/decisions/0062-server-side-conversions.md): what one conversion becomes for each platform,
 * and how each platform's answer reads. Pure: no I/O (./site-conversions.ts stores, sends and
 * retries). Every identifier is normalised and SHA-256-hashed by the platform's own rules
 * (shared/src/site/conversions-normalise.ts) before it is put in a request; an address or a number
 * in clear is never in one.
 *
 * - Meta Conversions API: `POST /{version}/{pixel id}/events`, the token as `access_token` in the
 *   body (never in a URL a log could keep), `event_id` for deduplication with the Pixel's `eventID`.
 * - LINE Conversion API: `POST /v1/{LINE Tag id}/events`, Bearer token, `deduplication_key`.
 * - TikTok Events API 2.0: `POST /open_api/v1.3/event/track/`, `Access-Token`, `event_id`.
 * - Google Ads API: `POST /{version}/customers/{id}:uploadClickConversions` (enhanced conversions
 *   for leads: the hashed email and phone, the gclid when there is one), Bearer from the OAuth
 *   refresh-token grant, `developer-token`, `orderId` = the event id.
 */

/** The API versions the requests name (the platforms retire old ones: update here). */
export const META_GRAPH_VERSION = 'v21.0'
export const GOOGLE_ADS_VERSION = 'v21'

/** One completed conversion of a visitor, as the endpoint that took it knows it. */
export interface ConversionOccurrence {
  event: ServerEvent
  eventId: string
  /** When it happened (ms since the epoch). */
  at: number
  email?: string | undefined
  phone?: string | undefined
  /** The page's context, sent only with `consent: 'granted'`. */
  context: ConversionContext
  ip?: string | undefined
  userAgent?: string | undefined
}

/** What is stored and sent for one platform, without credentials: the API, path and JSON body. */
export interface ConversionRequest {
  api: ConversionPlatform
  path: string
  body: Record<string, unknown>
}

const seconds = (ms: number) => Math.floor(ms / 1000)
const defined = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T

/** `_fbc` from the landing's `fbclid`: `fb.1.<first seen, ms>.<fbclid>` (Meta's documented format). */
export const fbcOf = (context: ConversionContext, at: number): string | undefined => {
  const fbclid = context.clicks?.fbclid
  return fbclid ? `fb.1.${context.clickAt ?? at}.${fbclid}` : undefined
}

/** Google's `yyyy-mm-dd hh:mm:ss+09:00` in Japan's time (Japan has no daylight saving). */
export const googleDateTime = (ms: number): string => {
  const jst = new Date(ms + 9 * 3_600_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${jst.getUTCFullYear()}-${pad(jst.getUTCMonth() + 1)}-${pad(jst.getUTCDate())} ${pad(
    jst.getUTCHours(),
  )}:${pad(jst.getUTCMinutes())}:${pad(jst.getUTCSeconds())}+09:00`
}

const standardName = (vendor: 'metaPixel' | 'tiktokPixel' | 'lineTag', event: ServerEvent) => {
  const mapped = VENDOR_EVENTS[vendor][event]
  return mapped && mapped.kind !== 'creator' ? mapped.name : event
}

const hashes = async (o: ConversionOccurrence, platform: ConversionPlatform) => ({
  email: o.email ? ((await hashedEmail(o.email, platform)) ?? undefined) : undefined,
  phone: o.phone ? ((await hashedPhone(o.phone, platform)) ?? undefined) : undefined,
})

/**
 * The request for one platform, or undefined when the occurrence carries nothing that platform
 * matches a person by (no email, phone or click id of its own), so nothing is sent to it.
 */
export const buildConversionRequest = async (
  platform: ConversionPlatform,
  destinations: SiteConversions,
  o: ConversionOccurrence,
): Promise<ConversionRequest | undefined> => {
  const { email, phone } = await hashes(o, platform)
  const c = o.context
  const pageUrl = c.pageUrl
  switch (platform) {
    case 'meta': {
      const d = destinations.meta
      if (!d || !pageUrl || !o.userAgent) return undefined
      const fbc = fbcOf(c, o.at)
      if (!email && !phone && !fbc && !c.fbp) return undefined
      return {
        api: 'meta',
        path: `/${META_GRAPH_VERSION}/${d.pixelId}/events`,
        body: defined({
          data: [
            {
              event_name: standardName('metaPixel', o.event),
              event_time: seconds(o.at),
              event_id: o.eventId,
              action_source: 'website',
              event_source_url: pageUrl,
              user_data: defined({
                em: email ? [email] : undefined,
                ph: phone ? [phone] : undefined,
                fbc,
                fbp: c.fbp,
                client_ip_address: o.ip,
                client_user_agent: o.userAgent,
              }),
            },
          ],
          test_event_code: d.testEventCode,
        }),
      }
    }
    case 'line': {
      const d = destinations.line
      const clickId = c.clicks?.ldtag_cl
      if (!d || !pageUrl || (!email && !phone && !clickId)) return undefined
      return {
        api: 'line',
        path: `/v1/${d.tagId}/events`,
        body: {
          events: [
            {
              event: {
                event_type: 'conversion',
                event_name: standardName('lineTag', o.event),
                event_timestamp: seconds(o.at),
                deduplication_key: o.eventId,
                source_type: 'web',
              },
              user: defined({ email, phone, click_id: clickId }),
              web: defined({
                url: pageUrl,
                referrer: c.referrer,
                ip_address: o.ip,
                user_agent: o.userAgent,
              }),
            },
          ],
        },
      }
    }
    case 'tiktok': {
      const d = destinations.tiktok
      const ttclid = c.clicks?.ttclid
      if (!d || !pageUrl || (!email && !phone && !ttclid && !c.ttp)) return undefined
      return {
        api: 'tiktok',
        path: '/open_api/v1.3/event/track/',
        body: defined({
          event_source: 'web',
          event_source_id: d.pixelCode,
          test_event_code: d.testEventCode,
          data: [
            {
              event: standardName('tiktokPixel', o.event),
              event_time: seconds(o.at),
              event_id: o.eventId,
              user: defined({
                email,
                phone,
                ttclid,
                ttp: c.ttp,
                ip: o.ip,
                user_agent: o.userAgent,
              }),
              page: defined({ url: pageUrl, referrer: c.referrer }),
            },
          ],
        }),
      }
    }
    case 'google': {
      const d = destinations.google
      if (!d) return undefined
      // One click id at most (Google refuses two); the gclid first.
      const click = (['gclid', 'gbraid', 'wbraid'] as const).find((k) => c.clicks?.[k])
      const identifiers = [
        ...(email ? [{ hashedEmail: email }] : []),
        ...(phone ? [{ hashedPhoneNumber: phone }] : []),
      ]
      if (!click && identifiers.length === 0) return undefined
      return {
        api: 'google',
        path: `/${GOOGLE_ADS_VERSION}/customers/${d.customerId}:uploadClickConversions`,
        body: defined({
          conversions: [
            defined({
              ...(click ? { [click]: c.clicks?.[click] } : {}),
              conversionAction: `customers/${d.customerId}/conversionActions/${d.conversionActionId}`,
              conversionDateTime: googleDateTime(o.at),
              orderId: o.eventId,
              userIdentifiers: identifiers.length
                ? identifiers.map((i) => ({ ...i, userIdentifierSource: 'FIRST_PARTY' }))
                : undefined,
              consent: { adUserData: 'GRANTED', adPersonalization: 'GRANTED' },
            }),
          ],
          partialFailure: true,
          validateOnly: d.validateOnly || undefined,
        }),
      }
    }
  }
}

/** Whether the destination sends in the platform's test mode (never counted as real deliveries). */
export const isTestMode = (platform: ConversionPlatform, destinations: SiteConversions): boolean => {
  switch (platform) {
    case 'meta':
      return Boolean(destinations.meta?.testEventCode)
    case 'tiktok':
      return Boolean(destinations.tiktok?.testEventCode)
    case 'google':
      return destinations.google?.validateOnly === true
    case 'line':
      return false
  }
}

/** The HTTP request to send: URL, headers and body, with the credentials put where each API wants them. */
export const authorisedRequest = (
  request: ConversionRequest,
  origin: (api: ConversionApi) => string,
  credentials: Readonly<Record<string, string>>,
  extra: { googleAccessToken?: string; loginCustomerId?: string | undefined } = {},
): { url: string; headers: Record<string, string>; body: string } => {
  const url = `${origin(request.api)}${request.path}`
  switch (request.api) {
    case 'meta':
      return {
        url,
        headers: {},
        body: JSON.stringify({ ...request.body, access_token: credentials.accessToken }),
      }
    case 'line':
      return {
        url,
        headers: { authorization: `Bearer ${credentials.accessToken}` },
        body: JSON.stringify(request.body),
      }
    case 'tiktok':
      return {
        url,
        headers: { 'access-token': credentials.accessToken ?? '' },
        body: JSON.stringify(request.body),
      }
    case 'google':
      return {
        url,
        headers: {
          authorization: `Bearer ${extra.googleAccessToken ?? ''}`,
          'developer-token': credentials.developerToken ?? '',
          ...(extra.loginCustomerId ? { 'login-customer-id': extra.loginCustomerId } : {}),
        },
        body: JSON.stringify(request.body),
      }
  }
}

/** What an answer means: delivered, try again later, or refused for good (with the platform's words). */
export type AnswerVerdict = { outcome: 'delivered' } | { outcome: 'retry' | 'failed'; message: string }

const RETRY_STATUSES = (status: number) => status === 408 || status === 429 || status >= 500

const parse = (text: string | undefined): Record<string, unknown> | undefined => {
  if (!text) return undefined
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined)
const cut = (text: string) => text.slice(0, 500)

/** TikTok's codes that mean "later": rate limited (40100), its own failures (5xxxx). */
const TIKTOK_RETRY = (code: number) => code === 40100 || (code >= 50000 && code < 60000)

/**
 * Reads a platform's answer: Meta, LINE and Google by HTTP status (Google's partial failure under
 * 200 is a failure of the one conversion sent), TikTok by its `code` under HTTP 200. 408, 429 and
 * 5xx are tried again; any other refusal is final, with the platform's message kept.
 */
export const readAnswer = (
  api: ConversionPlatform,
  status: number,
  text: string | undefined,
): AnswerVerdict => {
  const body = parse(text)
  const error = body?.error as Record<string, unknown> | undefined
  const message =
    str(error?.message) ??
    str(body?.message) ??
    str((body as { error_description?: unknown } | undefined)?.error_description) ??
    `HTTP ${status}`
  if (status < 200 || status >= 300)
    return { outcome: RETRY_STATUSES(status) ? 'retry' : 'failed', message: cut(message) }
  if (api === 'tiktok') {
    const code = typeof body?.code === 'number' ? body.code : 0
    if (code === 0) return { outcome: 'delivered' }
    return { outcome: TIKTOK_RETRY(code) ? 'retry' : 'failed', message: cut(`${code} ${message}`) }
  }
  if (api === 'google') {
    const partial = body?.partialFailureError as { message?: unknown } | undefined
    if (partial) return { outcome: 'failed', message: cut(str(partial.message) ?? 'partial failure') }
  }
  return { outcome: 'delivered' }
}
