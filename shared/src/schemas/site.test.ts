import { describe, expect, it } from 'vitest'
import type * as z from 'zod'
import { color, url } from './common.ts'
import {
  ApiSettingsSchema,
  agreementSchema,
  bodyTagsSchema,
  CompanySchema,
  consecutiveImagesSchema,
  contentSchema,
  DomainSchema,
  dateRangeSchema,
  gridSchema,
  headTagsSchema,
  limitFieldSchema,
  MenuItemsSchema,
  PopupCtaSchema,
  reportMonthSchema,
  SeoConfigSchema,
  SiteNameSchema,
  SiteUuidSchema,
} from './site.ts'

/** The message keys a value fails with (empty when it passes). */
const codes = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

const seo = (overrides: Record<string, unknown>) => ({
  title: 'タイトル',
  h1: '見出し',
  description: '説明',
  ...overrides,
})
const SCRIPT = '<script src="https://cdn.example.com/tag.js" defer></script>'

// [rule, schema, passing value, failing value, expected message key]
const RULES: Array<[string, z.ZodType, unknown, unknown, string]> = [
  ['site name required', SiteNameSchema, 'デモサイト', '  ', 'validation.required'],
  ['site name max 50', SiteNameSchema, 'a'.repeat(50), 'a'.repeat(51), 'validation.tooLong'],
  [
    'rows not 0',
    gridSchema(9),
    { numberHorizontal: 3, numberVertical: 3 },
    { numberHorizontal: 0, numberVertical: 3 },
    'validation.rowsCols',
  ],
  [
    'columns not 0',
    gridSchema(9),
    { numberHorizontal: 1, numberVertical: 1 },
    { numberHorizontal: 3, numberVertical: 0 },
    'validation.rowsCols',
  ],
  [
    'rows × columns within plan',
    gridSchema(6),
    { numberHorizontal: 2, numberVertical: 3 },
    { numberHorizontal: 3, numberVertical: 3 },
    'validation.tooManyCreatives',
  ],
  ['menu item not empty', MenuItemsSchema, [{ name: 'ホーム' }], [{ name: ' ' }], 'validation.menuEmpty'],
  [
    'menu item not duplicated',
    MenuItemsSchema,
    [{ name: 'A' }, { name: 'B' }],
    [{ name: 'A' }, { name: 'A' }],
    'validation.menuDuplicate',
  ],
  [
    'at least one image',
    consecutiveImagesSchema,
    [{ imageUrl: 'a.jpg' }, { imageUrl: null }],
    [{ imageUrl: null }],
    'validation.imagesRequired',
  ],
  [
    'images consecutive',
    consecutiveImagesSchema,
    [{ imageUrl: 'a' }, { imageUrl: 'b' }, {}],
    [{ imageUrl: 'a' }, {}, { imageUrl: 'c' }],
    'validation.imagesConsecutive',
  ],
  [
    'SEO title max 60',
    SeoConfigSchema,
    seo({ title: 'あ'.repeat(60) }),
    seo({ title: 'あ'.repeat(61) }),
    'validation.tooLong',
  ],
  [
    'SEO h1 max 70',
    SeoConfigSchema,
    seo({ h1: 'a'.repeat(70) }),
    seo({ h1: 'a'.repeat(71) }),
    'validation.tooLong',
  ],
  [
    'SEO description max 160',
    SeoConfigSchema,
    seo({ description: 'a'.repeat(160) }),
    seo({ description: 'a'.repeat(161) }),
    'validation.tooLong',
  ],
  [
    'SEO no leading/trailing space',
    SeoConfigSchema,
    seo({ title: 'Swipe LP' }),
    seo({ title: ' Swipe LP' }),
    'validation.whitespace',
  ],
  [
    'SEO allowed symbols',
    SeoConfigSchema,
    seo({ title: '新作 | 春:セール【限定】(2026) - A' }),
    seo({ title: '春セール!' }),
    'validation.seoChars',
  ],
  [
    'SEO full-width symbols',
    SeoConfigSchema,
    seo({ title: '春キャンペーン｜デモ：特集　－第2弾－ ｛限定｝〔予約〕《新作》' }),
    seo({ title: '春キャンペーン！' }),
    'validation.seoChars',
  ],
  [
    'SEO no full-width underscore or middle symbols',
    SeoConfigSchema,
    seo({ h1: '春キャンペーン【期間限定】' }),
    seo({ h1: '春キャンペーン＿限定' }),
    'validation.seoChars',
  ],
  [
    'SEO no underscore',
    SeoConfigSchema,
    seo({ h1: 'spring sale' }),
    seo({ h1: 'spring_sale' }),
    'validation.seoChars',
  ],
  [
    'SEO no emoji',
    SeoConfigSchema,
    seo({ description: 'セール開催中' }),
    seo({ description: 'セール開催中🎉' }),
    'validation.seoChars',
  ],
  [
    'head tags max 65535',
    headTagsSchema,
    `<meta name="a" content="${'x'.repeat(100)}">`,
    `<meta>${'x'.repeat(65535)}`,
    'validation.tooLong',
  ],
  [
    'head tags no eval',
    headTagsSchema,
    '<meta name="robots" content="index">',
    '<script>eval("1")</script>',
    'validation.forbiddenScript',
  ],
  [
    'body tags script src defer',
    bodyTagsSchema,
    `${SCRIPT}\n${SCRIPT}`,
    '<script src="https://cdn.example.com/tag.js"></script>',
    'validation.scriptFormat',
  ],
  [
    'body tags start and end with script',
    bodyTagsSchema,
    SCRIPT,
    `<div></div>${SCRIPT}`,
    'validation.scriptFormat',
  ],
  [
    'body tags no inline code',
    bodyTagsSchema,
    SCRIPT,
    '<script src="https://x.example/a.js" defer>alert(1)</script>',
    'validation.scriptFormat',
  ],
  [
    'body tags no setTimeout',
    bodyTagsSchema,
    SCRIPT,
    '<script src="https://x.example/a.js?setTimeout" defer></script>',
    'validation.forbiddenScript',
  ],
  [
    'body tags no setInterval',
    bodyTagsSchema,
    SCRIPT,
    `${SCRIPT}<script>setInterval(f)</script>`,
    'validation.forbiddenScript',
  ],
  ['URL valid', url, 'https://example.com/lp?a=1', 'javascript:alert(1)', 'validation.url'],
  [
    'URL max 256',
    url,
    `https://example.com/${'a'.repeat(200)}`,
    `https://example.com/${'a'.repeat(240)}`,
    'validation.tooLong',
  ],
  ['limit under 10 characters', limitFieldSchema, '999999999', '1000000000', 'validation.tooLong'],
  ['limit is a number', limitFieldSchema, '100', '10人', 'validation.invalid'],
  ['colour hex', color, '#99D52A', '#99D52', 'validation.color'],
  ['colour short hex', color, '#FFF', 'FFF', 'validation.color'],
  ['colour rgb(a)', color, 'rgba(255, 0, 0, 0.5)', 'rgb(255 0)', 'validation.color'],
  ['colour hsl(a)', color, 'hsl(120, 50%, 50%)', 'hsl(120, 50, 50)', 'validation.color'],
  [
    'start requires end',
    dateRangeSchema,
    { startDate: '2026-12-01T00:00:00+09:00', endDate: '2026-12-02T00:00:00+09:00' },
    { startDate: '2026-12-01T00:00:00+09:00' },
    'validation.endRequired',
  ],
  [
    'end after start',
    dateRangeSchema,
    {},
    { startDate: '2026-12-02T00:00:00Z', endDate: '2026-12-01T00:00:00Z' },
    'validation.endBeforeStart',
  ],
  ['CTA/news content max 120', contentSchema, 'あ'.repeat(120), 'あ'.repeat(121), 'validation.tooLong'],
  [
    'CTA URL well formed',
    PopupCtaSchema,
    { kind: 'TIME_LIMIT', linkUrl: 'https://example.com' },
    { kind: 'TIME_LIMIT', linkUrl: 'example' },
    'validation.url',
  ],
  [
    'CTA end after start',
    PopupCtaSchema,
    {
      kind: 'TIME_LIMIT',
      linkUrl: 'https://e.com',
      startDate: '2026-12-01T00:00:00Z',
      endDate: '2026-12-31T00:00:00Z',
    },
    {
      kind: 'TIME_LIMIT',
      linkUrl: 'https://e.com',
      startDate: '2026-12-31T00:00:00Z',
      endDate: '2026-12-01T00:00:00Z',
    },
    'validation.endBeforeStart',
  ],
  [
    'company URL valid',
    CompanySchema,
    { companyWebsite: 'https://corp.example.jp' },
    { companyWebsite: 'corp' },
    'validation.url',
  ],
  [
    'agreement ON needs terms',
    CompanySchema,
    { contractAgreementRequired: true, termsOfService: '規約', privacyPolicy: '方針' },
    { contractAgreementRequired: true, privacyPolicy: '方針' },
    'validation.required',
  ],
  [
    'agreement ON needs privacy policy',
    CompanySchema,
    { contractAgreementRequired: false },
    { contractAgreementRequired: true, termsOfService: '規約' },
    'validation.required',
  ],
  [
    'agreement is mandatory when required',
    agreementSchema(true),
    true,
    false,
    'validation.agreementRequired',
  ],
  ['domain format', DomainSchema, 'lp.customer.co.jp', 'lp_customer..jp', 'validation.domain'],
  [
    'site UUID format',
    SiteUuidSchema,
    '0a77bdfa-90eb-4e1e-8df7-f9938cb1ac90',
    'demo-site',
    'validation.siteUuid',
  ],
  [
    'API IP restriction needs an IP',
    ApiSettingsSchema,
    { enabled: true, authMethod: 'IP_RESTRICTION', ipList: ['203.0.113.0/24'] },
    { enabled: true, authMethod: 'IP_RESTRICTION', ipList: [] },
    'validation.ipRequired',
  ],
  [
    'API key method needs a key',
    ApiSettingsSchema,
    { enabled: true, authMethod: 'API_KEY', apiKey: 'k-123' },
    { enabled: true, authMethod: 'API_KEY', apiKey: '' },
    'validation.apiKeyRequired',
  ],
  [
    'basic auth needs ID and password',
    ApiSettingsSchema,
    { enabled: true, authMethod: 'BASIC_AUTH', basicId: 'id', basicPassword: 'pw' },
    { enabled: true, authMethod: 'BASIC_AUTH', basicId: 'id', basicPassword: '' },
    'validation.basicAuthRequired',
  ],
  [
    'report month not in the future',
    reportMonthSchema(new Date('2026-11-22T00:00:00Z')),
    '2026-11',
    '2026-12',
    'validation.futureMonth',
  ],
  [
    'report month within a year',
    reportMonthSchema(new Date('2026-11-22T00:00:00Z')),
    '2025-11',
    '2025-10',
    'validation.tooOld',
  ],
]

describe('site-builder validation (SPEC §5)', () => {
  it.each(RULES)('%s', (_rule, schema, passing, failing, code) => {
    expect(codes(schema, passing)).toEqual([])
    expect(codes(schema, failing)).toContain(code)
  })
})
