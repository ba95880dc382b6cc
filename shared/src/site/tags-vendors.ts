import * as z from 'zod'
import type { MessageKey } from '../i18n/catalog.ts'
import type { Locale } from '../i18n/locales.ts'
import { lazySchema } from '../lazy-schema.ts'
import { CONSENT_EVENT, CONSENT_STORAGE_KEY } from './consent.ts'
import { CONVERSION_PLATFORMS, type ConversionPlatform } from './conversions-normalise.ts'

/**
 * Ad and analytics tags by ID. A published page's Content-Security-Policy runs no inline code
 * (infra/lib/sites/headers.ts), so a pasted vendor snippet never runs. The creator enters each
 * vendor's ID instead; at publish one first-party file `assets/tags.<hash>.js` (admitted by
 * `'self'`) is written from `tagsScriptSource`, and it loads each vendor's official loader only once
 * the visitor consents. This module is everything the platform knows about the vendors: the IDs'
 * formats, the hosts the loaders need, how product events map to vendor events, and the rows of the
 * 外部送信に関する公表事項 (Telecommunications Business Act, art. 27-12). Pure: no DOM, no I/O.
 */

export const AD_VENDORS = [
  'gtm',
  'ga4',
  'googleAds',
  'metaPixel',
  'lineTag',
  'yahooAds',
  'tiktokPixel',
  'xPixel',
] as const
export type AdVendor = (typeof AD_VENDORS)[number]

/** What a visitor does on a swipe page that a tag may report. */
export const PRODUCT_EVENTS = [
  'pageView',
  'cellReached',
  'linkClick',
  'ctaClick',
  'contactSent',
  'homepageFormSent',
  'memberRegistered',
] as const
export type ProductEvent = (typeof PRODUCT_EVENTS)[number]

/** The CSP directives a loader needs hosts in (as `https://host` sources, `*.` for any sub-host). */
export type CspDirective = 'script-src' | 'connect-src' | 'img-src' | 'frame-src'

export interface AdVendorInfo {
  /** The brand as the vendor writes it in each language. */
  name: Readonly<Record<Locale, string>>
  /** Who receives the data (the notice's 送信先), per language. */
  recipient: Readonly<Record<Locale, string>>
  policyUrl: string
  /** The official loader's URL without its query. */
  loaderUrl: string
  csp: Readonly<Record<CspDirective, readonly string[]>>
  /**
   * Whether the vendor lets a creator run code of their own through it (GTM custom HTML tags and
   * custom JavaScript variables): that code is inline and never runs under the page's CSP.
   */
  needsInlineScripts: boolean
  /** Why such code does not run, for the editor (only when `needsInlineScripts`). */
  inlineScriptsNote?: MessageKey
}

const same = (text: string): Record<Locale, string> => ({ ja: text, en: text, zh: text, ko: text })

const GOOGLE = {
  recipient: same('Google LLC'),
  policyUrl: 'https://policies.google.com/privacy',
} as const
const LY = {
  recipient: { ja: 'LINEヤフー株式会社', en: 'LY Corporation', zh: 'LY Corporation', ko: 'LY Corporation' },
  policyUrl: 'https://www.lycorp.co.jp/ja/company/privacypolicy/',
} as const
const NONE: readonly string[] = []

/** Per vendor: brand, recipient, policy, loader and the hosts it reaches (the vendors' CSP guides). */
export const AD_VENDOR_INFO: Readonly<Record<AdVendor, AdVendorInfo>> = {
  gtm: {
    name: {
      ja: 'Google タグ マネージャー',
      en: 'Google Tag Manager',
      zh: 'Google 跟踪代码管理器',
      ko: 'Google 태그 관리자',
    },
    ...GOOGLE,
    loaderUrl: 'https://www.googletagmanager.com/gtm.js',
    csp: {
      'script-src': ['https://www.googletagmanager.com'],
      'connect-src': ['https://www.googletagmanager.com'],
      'img-src': ['https://www.googletagmanager.com'],
      'frame-src': NONE,
    },
    needsInlineScripts: true,
    inlineScriptsNote: 'adTags.inlineScripts',
  },
  ga4: {
    name: {
      ja: 'Google アナリティクス 4',
      en: 'Google Analytics 4',
      zh: 'Google Analytics 4',
      ko: 'Google 애널리틱스 4',
    },
    ...GOOGLE,
    loaderUrl: 'https://www.googletagmanager.com/gtag/js',
    csp: {
      'script-src': ['https://*.googletagmanager.com'],
      'connect-src': [
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
        'https://*.googletagmanager.com',
      ],
      'img-src': ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
      'frame-src': NONE,
    },
    needsInlineScripts: false,
  },
  googleAds: {
    name: { ja: 'Google 広告', en: 'Google Ads', zh: 'Google Ads', ko: 'Google Ads' },
    ...GOOGLE,
    loaderUrl: 'https://www.googletagmanager.com/gtag/js',
    csp: {
      'script-src': [
        'https://www.googletagmanager.com',
        'https://www.googleadservices.com',
        'https://www.google.com',
        'https://googleads.g.doubleclick.net',
      ],
      'connect-src': [
        'https://www.google.com',
        'https://googleads.g.doubleclick.net',
        'https://pagead2.googlesyndication.com',
        'https://www.googleadservices.com',
      ],
      'img-src': [
        'https://www.google.com',
        'https://googleads.g.doubleclick.net',
        'https://www.googleadservices.com',
      ],
      'frame-src': ['https://td.doubleclick.net', 'https://bid.g.doubleclick.net'],
    },
    needsInlineScripts: false,
  },
  metaPixel: {
    name: { ja: 'Meta ピクセル', en: 'Meta Pixel', zh: 'Meta Pixel', ko: 'Meta 픽셀' },
    recipient: same('Meta Platforms, Inc.'),
    policyUrl: 'https://www.facebook.com/privacy/policy/',
    loaderUrl: 'https://connect.facebook.net/en_US/fbevents.js',
    csp: {
      'script-src': ['https://connect.facebook.net'],
      'connect-src': ['https://www.facebook.com', 'https://connect.facebook.net'],
      'img-src': ['https://www.facebook.com'],
      'frame-src': NONE,
    },
    needsInlineScripts: false,
  },
  lineTag: {
    name: { ja: 'LINE Tag', en: 'LINE Tag', zh: 'LINE Tag', ko: 'LINE Tag' },
    ...LY,
    loaderUrl: 'https://d.line-scdn.net/n/line_tag/public/release/v1/lt.js',
    csp: {
      'script-src': ['https://d.line-scdn.net'],
      'connect-src': ['https://tr.line.me'],
      'img-src': ['https://tr.line.me'],
      'frame-src': NONE,
    },
    needsInlineScripts: false,
  },
  yahooAds: {
    name: { ja: 'Yahoo!広告', en: 'Yahoo! JAPAN Ads', zh: 'Yahoo! JAPAN 广告', ko: 'Yahoo! JAPAN 광고' },
    ...LY,
    loaderUrl: 'https://s.yimg.jp/images/listing/tool/cv/ytag.js',
    csp: {
      'script-src': ['https://s.yimg.jp', 'https://*.yahoo.co.jp'],
      'connect-src': ['https://*.yahoo.co.jp'],
      'img-src': ['https://*.yahoo.co.jp'],
      'frame-src': ['https://*.yahoo.co.jp'],
    },
    needsInlineScripts: false,
  },
  tiktokPixel: {
    name: { ja: 'TikTok ピクセル', en: 'TikTok Pixel', zh: 'TikTok Pixel', ko: 'TikTok 픽셀' },
    recipient: same('TikTok Pte. Ltd.'),
    policyUrl: 'https://www.tiktok.com/legal/page/row/privacy-policy/en',
    loaderUrl: 'https://analytics.tiktok.com/i18n/pixel/events.js',
    csp: {
      'script-src': ['https://analytics.tiktok.com'],
      'connect-src': ['https://analytics.tiktok.com'],
      'img-src': ['https://analytics.tiktok.com'],
      'frame-src': NONE,
    },
    needsInlineScripts: false,
  },
  xPixel: {
    name: { ja: 'X ピクセル', en: 'X Pixel', zh: 'X Pixel', ko: 'X 픽셀' },
    recipient: same('X Corp.'),
    policyUrl: 'https://x.com/en/privacy',
    loaderUrl: 'https://static.ads-twitter.com/uwt.js',
    csp: {
      'script-src': ['https://static.ads-twitter.com'],
      'connect-src': [
        'https://ads-twitter.com',
        'https://ads-api.twitter.com',
        'https://analytics.twitter.com',
      ],
      'img-src': ['https://t.co', 'https://analytics.twitter.com', 'https://ads-twitter.com'],
      'frame-src': NONE,
    },
    needsInlineScripts: false,
  },
}

// ---------------------------------------------------------------------------------------------
// The per-site setting

/** A trimmed ID checked against the vendor's format; every failure says that format (`key`). */
const vendorId = (pattern: RegExp, key: MessageKey, letterCase?: 'upper' | 'lower') => {
  const trimmed = z.string({ error: key }).trim()
  const cased =
    letterCase === 'upper' ? trimmed.toUpperCase() : letterCase === 'lower' ? trimmed.toLowerCase() : trimmed
  return cased.regex(pattern, { error: key })
}

/** One value per product event (a conversion label, an X event id), each optional. */
const perEvent = (value: z.ZodString) =>
  z.partialRecord(z.enum(PRODUCT_EVENTS), value, { error: 'adTags.productEvent' }).optional()

const GTM_ID = /^GTM-[A-Z0-9]{4,10}$/
const GA4_ID = /^G-[A-Z0-9]{4,12}$/
const GOOGLE_ADS_ID = /^AW-\d{6,12}$/
const GOOGLE_ADS_LABEL = /^[A-Za-z0-9_-]{8,40}$/
const META_PIXEL_ID = /^\d{15,16}$/
const LINE_TAG_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const YAHOO_CONVERSION_ID = /^\d{10}$/
const YAHOO_LABEL = /^[A-Za-z0-9_-]{4,64}$/
const YAHOO_RETARGETING_ID = /^[A-Za-z0-9]{6,20}$/
const TIKTOK_PIXEL_ID = /^[A-Z0-9]{18,22}$/
const X_PIXEL_ID = /^[a-z0-9]{5,6}$/
const X_EVENT_ID = /^[a-z0-9]{5,6}$/

const YahooAdsSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      /** Search ads (検索広告) conversion: `yahoo_conversion_id`. */
      conversionId: vendorId(YAHOO_CONVERSION_ID, 'adTags.yahooConversionId').optional(),
      /** `yahoo_conversion_label` per product event (needs `conversionId`). */
      labels: perEvent(vendorId(YAHOO_LABEL, 'adTags.yahooLabel')),
      /** Display ads (YDA) site retargeting: `yahoo_retargeting_id`. */
      retargetingId: vendorId(YAHOO_RETARGETING_ID, 'adTags.yahooRetargetingId').optional(),
    })
    .superRefine((yahoo, ctx) => {
      if (!yahoo.conversionId && !yahoo.retargetingId)
        ctx.addIssue({ code: 'custom', path: ['conversionId'], message: 'adTags.yahooNeedsId' })
      else if (!yahoo.conversionId && Object.keys(yahoo.labels ?? {}).length)
        ctx.addIssue({
          code: 'custom',
          path: ['conversionId'],
          message: 'adTags.yahooLabelsNeedConversionId',
        })
    }),
)

/** A test code of Meta's and TikTok's test-events tools (`TEST12345`). */
const TEST_EVENT_CODE = /^TEST[A-Z0-9]{1,20}$/
/** Google Ads customer ids are 10 digits (written `123-456-7890` in the Ads UI: dashes dropped). */
const GOOGLE_CUSTOMER_ID = /^\d{10}$/
const GOOGLE_CONVERSION_ACTION_ID = /^\d{1,20}$/
const GOOGLE_CLIENT_ID = /^[\w.-]{1,200}\.apps\.googleusercontent\.com$/

const customerId = (key: MessageKey) =>
  z
    .string({ error: key })
    .trim()
    .transform((v) => v.replaceAll('-', ''))
    .pipe(z.string().regex(GOOGLE_CUSTOMER_ID, { error: key }))

/**
 * Server-side conversions (issue 32 Deliver 4): per ad platform, where the site's completed forms
 * and registrations are sent from the server (deduplicated against the browser tag by the event
 * id). Only identifiers live here; each platform's access token is a secret stored apart
 * (write-only, functions/src/domain/conversions.ts). A test code (Meta, TikTok) or Google's
 * `validateOnly` sends every event in the platform's test mode; LINE has no test mode.
 */
export const ConversionsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    meta: z
      .object({
        pixelId: vendorId(META_PIXEL_ID, 'adTags.metaPixelId'),
        testEventCode: vendorId(TEST_EVENT_CODE, 'conversions.testEventCode', 'upper').optional(),
      })
      .optional(),
    line: z.object({ tagId: vendorId(LINE_TAG_ID, 'adTags.lineTagId', 'lower') }).optional(),
    tiktok: z
      .object({
        pixelCode: vendorId(TIKTOK_PIXEL_ID, 'adTags.tiktokPixelId', 'upper'),
        testEventCode: vendorId(TEST_EVENT_CODE, 'conversions.testEventCode', 'upper').optional(),
      })
      .optional(),
    google: z
      .object({
        customerId: customerId('conversions.googleCustomerId'),
        /** The manager account the credentials belong to, when it is not the customer itself. */
        loginCustomerId: customerId('conversions.googleCustomerId').optional(),
        conversionActionId: vendorId(GOOGLE_CONVERSION_ACTION_ID, 'conversions.googleConversionActionId'),
        /** The OAuth client the refresh token was issued to (its secret is stored with the token). */
        clientId: vendorId(GOOGLE_CLIENT_ID, 'conversions.googleClientId'),
        /** Google's test mode: every upload is checked and nothing is recorded. */
        validateOnly: z.boolean().default(false),
      })
      .optional(),
  }),
)
export type SiteConversions = z.output<typeof ConversionsSchema>

/** The server-side destinations the setting turns on, in `CONVERSION_PLATFORMS` order. */
export const enabledDestinations = (tags: {
  conversions?: SiteConversions | undefined
}): ConversionPlatform[] => CONVERSION_PLATFORMS.filter((p) => tags.conversions?.[p])

/** The secret fields each platform's credentials hold (write-only in the console). */
export const CONVERSION_CREDENTIALS = {
  meta: ['accessToken'],
  line: ['accessToken'],
  tiktok: ['accessToken'],
  google: ['developerToken', 'clientSecret', 'refreshToken'],
} as const satisfies Record<ConversionPlatform, readonly string[]>
export type ConversionCredentials<P extends ConversionPlatform = ConversionPlatform> = Record<
  (typeof CONVERSION_CREDENTIALS)[P][number],
  string
>

/** The product events sent server-side: the completed ones, where the visitor gave an address. */
export const SERVER_EVENTS = ['contactSent', 'homepageFormSent', 'memberRegistered'] as const
export type ServerEvent = (typeof SERVER_EVENTS)[number]

/** A server-side delivery: waiting for an attempt (or its retry), delivered, or given up. */
export const CONVERSION_DELIVERY_STATES = ['PENDING', 'DELIVERED', 'FAILED'] as const

/** The site's tags by ID and how consent is asked; every ID is validated before it is embedded. */
export const SiteTagsSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      vendors: z
        .object({
          gtm: z.object({ containerId: vendorId(GTM_ID, 'adTags.gtmId', 'upper') }).optional(),
          ga4: z.object({ measurementId: vendorId(GA4_ID, 'adTags.ga4Id', 'upper') }).optional(),
          googleAds: z
            .object({
              conversionId: vendorId(GOOGLE_ADS_ID, 'adTags.googleAdsId', 'upper'),
              /** The conversion action's label per product event; an event without one is not sent. */
              labels: perEvent(vendorId(GOOGLE_ADS_LABEL, 'adTags.googleAdsLabel')),
            })
            .optional(),
          metaPixel: z.object({ pixelId: vendorId(META_PIXEL_ID, 'adTags.metaPixelId') }).optional(),
          lineTag: z.object({ tagId: vendorId(LINE_TAG_ID, 'adTags.lineTagId', 'lower') }).optional(),
          yahooAds: YahooAdsSchema.optional(),
          tiktokPixel: z
            .object({ pixelId: vendorId(TIKTOK_PIXEL_ID, 'adTags.tiktokPixelId', 'upper') })
            .optional(),
          xPixel: z
            .object({
              pixelId: vendorId(X_PIXEL_ID, 'adTags.xPixelId', 'lower'),
              /** The event id of `tw-<pixel>-<event>` per product event; an event without one is not sent. */
              events: perEvent(vendorId(X_EVENT_ID, 'adTags.xEventId', 'lower')),
            })
            .optional(),
        })
        .default({}),
      /**
       * `opt-in`: nothing loads until the visitor agrees. `notice-only`: loads at once with the notice
       * published (the creator's choice, for tags they judge need no consent); a visitor's stored refusal is still kept.
       */
      consent: z.enum(['opt-in', 'notice-only'], { error: 'adTags.consentMode' }).default('opt-in'),
      conversions: ConversionsSchema.default({}),
    })
    // Server events carry hashed contact details: they need the visitor's consent, which only
    // `opt-in` asks for.
    .refine((tags) => tags.consent === 'opt-in' || enabledDestinations(tags).length === 0, {
      path: ['consent'],
      error: 'conversions.needsOptIn',
    }),
)
export type SiteTags = z.output<typeof SiteTagsSchema>
export type SiteTagsInput = z.input<typeof SiteTagsSchema>

/**
 * One valid ID set per vendor, in each vendor's format: the editor's placeholders, and the sample
 * site of tests and benchmarks (every vendor on).
 */
export const EXAMPLE_VENDORS = {
  gtm: { containerId: 'GTM-ABC1234' },
  ga4: { measurementId: 'G-ABC123DEF4' },
  googleAds: { conversionId: 'AW-123456789' },
  metaPixel: { pixelId: '123456789012345' },
  lineTag: { tagId: '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0' },
  yahooAds: { conversionId: '1001234567', retargetingId: 'ABCDEF1234' },
  tiktokPixel: { pixelId: 'C4ABCDEFGHIJKLMNOPQR' },
  xPixel: { pixelId: 'o1a2b' },
} as const satisfies Required<NonNullable<SiteTagsInput['vendors']>>

/** One valid destination per platform: the sample site of tests and benchmarks (every one on). */
export const EXAMPLE_DESTINATIONS = {
  meta: { pixelId: EXAMPLE_VENDORS.metaPixel.pixelId },
  line: { tagId: EXAMPLE_VENDORS.lineTag.tagId },
  tiktok: { pixelCode: EXAMPLE_VENDORS.tiktokPixel.pixelId },
  google: {
    customerId: '1234567890',
    conversionActionId: '987654',
    clientId: 'example.apps.googleusercontent.com',
  },
} as const satisfies Required<z.input<typeof ConversionsSchema>>

/** The vendors the setting turns on, in `AD_VENDORS` order. */
export const enabledVendors = (tags: SiteTags): AdVendor[] => AD_VENDORS.filter((v) => tags.vendors[v])

// ---------------------------------------------------------------------------------------------
// Product events → vendor events

/**
 * How a vendor reports a product event: one of its standard events, a custom event name, or an
 * id the creator sets per site for that event (`creator`: a Google Ads or Yahoo conversion label,
 * an X event id; without one the event is not sent); null: the vendor gets nothing for it.
 */
export type VendorEvent =
  | { kind: 'standard'; name: string }
  | { kind: 'custom'; name: string }
  | { kind: 'creator'; field: 'labels' | 'events' }
  | null

const std = (name: string): VendorEvent => ({ kind: 'standard', name })
const custom = (name: string): VendorEvent => ({ kind: 'custom', name })
const creator = (field: 'labels' | 'events'): Record<ProductEvent, VendorEvent> => ({
  pageView: { kind: 'creator', field },
  cellReached: { kind: 'creator', field },
  linkClick: { kind: 'creator', field },
  ctaClick: { kind: 'creator', field },
  contactSent: { kind: 'creator', field },
  homepageFormSent: { kind: 'creator', field },
  memberRegistered: { kind: 'creator', field },
})

/**
 * The one table of product events per vendor. GTM gets dataLayer events a container's triggers can
 * use. TikTok's `page` is `ttq.page()` and LINE's `pv` is `_lt('send', 'pv')`; LINE's other events
 * are conversions (`cv`) of that type, and only completed forms and registrations count as one.
 */
export const VENDOR_EVENTS: Readonly<Record<AdVendor, Readonly<Record<ProductEvent, VendorEvent>>>> = {
  gtm: {
    pageView: custom('swipe_page_view'),
    cellReached: custom('swipe_cell_reached'),
    linkClick: custom('swipe_link_click'),
    ctaClick: custom('swipe_cta_click'),
    contactSent: custom('swipe_contact_sent'),
    homepageFormSent: custom('swipe_homepage_form_sent'),
    memberRegistered: custom('swipe_member_registered'),
  },
  ga4: {
    pageView: std('page_view'),
    cellReached: custom('cell_reached'),
    linkClick: std('select_content'),
    ctaClick: std('select_promotion'),
    contactSent: std('generate_lead'),
    homepageFormSent: std('generate_lead'),
    memberRegistered: std('sign_up'),
  },
  googleAds: creator('labels'),
  metaPixel: {
    pageView: std('PageView'),
    cellReached: std('ViewContent'),
    linkClick: custom('LinkClick'),
    ctaClick: custom('CtaClick'),
    contactSent: std('Contact'),
    homepageFormSent: std('Lead'),
    memberRegistered: std('CompleteRegistration'),
  },
  lineTag: {
    pageView: std('pv'),
    cellReached: null,
    linkClick: null,
    ctaClick: null,
    contactSent: std('Conversion'),
    homepageFormSent: std('Conversion'),
    memberRegistered: std('Conversion'),
  },
  yahooAds: creator('labels'),
  tiktokPixel: {
    pageView: std('page'),
    cellReached: std('ViewContent'),
    linkClick: std('ClickButton'),
    ctaClick: std('ClickButton'),
    contactSent: std('Contact'),
    homepageFormSent: std('SubmitForm'),
    memberRegistered: std('CompleteRegistration'),
  },
  xPixel: creator('events'),
}

export const vendorEvent = (vendor: AdVendor, productEvent: ProductEvent): VendorEvent =>
  VENDOR_EVENTS[vendor][productEvent]

/** What one site's tag sends for a product event: the event name, or the full conversion target. */
export interface ResolvedEvent {
  name: string
  custom?: true
}

/**
 * The vendor event a site sends for a product event, with the creator's ids filled in (Google Ads
 * `AW-…/label`, Yahoo's label, X's `tw-<pixel>-<event>`); undefined when nothing is sent.
 */
export const resolveVendorEvent = (
  tags: SiteTags,
  vendor: AdVendor,
  productEvent: ProductEvent,
): ResolvedEvent | undefined => {
  const event = vendorEvent(vendor, productEvent)
  const v = tags.vendors
  if (!event || !v[vendor]) return undefined
  if (event.kind === 'standard') return { name: event.name }
  if (event.kind === 'custom') return { name: event.name, custom: true }
  if (vendor === 'googleAds' && v.googleAds) {
    const label = v.googleAds.labels?.[productEvent]
    return label ? { name: `${v.googleAds.conversionId}/${label}` } : undefined
  }
  if (vendor === 'yahooAds' && v.yahooAds?.conversionId) {
    const label = v.yahooAds.labels?.[productEvent]
    return label ? { name: label } : undefined
  }
  if (vendor === 'xPixel' && v.xPixel) {
    const id = v.xPixel.events?.[productEvent]
    return id ? { name: `tw-${v.xPixel.pixelId}-${id}` } : undefined
  }
  return undefined
}

// ---------------------------------------------------------------------------------------------
// The tags file

export { CONSENT_EVENT, CONSENT_STORAGE_KEY }

const CORE = `(function (w, d, c) {
'use strict';
var on = false;
var started = false;
var loaders = [];
var senders = [];
function load(src) {
var s = d.createElement('script');
s.async = true;
s.src = src;
d.head.appendChild(s);
}
function params(data) {
var o = {};
if (data && typeof data === 'object') Object.keys(data).forEach(function (k) {
var v = data[k];
if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') o[k] = v;
});
return o;
}
function withId(o, key, id) {
if (id) o[key] = id;
return o;
}
`

/** Consent Mode v2 defaults, pushed at once; gtag.js itself loads only with the loaders. */
const GOOGLE_CORE = `function consent(v) {
return { ad_storage: v, ad_user_data: v, ad_personalization: v, analytics_storage: v };
}
w.dataLayer = w.dataLayer || [];
function gtag() { w.dataLayer.push(arguments); }
gtag('consent', 'default', consent('denied'));
`

const GTAG = `loaders.push(function () {
var ids = [c.ga4, c.googleAds].filter(Boolean).map(function (v) { return v.id; });
gtag('js', new Date());
ids.forEach(function (id) { gtag('config', id); });
load('https://www.googletagmanager.com/gtag/js?id=' + encodeURIComponent(ids[0]));
});
`

/** Each vendor's loader (the official snippet, less its inline tag) and its event sender. */
const VENDOR_CODE: Readonly<Record<AdVendor, string>> = {
  gtm: `loaders.push(function () {
w.dataLayer.push({ 'gtm.start': new Date().getTime(), event: 'gtm.js' });
load('https://www.googletagmanager.com/gtm.js?id=' + encodeURIComponent(c.gtm.id));
});
senders.push(function (ev, id, p) {
var e = c.gtm.events[ev];
if (e) w.dataLayer.push(withId(Object.assign({}, p, { event: e.name }), 'event_id', id));
});
`,
  ga4: `senders.push(function (ev, id, p) {
var e = c.ga4.events[ev];
if (e) gtag('event', e.name, withId(Object.assign({}, p, { send_to: c.ga4.id }), 'transaction_id', id));
});
`,
  googleAds: `senders.push(function (ev, id) {
var e = c.googleAds.events[ev];
if (e) gtag('event', 'conversion', withId({ send_to: e.name }, 'transaction_id', id));
});
`,
  metaPixel: `loaders.push(function () {
if (!w.fbq) {
var n = w.fbq = function () {
if (n.callMethod) n.callMethod.apply(n, arguments); else n.queue.push(arguments);
};
if (!w._fbq) w._fbq = n;
n.push = n;
n.loaded = true;
n.version = '2.0';
n.queue = [];
load('https://connect.facebook.net/en_US/fbevents.js');
}
w.fbq('init', c.metaPixel.id);
w.fbq('track', 'PageView');
});
senders.push(function (ev, id, p) {
var e = c.metaPixel.events[ev];
if (e) w.fbq(e.custom ? 'trackCustom' : 'track', e.name, p, withId({}, 'eventID', id));
});
`,
  lineTag: `loaders.push(function () {
var id = c.lineTag.id;
w._ltq = w._ltq || [];
w._lt = w._lt || function () { w._ltq.push(arguments); };
load('https://d.line-scdn.net/n/line_tag/public/release/v1/lt.js');
w._lt('init', { customerType: 'lap', tagId: id });
w._lt('send', 'pv', [id]);
});
senders.push(function (ev) {
var e = c.lineTag.events[ev];
if (!e) return;
if (e.name === 'pv') w._lt('send', 'pv', [c.lineTag.id]);
else w._lt('send', 'cv', { type: e.name }, [c.lineTag.id]);
});
`,
  yahooAds: `loaders.push(function () {
var y = c.yahooAds;
w.yjDataLayer = w.yjDataLayer || [];
w.ytag = w.ytag || function () { w.yjDataLayer.push(arguments); };
load('https://s.yimg.jp/images/listing/tool/cv/ytag.js');
w.ytag({ type: 'ycl_cookie' });
if (y.retargetingId) w.ytag({ type: 'yjad_retargeting', config: { yahoo_retargeting_id: y.retargetingId, yahoo_sstag_custom_params: {} } });
});
senders.push(function (ev) {
var y = c.yahooAds;
var e = y.events[ev];
if (e) w.ytag({ type: 'yss_conversion', config: { yahoo_conversion_id: y.conversionId, yahoo_conversion_label: e.name, yahoo_conversion_value: '0' } });
});
`,
  tiktokPixel: `loaders.push(function () {
var t = w.ttq = w.ttq || [];
w.TiktokAnalyticsObject = 'ttq';
t.methods = ['page', 'track', 'identify', 'instances', 'debug', 'on', 'off', 'once', 'ready', 'alias', 'group', 'enableCookie', 'disableCookie', 'holdConsent', 'revokeConsent', 'grantConsent'];
t.setAndDefer = function (o, m) {
o[m] = function () { o.push([m].concat(Array.prototype.slice.call(arguments, 0))); };
};
for (var i = 0; i < t.methods.length; i++) t.setAndDefer(t, t.methods[i]);
t.instance = function (k) {
for (var e = t._i[k] || [], j = 0; j < t.methods.length; j++) t.setAndDefer(e, t.methods[j]);
return e;
};
t.load = function (k, o) {
var r = 'https://analytics.tiktok.com/i18n/pixel/events.js';
t._i = t._i || {};
t._i[k] = [];
t._i[k]._u = r;
t._t = t._t || {};
t._t[k] = +new Date();
t._o = t._o || {};
t._o[k] = o || {};
load(r + '?sdkid=' + encodeURIComponent(k) + '&lib=ttq');
};
t.load(c.tiktokPixel.id);
t.page();
});
senders.push(function (ev, id, p) {
var e = c.tiktokPixel.events[ev];
if (!e) return;
if (e.name === 'page') w.ttq.page();
else w.ttq.track(e.name, p, withId({}, 'event_id', id));
});
`,
  xPixel: `loaders.push(function () {
if (!w.twq) {
var s = w.twq = function () {
if (s.exe) s.exe.apply(s, arguments); else s.queue.push(arguments);
};
s.version = '1.1';
s.queue = [];
load('https://static.ads-twitter.com/uwt.js');
}
w.twq('config', c.xPixel.id);
});
senders.push(function (ev, id) {
var e = c.xPixel.events[ev];
if (e) w.twq('event', e.name, withId({}, 'conversion_id', id));
});
`,
}

/**
 * Consent: a stored choice decides at once; the banner's `swipe:consent` event decides later.
 * Opt-in loads on 'granted' only; notice-only loads at once unless the visitor refused before.
 * After a refusal `track` sends nothing (a loaded script cannot be unloaded; Google hears 'denied').
 */
const footer = (google: boolean) => `function start() {
on = true;
${google ? "gtag('consent', 'update', consent('granted'));\n" : ''}if (started) return;
started = true;
loaders.forEach(function (f) { f(); });
}
function stop() {
on = false;
${google ? "if (started) gtag('consent', 'update', consent('denied'));\n" : ''}}
w.swipeTags = {
track: function (ev, id, data) {
if (!on || c.events.indexOf(ev) < 0) return false;
var p = params(data);
var eventId = typeof id === 'string' || typeof id === 'number' ? String(id) : '';
senders.forEach(function (f) {
try { f(ev, eventId, p); } catch (err) {}
});
return true;
}
};
w.addEventListener('${CONSENT_EVENT}', function (e) {
if (e.detail === 'granted') start();
else if (e.detail === 'denied') stop();
});
var stored = null;
try { stored = w.localStorage.getItem('${CONSENT_STORAGE_KEY}'); } catch (err) {}
if (stored === 'granted' || (stored !== 'denied' && c.consent === 'notice-only')) start();
})(window, document, `

/** JSON as a JS expression that also survives `</script>` and U+2028/2029 (pre-ES2019 engines). */
const jsLiteral = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

const vendorIdOf = (tags: SiteTags, vendor: AdVendor): Record<string, string> => {
  const v = tags.vendors
  switch (vendor) {
    case 'gtm':
      return { id: v.gtm?.containerId ?? '' }
    case 'ga4':
      return { id: v.ga4?.measurementId ?? '' }
    case 'googleAds':
      return { id: v.googleAds?.conversionId ?? '' }
    case 'metaPixel':
      return { id: v.metaPixel?.pixelId ?? '' }
    case 'lineTag':
      return { id: v.lineTag?.tagId ?? '' }
    case 'yahooAds':
      return {
        ...(v.yahooAds?.conversionId ? { conversionId: v.yahooAds.conversionId } : {}),
        ...(v.yahooAds?.retargetingId ? { retargetingId: v.yahooAds.retargetingId } : {}),
      }
    case 'tiktokPixel':
      return { id: v.tiktokPixel?.pixelId ?? '' }
    case 'xPixel':
      return { id: v.xPixel?.pixelId ?? '' }
  }
}

/**
 * The source of the site's `assets/tags.<hash>.js` (ES2017, one IIFE): only the enabled vendors'
 * code, their validated IDs and resolved events as one JSON literal. It exposes
 * `window.swipeTags.track(productEvent, eventId, data)`; `data` is flattened to its string, number
 * and boolean fields. The setting is parsed again here, so no unvalidated ID is ever embedded
 * (throws on an invalid one). A site with no vendor enabled needs no tags file (`enabledVendors`).
 */
export const tagsScriptSource = (input: SiteTagsInput): string => {
  const tags = SiteTagsSchema.parse(input)
  const vendors = enabledVendors(tags)
  const config: Record<string, unknown> = { consent: tags.consent, events: PRODUCT_EVENTS }
  for (const vendor of vendors) {
    const events: Partial<Record<ProductEvent, ResolvedEvent>> = {}
    for (const event of PRODUCT_EVENTS) {
      const resolved = resolveVendorEvent(tags, vendor, event)
      if (resolved) events[event] = resolved
    }
    config[vendor] = { ...vendorIdOf(tags, vendor), events }
  }
  const google = vendors.some((v) => v === 'gtm' || v === 'ga4' || v === 'googleAds')
  const gtag = vendors.some((v) => v === 'ga4' || v === 'googleAds')
  return `${CORE}${google ? GOOGLE_CORE : ''}${gtag ? GTAG : ''}${vendors.map((v) => VENDOR_CODE[v]).join('')}${footer(google)}${jsLiteral(config)});\n`
}

// ---------------------------------------------------------------------------------------------
// CSP fit

/** Whether one source list admits an https origin (`https://host`, host may be `*.x`). */
const sourcesAllow = (sources: readonly string[], origin: string): boolean => {
  const host = origin.replace(/^https:\/\//, '').toLowerCase()
  return sources.some((raw) => {
    const source = raw.toLowerCase()
    if (source === '*' || source === 'https:') return true
    const match = /^(?:(https?):\/\/)?(\*\.)?([a-z0-9.-]+)(:443|:\*)?\/?$/.exec(source)
    if (!match) return false
    const [, , wildcard, base] = match
    if (!wildcard) return host === base
    return host.endsWith(`.${base}`) || host === `*.${base}`
  })
}

/**
 * The hosts a vendor's loader needs that a page's Content-Security-Policy does not admit (empty:
 * it fits). A directive missing from the policy falls back to `default-src`, as browsers do.
 */
export const cspGaps = (policy: string, vendor: AdVendor): { directive: CspDirective; origin: string }[] => {
  const directives = new Map<string, string[]>()
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources)
  }
  const needs = AD_VENDOR_INFO[vendor].csp
  return (Object.keys(needs) as CspDirective[]).flatMap((directive) => {
    const sources = directives.get(directive) ?? directives.get('default-src') ?? []
    return needs[directive]
      .filter((origin) => !sourcesAllow(sources, origin))
      .map((origin) => ({ directive, origin }))
  })
}

// ---------------------------------------------------------------------------------------------
// 外部送信に関する公表事項

/** One row of the external-transmission notice: who receives what, for what, and their policy. */
export interface NoticeRow {
  /** A browser tag's vendor, or `server-<platform>` for a server-side destination. */
  vendor: AdVendor | `server-${ConversionPlatform}`
  /** The service's name in the notice's language. */
  service: string
  recipient: string
  data: string[]
  purpose: string
  policyUrl: string
}

type DataItem =
  | 'pageUrl'
  | 'ip'
  | 'device'
  | 'identifier'
  | 'time'
  | 'actions'
  | 'hashedContact'
  | 'clickId'
  | 'conversion'

const DATA_ITEMS: Readonly<Record<Locale, Readonly<Record<DataItem, string>>>> = {
  ja: {
    pageUrl: '閲覧したページのURLと参照元URL',
    ip: 'IPアドレス',
    device: 'ブラウザ・端末の情報（ユーザーエージェント、OS、画面サイズ、言語設定）',
    identifier: 'Cookie等に保存される識別子',
    time: '閲覧日時',
    actions: 'ページ上での操作（表示したセル、リンク・ボタンのクリック、フォーム送信・会員登録の完了）',
    hashedContact: 'フォームに入力されたメールアドレス・電話番号（復元できない形式にハッシュ化したもの）',
    clickId: '広告のクリックID（広告から訪れた場合）',
    conversion: 'フォーム送信・会員登録の完了とその日時',
  },
  en: {
    pageUrl: 'URL of the page viewed and the referring URL',
    ip: 'IP address',
    device: 'Browser and device information (user agent, OS, screen size, language)',
    identifier: 'Identifiers stored in cookies or similar storage',
    time: 'Date and time of the visit',
    actions:
      'Actions on the page (cells viewed, link and button clicks, completed form submissions and sign-ups)',
    hashedContact: 'Email address and phone number entered in a form (hashed, so they cannot be read back)',
    clickId: "The ad's click ID (when the visit came from an ad)",
    conversion: 'Completed form submissions and sign-ups, with their time',
  },
  zh: {
    pageUrl: '所浏览页面的 URL 及来源 URL',
    ip: 'IP 地址',
    device: '浏览器和设备信息（用户代理、操作系统、屏幕尺寸、语言设置）',
    identifier: '保存在 Cookie 等中的标识符',
    time: '浏览日期和时间',
    actions: '页面上的操作（浏览的单元格、链接和按钮的点击、表单提交和会员注册的完成）',
    hashedContact: '在表单中填写的电子邮件地址和电话号码（经过哈希处理，无法还原）',
    clickId: '广告的点击 ID（通过广告访问时）',
    conversion: '表单提交和会员注册的完成及其时间',
  },
  ko: {
    pageUrl: '열람한 페이지의 URL 및 참조 URL',
    ip: 'IP 주소',
    device: '브라우저·단말기 정보(사용자 에이전트, OS, 화면 크기, 언어 설정)',
    identifier: '쿠키 등에 저장되는 식별자',
    time: '열람 일시',
    actions: '페이지에서의 조작(표시한 셀, 링크·버튼 클릭, 양식 전송·회원 가입 완료)',
    hashedContact: '양식에 입력한 이메일 주소·전화번호(복원할 수 없도록 해시 처리한 것)',
    clickId: '광고 클릭 ID(광고를 통해 방문한 경우)',
    conversion: '양식 전송·회원 가입 완료와 그 일시',
  },
}

type Purpose = 'tagManagement' | 'analytics' | 'advertising'

const PURPOSES: Readonly<Record<Locale, Readonly<Record<Purpose, string>>>> = {
  ja: {
    tagManagement:
      'タグの管理と配信（このサイトが設定したタグの読み込み）。コンテナ内のタグが送信する情報は、各タグの提供者の項目をご確認ください。',
    analytics: 'アクセス解析（サイトの利用状況の把握と改善）',
    advertising: '広告の効果測定（コンバージョン計測）、広告配信の最適化およびリターゲティング広告の配信',
  },
  en: {
    tagManagement:
      'Tag management (loading the tags this site has set up). For what the tags in the container send, see the rows of their providers.',
    analytics: 'Web analytics (understanding and improving how the site is used)',
    advertising: 'Measuring ad performance (conversions), optimising ad delivery and showing retargeting ads',
  },
  zh: {
    tagManagement: '代码管理与分发（加载本网站设置的代码）。容器内代码发送的信息请参阅各代码提供方的条目。',
    analytics: '访问分析（了解并改进网站的使用情况）',
    advertising: '衡量广告效果（转化跟踪）、优化广告投放及投放再营销广告',
  },
  ko: {
    tagManagement:
      '태그 관리 및 배포(이 사이트가 설정한 태그의 로드). 컨테이너 내 태그가 전송하는 정보는 각 태그 제공자의 항목을 확인해 주세요.',
    analytics: '접속 분석(사이트 이용 현황 파악 및 개선)',
    advertising: '광고 효과 측정(전환 측정), 광고 게재 최적화 및 리타기팅 광고 게재',
  },
}

const ALL_DATA: readonly DataItem[] = ['pageUrl', 'ip', 'device', 'identifier', 'time', 'actions']

/** What each vendor receives and why; GTM itself only serves the container (it sets no cookie). */
const NOTICE_OF: Readonly<Record<AdVendor, { data: readonly DataItem[]; purpose: Purpose }>> = {
  gtm: { data: ['pageUrl', 'ip', 'device', 'time'], purpose: 'tagManagement' },
  ga4: { data: ALL_DATA, purpose: 'analytics' },
  googleAds: { data: ALL_DATA, purpose: 'advertising' },
  metaPixel: { data: ALL_DATA, purpose: 'advertising' },
  lineTag: { data: ALL_DATA, purpose: 'advertising' },
  yahooAds: { data: ALL_DATA, purpose: 'advertising' },
  tiktokPixel: { data: ALL_DATA, purpose: 'advertising' },
  xPixel: { data: ALL_DATA, purpose: 'advertising' },
}

/** A server-side destination's name and recipient (its policy is the platform's, as its tag's). */
const DESTINATION_INFO: Readonly<
  Record<ConversionPlatform, { name: Readonly<Record<Locale, string>>; sameAs: AdVendor }>
> = {
  meta: {
    name: {
      ja: 'Meta コンバージョンAPI',
      en: 'Meta Conversions API',
      zh: 'Meta 转化 API',
      ko: 'Meta 전환 API',
    },
    sameAs: 'metaPixel',
  },
  line: { name: same('LINE Conversion API'), sameAs: 'lineTag' },
  tiktok: { name: same('TikTok Events API'), sameAs: 'tiktokPixel' },
  google: {
    name: {
      ja: 'Google 広告（拡張コンバージョン）',
      en: 'Google Ads (enhanced conversions)',
      zh: 'Google Ads（增强型转化）',
      ko: 'Google Ads(향상된 전환)',
    },
    sameAs: 'googleAds',
  },
}
const DESTINATION_DATA: readonly DataItem[] = [
  'hashedContact',
  'clickId',
  'conversion',
  'pageUrl',
  'ip',
  'device',
]

/**
 * The rows of the site's 外部送信に関する公表事項, in `lang`: exactly the enabled vendors, then the
 * enabled server-side destinations (sent from this site's server, with the visitor's consent).
 */
export const externalTransmissionNotice = (tags: SiteTags, lang: Locale): NoticeRow[] => [
  ...browserNoticeRows(tags, lang),
  ...enabledDestinations(tags).map((platform): NoticeRow => {
    const info = AD_VENDOR_INFO[DESTINATION_INFO[platform].sameAs]
    return {
      vendor: `server-${platform}`,
      service: DESTINATION_INFO[platform].name[lang],
      recipient: info.recipient[lang],
      data: DESTINATION_DATA.map((item) => DATA_ITEMS[lang][item]),
      purpose: PURPOSES[lang].advertising,
      policyUrl: info.policyUrl,
    }
  }),
]

const browserNoticeRows = (tags: SiteTags, lang: Locale): NoticeRow[] =>
  enabledVendors(tags).map((vendor) => {
    const info = AD_VENDOR_INFO[vendor]
    const notice = NOTICE_OF[vendor]
    return {
      vendor,
      service: info.name[lang],
      recipient: info.recipient[lang],
      data: notice.data.map((item) => DATA_ITEMS[lang][item]),
      purpose: PURPOSES[lang][notice.purpose],
      policyUrl: info.policyUrl,
    }
  })
