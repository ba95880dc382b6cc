import { beforeAll, describe, expect, it } from 'vitest'
import { createAccount } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { useStackEnv } from '../support/env.ts'

/**
 * Every site-builder validation rule of SPEC §5, walked through the real PUT /site/{id} handler
 * with a passing and a failing value: the passing save is stored, the failing one answers 400 with
 * the field's path and message key and changes nothing.
 */

const { urls } = useStackEnv()
const http = api(urls.api)

type Body = {
  version: number
  global_setting: Record<string, unknown> & { popup_ctas: Record<string, unknown>[] }
  menus: Record<string, unknown>[]
  creatives: Record<string, unknown>[]
  settings: Record<string, unknown>[]
}

const SCRIPT = '<script src="https://cdn.example.com/tag.js" defer></script>'
const field = (title: string, extra: Record<string, unknown> = {}) => ({
  type_input: 'TEXT_BOX',
  title,
  placeholder: '',
  is_required: false,
  options: [],
  ...extra,
})
const fixed = (key: string) => field(key, { key, is_required: true })
const forms = (contact: Record<string, unknown> = {}, extraFields: Record<string, unknown>[] = []) => ({
  contact: {
    enabled: false,
    recipient_email: '',
    company_name: '',
    fields: [fixed('email'), fixed('company'), ...extraFields],
    ...contact,
  },
  membership: { enabled: false, fields: [fixed('email'), fixed('password'), fixed('confirm_password')] },
  homepage: { enabled: false, fields: [fixed('email'), fixed('company')] },
})
const cta = (overrides: Record<string, unknown> = {}) => ({
  kind: 'APPLICANT_LIMIT',
  is_internal_link: false,
  link_url: 'https://example.com/cta',
  ...overrides,
})

/** A valid save of a 2 × 3 JP/EN site with one JP creative, menu and settings entry. */
const validBody = (id: string, version: number): Body => ({
  version,
  global_setting: {
    id,
    name: '検証サイト',
    number_horizontal: 2,
    number_vertical: 3,
    languages: ['JP', 'EN'],
    default_language: 'JP',
    popup_ctas: [],
  },
  menus: [{ lang: 'JP', items: [{ name: 'ホーム' }], text_color: null }],
  creatives: [{ lang: 'JP', position: 'A1' }],
  settings: [{ lang: 'JP', seo: null, sns: [], company: null, forms: forms() }],
})

type Rule = {
  rule: string
  /** Path of the failing field below `body.`. */
  path: string
  code: string
  pass: (b: Body) => void
  fail: (b: Body) => void
}

const g = (b: Body) => b.global_setting
const creative = (b: Body) => b.creatives[0]!
const seoWith = (b: Body, seo: Record<string, unknown>) => {
  b.settings[0]!.seo = { title: 'タイトル', h1: '見出し', description: '説明', head: '', body: '', ...seo }
}
const companyWith = (b: Body, company: Record<string, unknown>) => {
  b.settings[0]!.company = {
    company_profile: '',
    company_clause: '',
    terms_of_service: '規約',
    privacy_policy: 'ポリシー',
    ...company,
  }
}
/** A meta tag of exactly `length` characters. */
const meta = (length: number) => {
  const open = '<meta name="x" content="'
  const close = '">'
  return `${open}${'a'.repeat(length - open.length - close.length)}${close}`
}
const contact = (b: Body) => (b.settings[0]!.forms as ReturnType<typeof forms>).contact

const RULES: Rule[] = [
  {
    rule: 'site name is required',
    path: 'globalSetting.name',
    code: 'validation.required',
    pass: (b) => {
      g(b).name = 'サイト'
    },
    fail: (b) => {
      g(b).name = '   '
    },
  },
  {
    rule: 'site name is at most 50 characters',
    path: 'globalSetting.name',
    code: 'validation.tooLong',
    pass: (b) => {
      g(b).name = 'あ'.repeat(50)
    },
    fail: (b) => {
      g(b).name = 'あ'.repeat(51)
    },
  },
  {
    rule: 'rows are not 0',
    path: 'globalSetting.numberHorizontal',
    code: 'validation.rowsCols',
    pass: (b) => {
      g(b).number_horizontal = 2
    },
    fail: (b) => {
      g(b).number_horizontal = 0
    },
  },
  {
    rule: 'columns are not 0',
    path: 'globalSetting.numberVertical',
    code: 'validation.rowsCols',
    pass: (b) => {
      g(b).number_vertical = 3
    },
    fail: (b) => {
      g(b).number_vertical = 0
    },
  },
  {
    rule: 'rows × columns stay within the largest plan (100)',
    path: 'globalSetting.numberHorizontal',
    code: 'validation.tooManyCreatives',
    pass: (b) => {
      g(b).number_horizontal = 10
      g(b).number_vertical = 10
    },
    fail: (b) => {
      g(b).number_horizontal = 11
      g(b).number_vertical = 10
    },
  },
  {
    rule: 'menu items are not empty',
    path: 'menus.0.items.0.name',
    code: 'validation.menuEmpty',
    pass: (b) => {
      b.menus[0]!.items = [{ name: 'ホーム' }]
    },
    fail: (b) => {
      b.menus[0]!.items = [{ name: '  ' }]
    },
  },
  {
    rule: 'menu items are not duplicated',
    path: 'menus.0.items.1.name',
    code: 'validation.menuDuplicate',
    pass: (b) => {
      b.menus[0]!.items = [{ name: 'ホーム' }, { name: '会社概要' }]
    },
    fail: (b) => {
      b.menus[0]!.items = [{ name: 'ホーム' }, { name: 'ホーム' }]
    },
  },
  {
    rule: 'SEO title is at most 60 characters',
    path: 'settings.0.seo.title',
    code: 'validation.tooLong',
    pass: (b) => seoWith(b, { title: 'あ'.repeat(60) }),
    fail: (b) => seoWith(b, { title: 'あ'.repeat(61) }),
  },
  {
    rule: 'SEO h1 is at most 70 characters',
    path: 'settings.0.seo.h1',
    code: 'validation.tooLong',
    pass: (b) => seoWith(b, { h1: 'あ'.repeat(70) }),
    fail: (b) => seoWith(b, { h1: 'あ'.repeat(71) }),
  },
  {
    rule: 'SEO description is at most 160 characters',
    path: 'settings.0.seo.description',
    code: 'validation.tooLong',
    pass: (b) => seoWith(b, { description: 'あ'.repeat(160) }),
    fail: (b) => seoWith(b, { description: 'あ'.repeat(161) }),
  },
  {
    rule: 'SEO text takes punctuation and symbols but no emoji, control characters or underscore',
    path: 'settings.0.seo.title',
    code: 'validation.seoChars',
    pass: (b) => seoWith(b, { title: '春のセール 2026 - 公式 | 【限定】送料無料！' }),
    fail: (b) => seoWith(b, { title: '春のセール🎉' }),
  },
  {
    rule: 'SEO text has no leading or trailing spaces',
    path: 'settings.0.seo.h1',
    code: 'validation.whitespace',
    pass: (b) => seoWith(b, { h1: '見出し' }),
    fail: (b) => seoWith(b, { h1: ' 見出し' }),
  },
  {
    rule: 'head tags are at most 65535 characters',
    path: 'settings.0.seo.head',
    code: 'validation.tooLong',
    pass: (b) => seoWith(b, { head: meta(65535) }),
    fail: (b) => seoWith(b, { head: meta(65536) }),
  },
  {
    rule: 'head tags are an allowlist: no inline event handlers',
    path: 'settings.0.seo.head',
    code: 'validation.headTags',
    pass: (b) =>
      seoWith(b, { head: '<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>' }),
    fail: (b) => seoWith(b, { head: '<img src=x onerror=alert(document.cookie)>' }),
  },
  {
    rule: 'head tags are an allowlist: no javascript: URLs, no meta refresh',
    path: 'settings.0.seo.head',
    code: 'validation.headTags',
    pass: (b) => seoWith(b, { head: '<link rel="canonical" href="https://example.jp/lp">' }),
    fail: (b) => seoWith(b, { head: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">' }),
  },
  {
    rule: 'body tags carry no event handlers',
    path: 'settings.0.seo.body',
    code: 'validation.scriptFormat',
    pass: (b) => seoWith(b, { body: SCRIPT }),
    fail: (b) => seoWith(b, { body: SCRIPT.replace(' defer', ' defer onload="alert(1)"') }),
  },
  {
    rule: 'body tags are script tags',
    path: 'settings.0.seo.body',
    code: 'validation.scriptFormat',
    pass: (b) => seoWith(b, { body: SCRIPT }),
    fail: (b) => seoWith(b, { body: 'console.log(1)' }),
  },
  {
    rule: 'body tags may not use eval',
    path: 'settings.0.seo.body',
    code: 'validation.forbiddenScript',
    pass: (b) => seoWith(b, { body: `${SCRIPT}\n${SCRIPT}` }),
    fail: (b) => seoWith(b, { body: '<script>eval("alert(1)")</script>' }),
  },
  {
    rule: 'body tags may not use setTimeout',
    path: 'settings.0.seo.body',
    code: 'validation.forbiddenScript',
    pass: (b) => seoWith(b, { body: SCRIPT }),
    fail: (b) => seoWith(b, { body: '<script>setTimeout(run, 1)</script>' }),
  },
  {
    rule: 'body tags may not use setInterval',
    path: 'settings.0.seo.body',
    code: 'validation.forbiddenScript',
    pass: (b) => seoWith(b, { body: SCRIPT }),
    fail: (b) => seoWith(b, { body: '<script>setInterval(run, 1)</script>' }),
  },
  {
    rule: 'general text is at most 50 characters',
    path: 'creatives.0.imageAlt',
    code: 'validation.tooLong',
    pass: (b) => {
      creative(b).image_alt = 'a'.repeat(50)
    },
    fail: (b) => {
      creative(b).image_alt = 'a'.repeat(51)
    },
  },
  {
    rule: 'a link is a valid URL',
    path: 'creatives.0.linkDestinationUrl',
    code: 'validation.url',
    pass: (b) => {
      creative(b).link_destination_url = 'https://example.com/lp'
    },
    fail: (b) => {
      creative(b).link_destination_url = 'example dot com'
    },
  },
  {
    rule: 'a link is at most 256 characters',
    path: 'creatives.0.linkDestinationUrl',
    code: 'validation.tooLong',
    pass: (b) => {
      creative(b).link_destination_url = `https://example.com/${'a'.repeat(236)}`
    },
    fail: (b) => {
      creative(b).link_destination_url = `https://example.com/${'a'.repeat(237)}`
    },
  },
  {
    rule: 'an internal link names one of the site forms',
    path: 'creatives.0.linkDestinationUrl',
    code: 'validation.linkTarget',
    pass: (b) => Object.assign(creative(b), { is_internal_link: true, link_destination_url: 'membership' }),
    fail: (b) => Object.assign(creative(b), { is_internal_link: true, link_destination_url: 'https://x.jp' }),
  },
  {
    rule: 'a product link is a valid URL',
    path: 'creatives.0.products.0.linkButtonUrl',
    code: 'validation.url',
    pass: (b) => {
      creative(b).products = [{ product_name: '商品', link_button_url: 'https://shop.jp' }]
    },
    fail: (b) => {
      creative(b).products = [{ product_name: '商品', link_button_url: 'shop' }]
    },
  },
  {
    rule: 'the CTA limit has fewer than 10 characters',
    path: 'globalSetting.popupCtas.0.limit',
    code: 'validation.tooLong',
    pass: (b) => {
      g(b).popup_ctas = [cta({ limit: '123456789' })]
    },
    fail: (b) => {
      g(b).popup_ctas = [cta({ limit: '1234567890' })]
    },
  },
  {
    rule: 'the CTA limit is a number',
    path: 'globalSetting.popupCtas.0.limit',
    code: 'validation.invalid',
    pass: (b) => {
      g(b).popup_ctas = [cta({ limit: '30' })]
    },
    fail: (b) => {
      g(b).popup_ctas = [cta({ limit: '30人' })]
    },
  },
  {
    rule: 'colours are hex',
    path: 'creatives.0.linkButtonColor',
    code: 'validation.color',
    pass: (b) => {
      creative(b).link_button_color = '#AbC'
    },
    fail: (b) => {
      creative(b).link_button_color = '#GGGGGG'
    },
  },
  {
    rule: 'colours are rgb(a)',
    path: 'creatives.0.linkTextColor',
    code: 'validation.color',
    pass: (b) => {
      creative(b).link_text_color = 'rgba(10, 20, 30, 0.5)'
    },
    fail: (b) => {
      creative(b).link_text_color = 'rgb(10 20)'
    },
  },
  {
    rule: 'colours are hsl(a)',
    path: 'creatives.0.mainTextColor',
    code: 'validation.color',
    pass: (b) => {
      creative(b).main_text_color = 'hsla(120, 50%, 50%, 0.3)'
    },
    fail: (b) => {
      creative(b).main_text_color = 'green'
    },
  },
  {
    rule: 'a start date requires an end date',
    path: 'globalSetting.popupCtas.0.endDate',
    code: 'validation.endRequired',
    pass: (b) => {
      g(b).popup_ctas = [
        cta({
          kind: 'TIME_LIMIT',
          start_date: '2026-12-01T00:00:00+09:00',
          end_date: '2026-12-02T00:00:00+09:00',
        }),
      ]
    },
    fail: (b) => {
      g(b).popup_ctas = [cta({ kind: 'TIME_LIMIT', start_date: '2026-12-01T00:00:00+09:00' })]
    },
  },
  {
    rule: 'the end date comes after the start date',
    path: 'globalSetting.popupCtas.0.endDate',
    code: 'validation.endBeforeStart',
    pass: (b) => {
      g(b).popup_ctas = [
        cta({ start_date: '2026-12-01T00:00:00+09:00', end_date: '2026-12-01T00:01:00+09:00' }),
      ]
    },
    fail: (b) => {
      g(b).popup_ctas = [
        cta({ start_date: '2026-12-01T00:00:00+09:00', end_date: '2026-12-01T00:00:00+09:00' }),
      ]
    },
  },
  {
    rule: 'CTA content is at most 120 characters, in each language',
    path: 'globalSetting.popupCtas.0.localized.1.content',
    code: 'validation.tooLong',
    pass: (b) => {
      g(b).popup_ctas = [
        cta({
          localized: [
            { lang: 'JP', content: 'あ'.repeat(120) },
            { lang: 'EN', content: 'a'.repeat(120) },
          ],
        }),
      ]
    },
    fail: (b) => {
      g(b).popup_ctas = [
        cta({
          localized: [
            { lang: 'JP', content: 'あ'.repeat(120) },
            { lang: 'EN', content: 'a'.repeat(121) },
          ],
        }),
      ]
    },
  },
  {
    rule: 'a CTA has one text per language',
    path: 'globalSetting.popupCtas.0.localized',
    code: 'validation.invalid',
    pass: (b) => {
      g(b).popup_ctas = [cta({ localized: [{ lang: 'JP', content: '一つ目' }] })]
    },
    fail: (b) => {
      g(b).popup_ctas = [
        cta({
          localized: [
            { lang: 'JP', content: '一つ目' },
            { lang: 'JP', content: '二つ目' },
          ],
        }),
      ]
    },
  },
  {
    rule: 'creative main text is at most 120 characters',
    path: 'creatives.0.mainText',
    code: 'validation.tooLong',
    pass: (b) => {
      creative(b).main_text = 'あ'.repeat(120)
    },
    fail: (b) => {
      creative(b).main_text = 'あ'.repeat(121)
    },
  },
  {
    rule: 'the company URL is a valid URL',
    path: 'settings.0.company.companyWebsite',
    code: 'validation.url',
    pass: (b) => companyWith(b, { company_website: 'https://corp.example.jp' }),
    fail: (b) => companyWith(b, { company_website: 'corp.example' }),
  },
  {
    rule: 'Contract Agreement Required needs the terms of use',
    path: 'settings.0.company.termsOfService',
    code: 'validation.required',
    pass: (b) => companyWith(b, { contract_agreement_required: true }),
    fail: (b) => companyWith(b, { contract_agreement_required: true, terms_of_service: ' ' }),
  },
  {
    rule: 'Contract Agreement Required needs the privacy policy',
    path: 'settings.0.company.privacyPolicy',
    code: 'validation.required',
    pass: (b) => companyWith(b, { contract_agreement_required: false, privacy_policy: '' }),
    fail: (b) => companyWith(b, { contract_agreement_required: true, privacy_policy: '' }),
  },
  {
    rule: 'an SNS link has a URL',
    path: 'settings.0.sns.0.snsUrl',
    code: 'validation.required',
    pass: (b) => {
      b.settings[0]!.sns = [{ sns_type: 'line', sns_url: 'https://line.me/R/ti/p/x' }]
    },
    fail: (b) => {
      b.settings[0]!.sns = [{ sns_type: 'line', sns_url: '' }]
    },
  },
  {
    rule: 'an enabled contact form has a recipient',
    path: 'settings.0.forms.contact.recipientEmail',
    code: 'validation.required',
    pass: (b) => Object.assign(contact(b), { enabled: true, recipient_email: 'inbox@example.com' }),
    fail: (b) => Object.assign(contact(b), { enabled: true, recipient_email: '' }),
  },
  {
    rule: 'a dropdown has options',
    path: 'settings.0.forms.contact.fields.2.options',
    code: 'validation.optionsRequired',
    pass: (b) => {
      b.settings[0]!.forms = forms({}, [
        field('ご用件', { type_input: 'SELECT', options: [{ value: '相談', is_default: true }] }),
      ])
    },
    fail: (b) => {
      b.settings[0]!.forms = forms({}, [field('ご用件', { type_input: 'SELECT' })])
    },
  },
  {
    rule: 'a dropdown has one default at most',
    path: 'settings.0.forms.contact.fields.2.options',
    code: 'validation.oneDefault',
    pass: (b) => {
      b.settings[0]!.forms = forms({}, [
        field('ご用件', {
          type_input: 'SELECT_OPTIONS',
          options: [
            { value: 'A', is_default: true },
            { value: 'B', is_default: true },
          ],
        }),
      ])
    },
    fail: (b) => {
      b.settings[0]!.forms = forms({}, [
        field('ご用件', {
          type_input: 'SELECT',
          options: [
            { value: 'A', is_default: true },
            { value: 'B', is_default: true },
          ],
        }),
      ])
    },
  },
  {
    rule: 'a form keeps its fixed fields',
    path: 'settings.0.forms.membership.fields',
    code: 'validation.fixedFieldMissing',
    pass: (b) => {
      b.settings[0]!.forms = forms()
    },
    fail: (b) => {
      const f = forms()
      f.membership.fields = f.membership.fields.filter((x) => x.title !== 'confirm_password')
      b.settings[0]!.forms = f
    },
  },
  {
    rule: 'a form field title is at most 50 characters',
    path: 'settings.0.forms.contact.fields.2.title',
    code: 'validation.tooLong',
    pass: (b) => {
      b.settings[0]!.forms = forms({}, [field('あ'.repeat(50))])
    },
    fail: (b) => {
      b.settings[0]!.forms = forms({}, [field('あ'.repeat(51))])
    },
  },
]

describe('site validation through the API (SPEC §5)', () => {
  let token: string
  let siteId: string
  let version: number

  const stored = async () => {
    const response = await http.get(`/site/${siteId}`, { token })
    expect(response.status).toBe(200)
    return response.body
  }

  beforeAll(async () => {
    const master = await http.post('/auth/login', {
      login_id: 'master@example.com',
      password: 'Master#Local1',
    })
    const rootId = master.body.user_info.id as string
    const root = { accountId: rootId, email: '', password: '', type: 'MASTER' as const, ancestorIds: [] }
    const user = await createAccount({ type: 'USER', parent: root, planId: 'pro_multi' })
    token = (await http.post('/auth/login', { login_id: user.email, password: user.password })).body
      .access_token
    const created = await http.post(
      '/site',
      { name: '検証サイト', number_horizontal: 2, number_vertical: 3, languages: ['JP', 'EN'] },
      { token },
    )
    expect(created.status).toBe(201)
    siteId = created.body.global_setting.id
    version = created.body.version
  })

  it.each(RULES)('$rule', async ({ path, code, pass, fail }) => {
    const good = validBody(siteId, version)
    pass(good)
    const saved = await http.call('PUT', `/site/${siteId}`, { token, body: good })
    expect(saved.status, JSON.stringify(saved.body).slice(0, 500)).toBe(200)
    version = saved.body.version
    const before = await stored()

    const bad = validBody(siteId, version)
    fail(bad)
    const refused = await http.call('PUT', `/site/${siteId}`, { token, body: bad })
    expect(refused.status, JSON.stringify(refused.body).slice(0, 500)).toBe(400)
    expect(refused.body.error.code).toBe('error.validation')
    expect(refused.body.error.details).toContainEqual(
      expect.objectContaining({ path: `body.${path}`, code, message: expect.any(String) }),
    )
    // Nothing was written: same version, same content.
    expect(await stored()).toEqual(before)
  })

  it('answers the field messages in the caller’s language', async () => {
    const bad = validBody(siteId, version)
    g(bad).name = ''
    const ja = await http.call('PUT', `/site/${siteId}`, { token, body: bad, lang: 'ja' })
    expect(ja.body.error.details).toContainEqual(
      expect.objectContaining({
        path: 'body.globalSetting.name',
        code: 'validation.required',
        message: 'この項目は必須です。',
      }),
    )
    const ko = await http.call('PUT', `/site/${siteId}`, { token, body: bad, lang: 'ko' })
    expect(ko.body.error.details[0].message).toBe('필수 항목입니다.')
  })
})
