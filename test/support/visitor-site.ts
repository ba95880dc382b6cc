import { randomInt, randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { creatorToken } from './accounts.ts'
import type { api } from './api.ts'
import { confirmedKeys, storeMedia } from './uploads.ts'

type Api = ReturnType<typeof api>

/** A creator on the plan with every feature (contact form, languages), signed in. */
export const formsCreator = (http: Api) => creatorToken(http, 'pro_multi')

/** A form field as the console saves it (snake_case). */
export const formField = (title: string, extra: Record<string, unknown> = {}) => ({
  type_input: 'TEXT_BOX',
  title,
  placeholder: '',
  is_required: false,
  options: [],
  ...extra,
})
const fixed = (key: string, title: string) => formField(title, { key, is_required: true })
const choices = (...values: string[]) => values.map((value, i) => ({ value, is_default: i === 0 }))

/** The contact form's own sent text and automatic reply (`publishVisitorSite`'s `replies`). */
export const REPLIES = {
  success_text: 'ありがとうございました。\n担当より2営業日以内にご連絡します。',
  auto_reply: {
    enabled: true,
    subject: 'お問い合わせを受け付けました',
    body: 'お問い合わせありがとうございます。\n担当より2営業日以内にご連絡します。',
  },
}

/**
 * The forms of one language: every form enabled, each with fields of its own beside the fixed ones;
 * the contact form's message is a single-line text box unless `messageType` says otherwise.
 */
export const visitorForms = (
  recipient: string,
  lang: 'JP' | 'EN',
  messageType = 'TEXT_BOX',
  replies = false,
) => ({
  contact: {
    enabled: true,
    recipient_email: recipient,
    company_name: lang === 'JP' ? '株式会社テスト' : 'Test Inc.',
    ...(replies ? REPLIES : {}),
    fields: [
      fixed('email', lang === 'JP' ? 'メールアドレス' : 'Email'),
      fixed('company', lang === 'JP' ? '会社名' : 'Company'),
      formField(lang === 'JP' ? 'ご用件' : 'Topic', {
        id: 'topic',
        type_input: 'SELECT',
        is_required: true,
        options: choices('Sales', 'Support'),
      }),
      formField(lang === 'JP' ? 'お問い合わせ内容' : 'Message', { id: 'message', type_input: messageType }),
    ],
  },
  membership: {
    enabled: true,
    fields: [
      fixed('email', lang === 'JP' ? 'メールアドレス' : 'Email'),
      fixed('password', lang === 'JP' ? 'パスワード' : 'Password'),
      fixed('confirm_password', lang === 'JP' ? 'パスワード（確認）' : 'Confirm password'),
      formField(lang === 'JP' ? 'ニックネーム' : 'Nickname', { id: 'nickname' }),
    ],
  },
  homepage: {
    enabled: true,
    fields: [
      fixed('email', lang === 'JP' ? 'メールアドレス' : 'Email'),
      fixed('company', lang === 'JP' ? '会社名' : 'Company'),
      formField(lang === 'JP' ? '興味のある分野' : 'Interests', {
        id: 'interests',
        type_input: 'SELECT_OPTIONS',
        options: choices('A', 'B', 'C'),
      }),
      formField(lang === 'JP' ? '人数' : 'People', { id: 'people', type_input: 'NUMBER' }),
    ],
  },
})

export interface VisitorSite {
  siteId: string
  siteUuid: string
  /** The contact setting's recipient (the same for both languages). */
  recipient: string
}

/**
 * Creates and publishes a 1 × 2 JP/EN site: A1 public, B1 members only (with a product), every
 * visitor form enabled in both languages, the JP company requiring agreement on the membership
 * form only. `forms: false` saves no forms (the defaults: all disabled).
 */
export const publishVisitorSite = async (
  http: Api,
  token: string,
  options: {
    forms?: boolean
    publish?: boolean
    messageType?: 'TEXT_BOX' | 'TEXT_AREA'
    replies?: boolean
    /** The site's `ad_tags` (as the API takes them). */
    adTags?: unknown
  } = {},
): Promise<VisitorSite> => {
  const created = await http.post(
    '/site',
    { name: 'フォームのテスト', number_horizontal: 1, number_vertical: 2, languages: ['JP', 'EN'] },
    { token },
  )
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const siteId = created.body.global_setting.id as string
  const siteUuid = created.body.global_setting.site_uuid as string
  const recipient = `inbox-${randomUUID().slice(0, 8)}@example.com`
  const [a1, b1, product, a1En] = await confirmedKeys(siteId, ['jpg', 'jpg', 'png', 'jpg'])
  await storeMedia([a1!, b1!, product!, a1En!])
  const withForms = options.forms ?? true
  const saved = await http.call('PUT', `/site/${siteId}`, {
    token,
    body: {
      version: 1,
      global_setting: {
        id: siteId,
        name: 'フォームのテスト',
        number_horizontal: 1,
        number_vertical: 2,
        default_language: 'JP',
        languages: ['JP', 'EN'],
        ...(options.adTags ? { ad_tags: options.adTags } : {}),
      },
      creatives: [
        { lang: 'JP', position: 'A1', media_key: a1, media_type: 'image', main_text: '公開' },
        {
          lang: 'JP',
          position: 'B1',
          media_key: b1,
          media_type: 'image',
          main_text: '会員だけの秘密',
          members_only_lock: true,
          products: [{ id: 'secret', product_name: '秘密の商品', image_path: product, price: 1 }],
        },
        { lang: 'EN', position: 'A1', media_key: a1En, media_type: 'image' },
      ],
      settings: [
        {
          lang: 'JP',
          sns: [],
          company: {
            company_website: 'https://example.com/company',
            terms_of_service: '利用規約',
            privacy_policy: 'プライバシーポリシー',
            contract_agreement_required: true,
            show_in_member_ship: true,
            show_in_contact: false,
            show_in_form: false,
          },
          ...(withForms
            ? { forms: visitorForms(recipient, 'JP', options.messageType, options.replies) }
            : {}),
        },
        {
          lang: 'EN',
          sns: [],
          ...(withForms ? { forms: visitorForms(recipient, 'EN', options.messageType) } : {}),
        },
      ],
    },
  })
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
  if (options.publish ?? true) {
    const published = await http.post(
      `/site/${siteId}/status`,
      { action: 'publish', version: saved.body.version },
      { token },
    )
    expect(published.status, JSON.stringify(published.body)).toBe(200)
  }
  return { siteId, siteUuid, recipient }
}

/** A site's own origin on the local edge (`{site-uuid}.sites.localhost:<port>`), where members sign in. */
export const siteOrigin = (site: Pick<VisitorSite, 'siteUuid'>, edgeUrl: string) =>
  `http://${site.siteUuid}.sites.localhost:${new URL(edgeUrl).port}`

/** What the site's own pages send with every member-session request (a same-origin fetch). */
export const MEMBER_REQUEST = { 'x-swipe-member': '1', 'sec-fetch-site': 'same-origin' } as const

/** The headers of a member-session request from the site's own pages (sign-in, sign-out, members-only reads). */
export const memberHeaders = (site: Pick<VisitorSite, 'siteUuid'>, edgeUrl: string) => ({
  ...MEMBER_REQUEST,
  origin: siteOrigin(site, edgeUrl),
})

/** 198.51.0.1 to 198.51.255.254 without the .0 and .255 ends: 65,024 addresses. */
const TEST_IPS = 256 * 254
let nextTestIp = randomInt(TEST_IPS)

/**
 * A client address of the documentation range, a new one on every call, so rate windows never
 * meet: a test file's addresses follow each other from a random start, so no two of its calls share
 * one (drawn at random each time, two of a file's ~100 calls shared one in about 7 % of files).
 */
export const testIp = () => {
  const n = nextTestIp
  nextTestIp = (nextTestIp + 1) % TEST_IPS
  return `198.51.${Math.floor(n / 254)}.${(n % 254) + 1}`
}

/**
 * A visitor's call as the sites distribution delivers it: the viewer's address in
 * `X-Viewer-Address` with the origin secret that vouches for it, JSON as sent (form input names stay as they are). The raw text of
 * the answer is kept for byte-for-byte comparisons.
 */
export const visitorCall = async (
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: {
    body?: unknown
    ip?: string
    token?: string
    lang?: string
    /** More request headers (a member's session cookie, Origin, Sec-Fetch-Site…). */
    headers?: Record<string, string>
  } = {},
) => {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'x-viewer-address': `${options.ip ?? testIp()}:443`,
      // The origin secret CloudFront adds (the stack's env, set by useStackEnv): without it the API
      // would not believe the viewer address and every test would share one window.
      ...(process.env.ORIGIN_VERIFY_SECRET ? { 'x-origin-verify': process.env.ORIGIN_VERIFY_SECRET } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.lang ? { 'x-lang': options.lang } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  })
  const text = await response.text()
  // biome-ignore lint/suspicious/noExplicitAny: test responses are asserted field by field.
  let body: any
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = text
  }
  return { status: response.status, headers: response.headers, text, body }
}
