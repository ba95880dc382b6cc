import vm from 'node:vm'
import { transformSync } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../i18n/locales.ts'
import { isMessageKey, translate } from '../i18n/messages.ts'
import {
  AD_VENDOR_INFO,
  AD_VENDORS,
  type AdVendor,
  cspGaps,
  enabledDestinations,
  enabledVendors,
  externalTransmissionNotice,
  PRODUCT_EVENTS,
  resolveVendorEvent,
  type SiteTagsInput,
  SiteTagsSchema,
  tagsScriptSource,
  VENDOR_EVENTS,
  vendorEvent,
} from './tags-vendors.ts'

/** Every vendor, as a creator might type the IDs (spaces, other letter case). */
const ALL: SiteTagsInput = {
  vendors: {
    gtm: { containerId: ' gtm-abc1234 ' },
    ga4: { measurementId: 'g-abc123def4' },
    googleAds: {
      conversionId: 'aw-123456789',
      labels: { contactSent: 'AbC-D_efG-h12', memberRegistered: 'ZyX987wvu654' },
    },
    metaPixel: { pixelId: '123456789012345' },
    lineTag: { tagId: '0A1B2C3D-4E5F-6A7B-8C9D-0E1F2A3B4C5D' },
    yahooAds: {
      conversionId: '1001234567',
      labels: { contactSent: 'abcDEF123' },
      retargetingId: 'ABC1234567',
    },
    tiktokPixel: { pixelId: 'c4abcdefghijklmnopqr' },
    xPixel: { pixelId: 'O1A2B', events: { contactSent: 'o1xyz' } },
  },
}

const LOADERS = {
  gtag: 'https://www.googletagmanager.com/gtag/js?id=G-ABC123DEF4',
  gtm: 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234',
  meta: 'https://connect.facebook.net/en_US/fbevents.js',
  line: 'https://d.line-scdn.net/n/line_tag/public/release/v1/lt.js',
  yahoo: 'https://s.yimg.jp/images/listing/tool/cv/ytag.js',
  tiktok: 'https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=C4ABCDEFGHIJKLMNOPQR&lib=ttq',
  x: 'https://static.ads-twitter.com/uwt.js',
}

const issues = (input: unknown) => {
  const result = SiteTagsSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path, message: i.message }))
}

describe('SiteTagsSchema', () => {
  it('trims, sets the vendors’ letter case and defaults to opt-in', () => {
    expect(SiteTagsSchema.parse(ALL)).toEqual({
      vendors: {
        gtm: { containerId: 'GTM-ABC1234' },
        ga4: { measurementId: 'G-ABC123DEF4' },
        googleAds: {
          conversionId: 'AW-123456789',
          labels: { contactSent: 'AbC-D_efG-h12', memberRegistered: 'ZyX987wvu654' },
        },
        metaPixel: { pixelId: '123456789012345' },
        lineTag: { tagId: '0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d' },
        yahooAds: {
          conversionId: '1001234567',
          labels: { contactSent: 'abcDEF123' },
          retargetingId: 'ABC1234567',
        },
        tiktokPixel: { pixelId: 'C4ABCDEFGHIJKLMNOPQR' },
        xPixel: { pixelId: 'o1a2b', events: { contactSent: 'o1xyz' } },
      },
      consent: 'opt-in',
      conversions: {},
    })
    expect(SiteTagsSchema.parse({})).toEqual({ vendors: {}, consent: 'opt-in', conversions: {} })
    expect(
      SiteTagsSchema.parse({ vendors: { yahooAds: { retargetingId: 'abc123' } }, consent: 'notice-only' }),
    ).toEqual({ vendors: { yahooAds: { retargetingId: 'abc123' } }, consent: 'notice-only', conversions: {} })
  })

  it.each([
    ['gtm', { containerId: 'GTM-AB1' }, ['vendors', 'gtm', 'containerId'], 'adTags.gtmId'],
    ['gtm', { containerId: 'GTM-ABCDEFGHIJK' }, ['vendors', 'gtm', 'containerId'], 'adTags.gtmId'],
    ['gtm', { containerId: 'G-ABC1234' }, ['vendors', 'gtm', 'containerId'], 'adTags.gtmId'],
    ['gtm', {}, ['vendors', 'gtm', 'containerId'], 'adTags.gtmId'],
    ['ga4', { measurementId: 'UA-12345-1' }, ['vendors', 'ga4', 'measurementId'], 'adTags.ga4Id'],
    ['ga4', { measurementId: 'G-ABC' }, ['vendors', 'ga4', 'measurementId'], 'adTags.ga4Id'],
    [
      'googleAds',
      { conversionId: 'AW-12345' },
      ['vendors', 'googleAds', 'conversionId'],
      'adTags.googleAdsId',
    ],
    [
      'googleAds',
      { conversionId: '123456789' },
      ['vendors', 'googleAds', 'conversionId'],
      'adTags.googleAdsId',
    ],
    [
      'googleAds',
      { conversionId: 'AW-123456789', labels: { ctaClick: 'short' } },
      ['vendors', 'googleAds', 'labels', 'ctaClick'],
      'adTags.googleAdsLabel',
    ],
    [
      'googleAds',
      { conversionId: 'AW-123456789', labels: { purchase: 'AbCdEfGh12' } },
      ['vendors', 'googleAds', 'labels'],
      'adTags.productEvent',
    ],
    ['metaPixel', { pixelId: '12345678901234' }, ['vendors', 'metaPixel', 'pixelId'], 'adTags.metaPixelId'],
    [
      'metaPixel',
      { pixelId: '12345678901234567' },
      ['vendors', 'metaPixel', 'pixelId'],
      'adTags.metaPixelId',
    ],
    ['metaPixel', { pixelId: 123456789012345 }, ['vendors', 'metaPixel', 'pixelId'], 'adTags.metaPixelId'],
    [
      'lineTag',
      { tagId: '0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d' },
      ['vendors', 'lineTag', 'tagId'],
      'adTags.lineTagId',
    ],
    [
      'lineTag',
      { tagId: '0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5g' },
      ['vendors', 'lineTag', 'tagId'],
      'adTags.lineTagId',
    ],
    ['yahooAds', {}, ['vendors', 'yahooAds', 'conversionId'], 'adTags.yahooNeedsId'],
    [
      'yahooAds',
      { conversionId: '100123456' },
      ['vendors', 'yahooAds', 'conversionId'],
      'adTags.yahooConversionId',
    ],
    [
      'yahooAds',
      { retargetingId: 'ABC1234567', labels: { contactSent: 'abcDEF123' } },
      ['vendors', 'yahooAds', 'conversionId'],
      'adTags.yahooLabelsNeedConversionId',
    ],
    [
      'yahooAds',
      { conversionId: '1001234567', labels: { contactSent: 'ab c' } },
      ['vendors', 'yahooAds', 'labels', 'contactSent'],
      'adTags.yahooLabel',
    ],
    [
      'yahooAds',
      { retargetingId: 'ABC-123' },
      ['vendors', 'yahooAds', 'retargetingId'],
      'adTags.yahooRetargetingId',
    ],
    [
      'tiktokPixel',
      { pixelId: 'C4ABCDEFGHIJKLMNO' },
      ['vendors', 'tiktokPixel', 'pixelId'],
      'adTags.tiktokPixelId',
    ],
    [
      'tiktokPixel',
      { pixelId: 'C4ABCDEFGHIJ-LMNOPQR' },
      ['vendors', 'tiktokPixel', 'pixelId'],
      'adTags.tiktokPixelId',
    ],
    ['xPixel', { pixelId: 'o1a2' }, ['vendors', 'xPixel', 'pixelId'], 'adTags.xPixelId'],
    ['xPixel', { pixelId: 'o1a2b3c' }, ['vendors', 'xPixel', 'pixelId'], 'adTags.xPixelId'],
    [
      'xPixel',
      { pixelId: 'o1a2b', events: { ctaClick: 'tw-o1a2b-o1xyz' } },
      ['vendors', 'xPixel', 'events', 'ctaClick'],
      'adTags.xEventId',
    ],
  ])('refuses %s %j with %j: %s', (vendor, value, path, key) => {
    expect(issues({ vendors: { [vendor]: value } })).toEqual([{ path, message: key }])
  })

  it('refuses an unknown consent mode', () => {
    expect(issues({ consent: 'none' })).toEqual([{ path: ['consent'], message: 'adTags.consentMode' }])
  })

  it.each([
    { gtm: { containerId: 'GTM-ABC"+alert(1)+"' } },
    { ga4: { measurementId: "G-ABC'); alert(1); //" } },
    { metaPixel: { pixelId: '123456789012345</script>' } },
    { lineTag: { tagId: '0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d"' } },
    { googleAds: { conversionId: 'AW-123456789', labels: { ctaClick: 'abcdefgh</script>' } } },
    { yahooAds: { conversionId: '1001234567', labels: { ctaClick: "abcd'efgh" } } },
    { tiktokPixel: { pixelId: 'C4ABCDEFGHIJKLMNOPQR"' } },
    { xPixel: { pixelId: 'o1a2b', events: { ctaClick: '"o1x' } } },
  ])('refuses IDs with quotes or </script>, and the script will not embed them: %j', (vendors) => {
    expect(SiteTagsSchema.safeParse({ vendors }).success).toBe(false)
    expect(() => tagsScriptSource({ vendors } as SiteTagsInput)).toThrow()
  })

  it('has every error key in all four languages, saying the format', () => {
    expect(translate('ja', 'adTags.gtmId')).toBe(
      'GTM-から始まるコンテナIDを入力してください（例: GTM-ABC1234）。',
    )
    expect(translate('en', 'adTags.metaPixelId')).toBe(
      'Enter the pixel ID: 15 or 16 digits (for example 123456789012345).',
    )
    for (const key of [
      'adTags.gtmId',
      'adTags.ga4Id',
      'adTags.googleAdsId',
      'adTags.googleAdsLabel',
      'adTags.metaPixelId',
      'adTags.lineTagId',
      'adTags.yahooConversionId',
      'adTags.yahooLabel',
      'adTags.yahooRetargetingId',
      'adTags.yahooNeedsId',
      'adTags.yahooLabelsNeedConversionId',
      'adTags.tiktokPixelId',
      'adTags.xPixelId',
      'adTags.xEventId',
      'adTags.productEvent',
      'adTags.consentMode',
      'adTags.inlineScripts',
    ])
      expect(isMessageKey(key), key).toBe(true)
  })
})

describe('vendors', () => {
  it('describe every vendor with https hosts and policy', () => {
    expect(Object.keys(AD_VENDOR_INFO)).toEqual([...AD_VENDORS])
    for (const vendor of AD_VENDORS) {
      const info = AD_VENDOR_INFO[vendor]
      expect(info.policyUrl, vendor).toMatch(/^https:\/\//)
      expect(info.loaderUrl, vendor).toMatch(/^https:\/\//)
      expect(Object.keys(info.csp).sort(), vendor).toEqual([
        'connect-src',
        'frame-src',
        'img-src',
        'script-src',
      ])
      expect(info.csp['script-src'].length, vendor).toBeGreaterThan(0)
      for (const origin of Object.values(info.csp).flat())
        expect(origin, vendor).toMatch(/^https:\/\/(\*\.)?[a-z0-9.-]+$/)
      for (const lang of LOCALES)
        expect(info.name[lang] && info.recipient[lang], `${vendor} ${lang}`).toBeTruthy()
    }
  })

  it('flag only GTM as running creator code, with a note that exists', () => {
    expect(AD_VENDORS.filter((v) => AD_VENDOR_INFO[v].needsInlineScripts)).toEqual(['gtm'])
    expect(AD_VENDOR_INFO.gtm.inlineScriptsNote).toBe('adTags.inlineScripts')
    expect(translate('en', 'adTags.inlineScripts')).toContain('Custom HTML tags')
  })

  it('name LY Corporation for both LINE and Yahoo! JAPAN', () => {
    expect(AD_VENDOR_INFO.lineTag.recipient).toEqual(AD_VENDOR_INFO.yahooAds.recipient)
    expect(AD_VENDOR_INFO.lineTag.recipient.ja).toBe('LINEヤフー株式会社')
    expect(AD_VENDOR_INFO.yahooAds.recipient.en).toBe('LY Corporation')
  })
})

describe('cspGaps', () => {
  const PAGE_CSP =
    "default-src 'self'; script-src 'self' 'sha256-abc=' https:; img-src 'self' data: https:; connect-src 'self' https:; frame-src https:; object-src 'none'"

  it('finds nothing missing under the published pages’ policy', () => {
    for (const vendor of AD_VENDORS) expect(cspGaps(PAGE_CSP, vendor), vendor).toEqual([])
  })

  it('lists the hosts a narrower policy refuses, falling back to default-src', () => {
    expect(
      cspGaps("default-src 'self'; script-src 'self' https://connect.facebook.net", 'metaPixel'),
    ).toEqual([
      { directive: 'connect-src', origin: 'https://www.facebook.com' },
      { directive: 'connect-src', origin: 'https://connect.facebook.net' },
      { directive: 'img-src', origin: 'https://www.facebook.com' },
    ])
    expect(
      cspGaps(
        "default-src 'self'; script-src https://*.googletagmanager.com; img-src *; connect-src *",
        'ga4',
      ),
    ).toEqual([])
    expect(
      cspGaps(
        "default-src 'self'; script-src https://www.googletagmanager.com; img-src *; connect-src *",
        'ga4',
      ),
    ).toEqual([{ directive: 'script-src', origin: 'https://*.googletagmanager.com' }])
  })
})

describe('product events', () => {
  it('map every vendor × product event once', () => {
    expect(Object.keys(VENDOR_EVENTS)).toEqual([...AD_VENDORS])
    for (const vendor of AD_VENDORS)
      expect(Object.keys(VENDOR_EVENTS[vendor]), vendor).toEqual([...PRODUCT_EVENTS])
  })

  it('use the vendors’ standard events', () => {
    const row = (vendor: AdVendor) => PRODUCT_EVENTS.map((e) => vendorEvent(vendor, e))
    const std = (name: string) => ({ kind: 'standard', name })
    const custom = (name: string) => ({ kind: 'custom', name })
    expect(row('metaPixel')).toEqual([
      std('PageView'),
      std('ViewContent'),
      custom('LinkClick'),
      custom('CtaClick'),
      std('Contact'),
      std('Lead'),
      std('CompleteRegistration'),
    ])
    expect(row('ga4')).toEqual([
      std('page_view'),
      custom('cell_reached'),
      std('select_content'),
      std('select_promotion'),
      std('generate_lead'),
      std('generate_lead'),
      std('sign_up'),
    ])
    expect(row('tiktokPixel')).toEqual([
      std('page'),
      std('ViewContent'),
      std('ClickButton'),
      std('ClickButton'),
      std('Contact'),
      std('SubmitForm'),
      std('CompleteRegistration'),
    ])
    expect(row('lineTag')).toEqual([
      std('pv'),
      null,
      null,
      null,
      std('Conversion'),
      std('Conversion'),
      std('Conversion'),
    ])
    expect(vendorEvent('googleAds', 'ctaClick')).toEqual({ kind: 'creator', field: 'labels' })
    expect(vendorEvent('xPixel', 'ctaClick')).toEqual({ kind: 'creator', field: 'events' })
  })

  it('fill in the creator’s labels and event ids, and send nothing without one', () => {
    const tags = SiteTagsSchema.parse(ALL)
    expect(resolveVendorEvent(tags, 'googleAds', 'contactSent')).toEqual({
      name: 'AW-123456789/AbC-D_efG-h12',
    })
    expect(resolveVendorEvent(tags, 'googleAds', 'ctaClick')).toBeUndefined()
    expect(resolveVendorEvent(tags, 'yahooAds', 'contactSent')).toEqual({ name: 'abcDEF123' })
    expect(resolveVendorEvent(tags, 'yahooAds', 'memberRegistered')).toBeUndefined()
    expect(resolveVendorEvent(tags, 'xPixel', 'contactSent')).toEqual({ name: 'tw-o1a2b-o1xyz' })
    expect(resolveVendorEvent(tags, 'xPixel', 'pageView')).toBeUndefined()
    expect(resolveVendorEvent(tags, 'metaPixel', 'linkClick')).toEqual({ name: 'LinkClick', custom: true })
    expect(resolveVendorEvent(SiteTagsSchema.parse({}), 'metaPixel', 'contactSent')).toBeUndefined()
  })
})

/** Runs the tags file in a fresh context with a fake page; records the scripts it appends. */
const page = (tags: SiteTagsInput, stored?: string) => {
  const appended: string[] = []
  const listeners: ((event: { detail: unknown }) => void)[] = []
  const window: Record<string, unknown> = {
    localStorage: { getItem: (key: string) => (key === 'swipe-consent' ? (stored ?? null) : null) },
    addEventListener: (type: string, listener: (event: { detail: unknown }) => void) => {
      if (type === 'swipe:consent') listeners.push(listener)
    },
  }
  const document = {
    head: { appendChild: (element: { src: string }) => appended.push(element.src) },
    createElement: (tag: string) => ({ tag }),
  }
  vm.runInNewContext(tagsScriptSource(tags), { window, document })
  // Plain values of this realm: the queues hold the context's arrays and `arguments` objects.
  const isArguments = (v: unknown): v is ArrayLike<unknown> =>
    Object.prototype.toString.call(v) === '[object Arguments]'
  const plain = (value: unknown): unknown =>
    value === undefined
      ? undefined
      : JSON.parse(JSON.stringify(value, (_key, v: unknown) => (isArguments(v) ? Array.from(v) : v)))
  return {
    appended,
    consent: (detail: string) => {
      for (const listener of listeners) listener({ detail })
    },
    track: (event: string, id?: string, data?: unknown) =>
      (window.swipeTags as { track: (e: string, i?: string, d?: unknown) => boolean }).track(event, id, data),
    get: (name: string) => plain(window[name]),
    queue: (name: string) => plain((window[name] as { queue: unknown[] }).queue),
    window,
  }
}

const DENIED = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
}
const GRANTED = {
  ad_storage: 'granted',
  ad_user_data: 'granted',
  ad_personalization: 'granted',
  analytics_storage: 'granted',
}

describe('tagsScriptSource', () => {
  it('is ES2017: nothing in it needs lowering for an ES2017 browser', () => {
    const source = tagsScriptSource(ALL)
    const esnext = transformSync(source, { target: 'esnext', loader: 'js' }).code
    expect(transformSync(source, { target: 'es2017', loader: 'js' }).code).toBe(esnext)
    expect(source.length).toBeLessThan(8000)
    expect(source.startsWith('(function (w, d, c) {')).toBe(true)
  })

  it('embeds only the enabled vendors’ code and IDs', () => {
    const source = tagsScriptSource({ vendors: { metaPixel: { pixelId: '123456789012345' } } })
    expect(source).toContain('"metaPixel":{"id":"123456789012345"')
    expect(source).not.toMatch(/googletagmanager|dataLayer|tiktok|twq|_lt|ytag/)
  })

  it('loads nothing and keeps Google in denied Consent Mode before consent (opt-in)', () => {
    const p = page(ALL)
    expect(p.appended).toEqual([])
    expect(p.get('dataLayer')).toEqual([['consent', 'default', DENIED]])
    for (const name of ['fbq', 'ttq', '_lt', 'ytag', 'twq']) expect(p.window[name], name).toBeUndefined()
    expect(p.track('contactSent', 'ev-1', { email: 'a@example.com' })).toBe(false)
    expect(p.get('dataLayer')).toEqual([['consent', 'default', DENIED]])
  })

  it('loads exactly the enabled vendors’ loaders once the visitor agrees', () => {
    const p = page(ALL)
    p.consent('granted')
    expect(p.appended).toEqual([
      LOADERS.gtag,
      LOADERS.gtm,
      LOADERS.meta,
      LOADERS.line,
      LOADERS.yahoo,
      LOADERS.tiktok,
      LOADERS.x,
    ])
    const dataLayer = p.get('dataLayer') as unknown[]
    expect(dataLayer.slice(0, 2)).toEqual([
      ['consent', 'default', DENIED],
      ['consent', 'update', GRANTED],
    ])
    expect(dataLayer.slice(3)).toEqual([
      ['config', 'G-ABC123DEF4'],
      ['config', 'AW-123456789'],
      { 'gtm.start': expect.any(Number), event: 'gtm.js' },
    ])
    expect(p.queue('fbq')).toEqual([
      ['init', '123456789012345'],
      ['track', 'PageView'],
    ])
    expect(p.get('_ltq')).toEqual([
      ['init', { customerType: 'lap', tagId: '0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d' }],
      ['send', 'pv', ['0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d']],
    ])
    expect(p.get('yjDataLayer')).toEqual([
      [{ type: 'ycl_cookie' }],
      [
        {
          type: 'yjad_retargeting',
          config: { yahoo_retargeting_id: 'ABC1234567', yahoo_sstag_custom_params: {} },
        },
      ],
    ])
    expect(p.get('ttq')).toEqual([['page']])
    expect(p.queue('twq')).toEqual([['config', 'o1a2b']])
    // A second 'granted' loads nothing again.
    p.consent('granted')
    expect(p.appended).toHaveLength(7)
  })

  it('sends a tracked event to every vendor with the same event id', () => {
    const p = page(ALL)
    p.consent('granted')
    const before = {
      dataLayer: (p.get('dataLayer') as unknown[]).length,
      fbq: (p.queue('fbq') as unknown[]).length,
      ltq: (p.get('_ltq') as unknown[]).length,
      yahoo: (p.get('yjDataLayer') as unknown[]).length,
      ttq: (p.get('ttq') as unknown[]).length,
      twq: (p.queue('twq') as unknown[]).length,
    }
    expect(p.track('contactSent', 'ev-1', { form: 'contact', nested: { a: 1 } })).toBe(true)
    expect((p.get('dataLayer') as unknown[]).slice(before.dataLayer)).toEqual([
      { form: 'contact', event: 'swipe_contact_sent', event_id: 'ev-1' },
      ['event', 'generate_lead', { form: 'contact', send_to: 'G-ABC123DEF4', transaction_id: 'ev-1' }],
      ['event', 'conversion', { send_to: 'AW-123456789/AbC-D_efG-h12', transaction_id: 'ev-1' }],
    ])
    expect((p.queue('fbq') as unknown[]).slice(before.fbq)).toEqual([
      ['track', 'Contact', { form: 'contact' }, { eventID: 'ev-1' }],
    ])
    expect((p.get('_ltq') as unknown[]).slice(before.ltq)).toEqual([
      ['send', 'cv', { type: 'Conversion' }, ['0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d']],
    ])
    expect((p.get('yjDataLayer') as unknown[]).slice(before.yahoo)).toEqual([
      [
        {
          type: 'yss_conversion',
          config: {
            yahoo_conversion_id: '1001234567',
            yahoo_conversion_label: 'abcDEF123',
            yahoo_conversion_value: '0',
          },
        },
      ],
    ])
    expect((p.get('ttq') as unknown[]).slice(before.ttq)).toEqual([
      ['track', 'Contact', { form: 'contact' }, { event_id: 'ev-1' }],
    ])
    expect((p.queue('twq') as unknown[]).slice(before.twq)).toEqual([
      ['event', 'tw-o1a2b-o1xyz', { conversion_id: 'ev-1' }],
    ])
  })

  it('sends custom events where the vendor has no standard one, and skips unlabelled conversions', () => {
    const p = page(ALL, 'granted')
    const fbq = (p.queue('fbq') as unknown[]).length
    const dataLayer = (p.get('dataLayer') as unknown[]).length
    const twq = (p.queue('twq') as unknown[]).length
    expect(p.track('ctaClick', 'ev-2')).toBe(true)
    expect((p.queue('fbq') as unknown[]).slice(fbq)).toEqual([
      ['trackCustom', 'CtaClick', {}, { eventID: 'ev-2' }],
    ])
    expect((p.get('dataLayer') as unknown[]).slice(dataLayer)).toEqual([
      { event: 'swipe_cta_click', event_id: 'ev-2' },
      ['event', 'select_promotion', { send_to: 'G-ABC123DEF4', transaction_id: 'ev-2' }],
    ])
    expect((p.queue('twq') as unknown[]).slice(twq)).toEqual([])
    expect(p.track('purchase', 'ev-3')).toBe(false)
    expect(p.track('constructor', 'ev-3')).toBe(false)
  })

  it('loads nothing when the visitor refuses, and stops sending after a later refusal', () => {
    const refused = page(ALL)
    refused.consent('denied')
    expect(refused.appended).toEqual([])
    expect(refused.track('pageView', 'ev-1')).toBe(false)
    expect(refused.get('dataLayer')).toEqual([['consent', 'default', DENIED]])

    const storedRefusal = page({ ...ALL, consent: 'notice-only' }, 'denied')
    expect(storedRefusal.appended).toEqual([])

    const changed = page(ALL, 'granted')
    expect(changed.appended).toHaveLength(7)
    changed.consent('denied')
    expect((changed.get('dataLayer') as unknown[]).at(-1)).toEqual(['consent', 'update', DENIED])
    const fbq = (changed.queue('fbq') as unknown[]).length
    expect(changed.track('contactSent', 'ev-1')).toBe(false)
    expect(changed.queue('fbq')).toHaveLength(fbq)
  })

  it('loads at once with a stored agreement or in notice-only mode', () => {
    expect(page(ALL, 'granted').appended).toHaveLength(7)
    const notice = page({
      vendors: { tiktokPixel: { pixelId: 'C4ABCDEFGHIJKLMNOPQR' } },
      consent: 'notice-only',
    })
    expect(notice.appended).toEqual([LOADERS.tiktok])
    expect(notice.get('dataLayer')).toBeUndefined()
    expect(notice.track('linkClick', 'ev-9', { cell: 'B2' })).toBe(true)
    expect(notice.get('ttq')).toEqual([
      ['page'],
      ['track', 'ClickButton', { cell: 'B2' }, { event_id: 'ev-9' }],
    ])
  })

  it('loads gtag.js once for Google Ads alone', () => {
    const p = page({ vendors: { googleAds: { conversionId: 'AW-987654' } } }, 'granted')
    expect(p.appended).toEqual(['https://www.googletagmanager.com/gtag/js?id=AW-987654'])
  })
})

describe('externalTransmissionNotice', () => {
  it('lists exactly the enabled vendors in each language', () => {
    const some = SiteTagsSchema.parse({
      vendors: {
        ga4: { measurementId: 'G-ABC123DEF4' },
        lineTag: { tagId: '0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d' },
      },
    })
    for (const lang of LOCALES) {
      const rows = externalTransmissionNotice(some, lang)
      expect(
        rows.map((r) => r.vendor),
        lang,
      ).toEqual(['ga4', 'lineTag'])
      for (const row of rows) {
        expect(row.data.length, `${lang} ${row.vendor}`).toBeGreaterThan(0)
        expect(row.data.every(Boolean) && Boolean(row.purpose), `${lang} ${row.vendor}`).toBe(true)
      }
      expect(externalTransmissionNotice(SiteTagsSchema.parse(ALL), lang).map((r) => r.vendor)).toEqual([
        ...AD_VENDORS,
      ])
      expect(externalTransmissionNotice(SiteTagsSchema.parse({}), lang)).toEqual([])
    }
    expect(enabledVendors(some)).toEqual(['ga4', 'lineTag'])
  })

  it('lists the server-side destinations after the vendors, in each language', () => {
    const tags = SiteTagsSchema.parse({
      vendors: { metaPixel: { pixelId: '123456789012345' } },
      conversions: {
        google: {
          customerId: '123-456-7890',
          conversionActionId: '42',
          clientId: 'a.apps.googleusercontent.com',
        },
        meta: { pixelId: '123456789012345' },
      },
    })
    expect(enabledDestinations(tags)).toEqual(['meta', 'google'])
    for (const lang of LOCALES)
      expect(
        externalTransmissionNotice(tags, lang).map((r) => r.vendor),
        lang,
      ).toEqual(['metaPixel', 'server-meta', 'server-google'])
    const [, meta, google] = externalTransmissionNotice(tags, 'ja')
    expect(meta).toEqual({
      vendor: 'server-meta',
      service: 'Meta コンバージョンAPI',
      recipient: 'Meta Platforms, Inc.',
      data: [
        'フォームに入力されたメールアドレス・電話番号（復元できない形式にハッシュ化したもの）',
        '広告のクリックID（広告から訪れた場合）',
        'フォーム送信・会員登録の完了とその日時',
        '閲覧したページのURLと参照元URL',
        'IPアドレス',
        'ブラウザ・端末の情報（ユーザーエージェント、OS、画面サイズ、言語設定）',
      ],
      purpose: '広告の効果測定（コンバージョン計測）、広告配信の最適化およびリターゲティング広告の配信',
      policyUrl: 'https://www.facebook.com/privacy/policy/',
    })
    expect(google?.service).toBe('Google 広告（拡張コンバージョン）')
    expect(externalTransmissionNotice(tags, 'en')[2]?.service).toBe('Google Ads (enhanced conversions)')
  })

  it('checks the destinations’ ids and needs opt-in consent for them', () => {
    expect(
      SiteTagsSchema.parse({
        conversions: {
          meta: { pixelId: ' 123456789012345 ', testEventCode: 'test42' },
          tiktok: { pixelCode: 'c4abcdefghijklmnopqr' },
          line: { tagId: '0A1B2C3D-4E5F-6A7B-8C9D-0E1F2A3B4C5D' },
          google: {
            customerId: '123-456-7890',
            conversionActionId: '42',
            clientId: 'x.apps.googleusercontent.com',
          },
        },
      }).conversions,
    ).toEqual({
      meta: { pixelId: '123456789012345', testEventCode: 'TEST42' },
      tiktok: { pixelCode: 'C4ABCDEFGHIJKLMNOPQR' },
      line: { tagId: '0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d' },
      google: {
        customerId: '1234567890',
        conversionActionId: '42',
        clientId: 'x.apps.googleusercontent.com',
        validateOnly: false,
      },
    })
    const wrong = SiteTagsSchema.safeParse({
      consent: 'notice-only',
      conversions: {
        meta: { pixelId: '123', testEventCode: 'abc' },
        google: { customerId: '12345', conversionActionId: 'x', clientId: 'nope' },
      },
    })
    expect(wrong.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['conversions.meta.pixelId', 'adTags.metaPixelId'],
      ['conversions.meta.testEventCode', 'conversions.testEventCode'],
      ['conversions.google.customerId', 'conversions.googleCustomerId'],
      ['conversions.google.conversionActionId', 'conversions.googleConversionActionId'],
      ['conversions.google.clientId', 'conversions.googleClientId'],
      ['consent', 'conversions.needsOptIn'],
    ])
    const noticeOnly = SiteTagsSchema.safeParse({
      consent: 'notice-only',
      conversions: { line: { tagId: '0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d' } },
    })
    expect(noticeOnly.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['consent', 'conversions.needsOptIn'],
    ])
  })

  it('gives whole rows in the notice’s language', () => {
    const tags = SiteTagsSchema.parse({
      vendors: { lineTag: { tagId: '0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d' } },
    })
    expect(externalTransmissionNotice(tags, 'ja')).toEqual([
      {
        vendor: 'lineTag',
        service: 'LINE Tag',
        recipient: 'LINEヤフー株式会社',
        data: [
          '閲覧したページのURLと参照元URL',
          'IPアドレス',
          'ブラウザ・端末の情報（ユーザーエージェント、OS、画面サイズ、言語設定）',
          'Cookie等に保存される識別子',
          '閲覧日時',
          'ページ上での操作（表示したセル、リンク・ボタンのクリック、フォーム送信・会員登録の完了）',
        ],
        purpose: '広告の効果測定（コンバージョン計測）、広告配信の最適化およびリターゲティング広告の配信',
        policyUrl: 'https://www.lycorp.co.jp/ja/company/privacypolicy/',
      },
    ])
    const [en] = externalTransmissionNotice(tags, 'en')
    expect([en?.recipient, en?.purpose]).toEqual([
      'LY Corporation',
      'Measuring ad performance (conversions), optimising ad delivery and showing retargeting ads',
    ])
    const [ko] = externalTransmissionNotice(tags, 'ko')
    expect(ko?.data[1]).toBe('IP 주소')
    const [zh] = externalTransmissionNotice(tags, 'zh')
    expect(zh?.purpose).toBe('衡量广告效果（转化跟踪）、优化广告投放及投放再营销广告')
  })
})
