import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import { CELL_PATTERN } from '../site/cells.ts'
import { VITALS_METRICS, VITALS_VALUE_MAX } from '../site/vitals.ts'
import { SITE_LANGUAGES, type SiteLanguage } from './site-builder.ts'

/**
 * What published sites send to the API (SPEC §7 End user; docs/decisions/0026-end-user-read-api.md):
 * the read endpoints' queries and the analytics beacons. The visitor island stays vanilla (no zod),
 * so these are the server's contract, written down once.
 */

/** URL segment (and `lang` cookie value) of each content language (SPEC §1: JP→ja, KR→kr, CN→cn, EN→en). */
const SEGMENT_LANGUAGES: Record<string, SiteLanguage> = { ja: 'JP', en: 'EN', cn: 'CN', kr: 'KR' }

/** A content language from its code (`JP`) or its URL segment (`ja`), any case; undefined otherwise. */
export const siteLanguageOf = (value: string | null | undefined): SiteLanguage | undefined => {
  const text = value?.trim() ?? ''
  const upper = text.toUpperCase()
  if ((SITE_LANGUAGES as readonly string[]).includes(upper)) return upper as SiteLanguage
  return SEGMENT_LANGUAGES[text.toLowerCase()]
}

/** A cell reference (A1 … Z100). */
export const cellSchema = /* @__PURE__ */ lazySchema(() =>
  z.string().regex(CELL_PATTERN, { error: 'validation.invalid' }),
)

/**
 * `?lang=` of the read endpoints: a code or segment. Anything else reads as "not given", so the
 * site's default language answers (a stale link never breaks a page).
 */
const lenientLanguage = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .max(16)
    .optional()
    .transform((v) => siteLanguageOf(v)),
)

export const VisitorLangQuery = /* @__PURE__ */ lazySchema(() => z.object({ lang: lenientLanguage }))

/** GET /end-user/site/{siteId}/product/public */
export const VisitorProductQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({ lang: lenientLanguage, position: cellSchema }),
)

/** GET /end-user/site/{siteId}/cta: `position`, when given, is the sheet `active` is answered for. */
export const VisitorCtaQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({ lang: lenientLanguage, position: cellSchema.optional() }),
)

/** GET /end-user/site: the Host a visitor opened (a port is ignored) and the path. */
export const ResolveSiteQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    domain: z.string().trim().min(1, { error: 'validation.required' }).max(300),
    path: z.string().max(2048).default('/'),
  }),
)

/** Limits of the analytics beacon endpoint (docs/decisions/0032-analytics-collection.md). */
export const ANALYTICS_LIMITS = {
  /** Bytes of one request body (a beacon is a few hundred). */
  maxBodyBytes: 16 * 1024,
  /** Events in one request. */
  maxEvents: 50,
  /** A dwell longer than this (30 minutes) counts as this long: a tab left open is not attention. */
  maxDwellMs: 30 * 60_000,
} as const

export const CLICK_TARGETS = ['link', 'product', 'sns', 'cta'] as const
export const ANALYTICS_EVENTS = ['view', 'swipe', 'click', 'product', 'cta', 'dwell', 'vitals'] as const

/** The language of a beacon must be one (the island sends the segment: `ja`, `en`, `cn`, `kr`). */
const strictLanguage = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .max(16)
    .transform((v, ctx) => {
      const lang = siteLanguageOf(v)
      if (!lang) {
        ctx.addIssue({ code: 'custom', message: 'validation.invalid' })
        return z.NEVER
      }
      return lang
    }),
)

const common = /* @__PURE__ */ lazySchema(() => ({
  siteId: z.string().min(1).max(64),
  lang: strictLanguage,
  /** The client's clock, informative only: the day a beacon counts for is the server's (JST). */
  at: z.number().optional(),
}))

/** A referrer host or UTM value: trimmed, lower-cased, at most 100 characters (longer is cut). */
const sourceText = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .max(2_000)
    .transform((v) => v.trim().toLowerCase().slice(0, 100)),
)

const AnalyticsEventObject = /* @__PURE__ */ lazySchema(() =>
  z.discriminatedUnion('event', [
    z.object({
      ...common,
      event: z.literal('view'),
      position: cellSchema,
      /** Where the visit came from, on the landing view: the referrer's host (another site's). */
      ref: sourceText.optional(),
      /** The landing URL's `utm_source`, `utm_medium`, `utm_campaign`. */
      utmSource: sourceText.optional(),
      utmMedium: sourceText.optional(),
      utmCampaign: sourceText.optional(),
    }),
    z.object({
      ...common,
      event: z.literal('swipe'),
      position: cellSchema.optional(),
      from: cellSchema,
      to: cellSchema,
      via: z.string().max(16).optional(),
      /** The visit reaches `to` for the first time (the reach of a creative counts each visit once). */
      first: z.boolean().optional(),
    }),
    z.object({ ...common, event: z.literal('click'), position: cellSchema, target: z.enum(CLICK_TARGETS) }),
    z.object({
      ...common,
      event: z.literal('product'),
      position: cellSchema,
      product: z.string().max(16).optional(),
    }),
    z.object({
      ...common,
      event: z.literal('cta'),
      position: cellSchema,
      cta: z.number().int().min(0).max(19),
    }),
    z.object({
      ...common,
      event: z.literal('dwell'),
      position: cellSchema,
      durationMs: z
        .number()
        .min(0)
        .transform((v) => Math.min(Math.round(v), ANALYTICS_LIMITS.maxDwellMs)),
    }),
    /**
     * One Web Vital of a sampled page view (docs/decisions/0071-field-web-vitals.md): its metric and a
     * finite value from 0 to the metric's maximum (milliseconds; CLS unitless). The device class is
     * the server's, from the request's user agent.
     */
    z
      .object({
        ...common,
        event: z.literal('vitals'),
        position: cellSchema,
        metric: z.enum(VITALS_METRICS),
        value: z.number().min(0),
      })
      .superRefine((value, ctx) => {
        if (value.value > VITALS_VALUE_MAX[value.metric])
          ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.invalid' })
      }),
  ]),
)

/** The island names the site `site`; API clients may say `site_id`. */
const withSiteId = (value: unknown) => {
  if (
    value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !('siteId' in value) &&
    'site' in value
  ) {
    const { site, ...rest } = value as Record<string, unknown>
    return { ...rest, siteId: site }
  }
  return value
}

/** One analytics event (SPEC §1 swipe analytics), as `track(event)` in web-site's island sends it. */
export const AnalyticsEventSchema = /* @__PURE__ */ lazySchema(() =>
  z.preprocess(withSiteId, AnalyticsEventObject),
)
export type AnalyticsEvent = z.output<typeof AnalyticsEventSchema>

/**
 * POST /analytics/events: one event, an array of events, or `{ events: [...] }`, 1 to 50 events.
 * Either every event is valid or none is counted.
 */
export const AnalyticsBody = /* @__PURE__ */ lazySchema(() =>
  z.preprocess(
    (value) => {
      if (Array.isArray(value)) return value
      if (value && typeof value === 'object' && Array.isArray((value as { events?: unknown }).events))
        return (value as { events: unknown[] }).events
      return [value]
    },
    z
      .array(AnalyticsEventSchema)
      .min(1, { error: 'validation.required' })
      .max(ANALYTICS_LIMITS.maxEvents, { error: 'validation.tooMany' }),
  ),
)
