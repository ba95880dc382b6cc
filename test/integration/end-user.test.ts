import { beforeAll, describe, expect, it } from 'vitest'
import { creatorToken } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { edgeGet as edgeAt } from '../support/edge.ts'
import { useStackEnv } from '../support/env.ts'
import { confirmedKeys, samples } from '../support/uploads.ts'

const { urls } = useStackEnv()
const http = api(urls.api)

const HOUR = 3_600_000
const DAY = 24 * HOUR
const at = (ms: number) => new Date(ms).toISOString()

/** Puts a small real file at each key, so the publisher (which copies bytes into a release) can publish. */
const storeBytes = async (keys: readonly string[]) => {
  const { PutObjectCommand } = await import('@aws-sdk/client-s3')
  const { s3, mediaBucket } = await import('../../functions/src/platform/services/s3.ts')
  for (const key of keys) {
    const ext = key.split('.').pop()
    const [body, type] =
      ext === 'png'
        ? [samples.png(), 'image/png']
        : ext === 'mp4'
          ? [samples.mp4(), 'video/mp4']
          : [samples.jpeg(), 'image/jpeg']
    await s3.send(new PutObjectCommand({ Bucket: mediaBucket, Key: key, Body: body, ContentType: type }))
  }
}

/** Status and content type of a GET to the local site edge with a Host header. */
const edgeGet = async (host: string, path: string) => {
  const answer = await edgeAt(urls.edge, host, path)
  return { status: answer.status, type: answer.headers['content-type'] }
}

const siteOrigin = (uuid: string) => `http://${uuid}.sites.localhost:${new URL(urls.edge).port}`

/** The CTAs of the main site (SPEC §3 Popup CTA); the test's clock is "now" at save time. */
const ctasAt = (now: number, ctaImage: string) => [
  // 0: applicant limit 3, always on, on sheets 1 and 2: the last-slot race.
  {
    kind: 'APPLICANT_LIMIT',
    link_url: 'https://example.com/apply',
    // Its own English text; its image is the Japanese one in both languages.
    localized: [
      { lang: 'JP', content: '先着3名様', image_url: ctaImage },
      { lang: 'EN', content: 'First 3 only' },
    ],
    limit: '3',
    show_remaining_slots: true,
    effective_sheets: [1, 2],
    animation: 'PULSE',
    display_position: 'TOP',
  },
  // 1: time limit, running now, sheet 1 only: clicks counted without a limit.
  {
    kind: 'TIME_LIMIT',
    is_internal_link: true,
    link_url: 'contact',
    localized: [{ lang: 'JP', content: '期間限定' }],
    start_date: at(now - HOUR),
    end_date: at(now + 2 * DAY + 30 * 60_000),
    show_remaining_time: true,
    effective_sheets: [1],
  },
  // 2: ended yesterday: left out of the CTA list; a click is refused.
  {
    kind: 'TIME_LIMIT',
    link_url: 'https://example.com/old',
    localized: [{ lang: 'JP', content: '終了' }],
    start_date: at(now - 3 * DAY),
    end_date: at(now - DAY),
    effective_sheets: [1],
  },
  // 3: applicant limit that starts tomorrow: listed, inactive; a click is refused.
  {
    kind: 'APPLICANT_LIMIT',
    link_url: 'https://example.com/soon',
    localized: [{ lang: 'JP', content: '近日' }],
    limit: '2',
    start_date: at(now + DAY),
    end_date: at(now + 4 * DAY + HOUR),
    effective_sheets: [2],
  },
]

interface Keys {
  favicon: string
  logo: string
  cta: string
  a1: string
  b1: string
  a2: string
  b2: string
  product: string
  a1En: string
  later: string
}

const KINDS = ['png', 'png', 'png', 'jpg', 'mp4', 'jpg', 'jpg', 'png', 'jpg', 'jpg'] as const

const fullSave = (id: string, version: number, keys: Keys, now: number) => ({
  version,
  global_setting: {
    id,
    name: 'エンドユーザーテスト',
    number_horizontal: 2,
    number_vertical: 2,
    view_mode: 'MOBILE',
    default_language: 'JP',
    languages: ['JP', 'EN'],
    favicon_key: keys.favicon,
    logo_key: keys.logo,
    global_menu_text_color: '#222222',
    speaker_color: '#FF00FF',
    display_language_icon: true,
    display_global_menu: true,
    popup_ctas: ctasAt(now, keys.cta),
  },
  menus: [
    {
      lang: 'JP',
      items: [
        { id: 'm1', name: 'ホーム' },
        { id: 'B1', name: '動画' },
      ],
      text_color: '#333333',
    },
    { lang: 'EN', items: [{ id: 'm1', name: 'Home' }] },
  ],
  creatives: [
    {
      lang: 'JP',
      position: 'A1',
      media_key: keys.a1,
      media_type: 'image',
      image_alt: '春の画像',
      main_text: '<script>alert("x")</script>',
      main_text_color: '#111111',
      link_button_text: '詳しく見る',
      link_destination_url: 'https://example.com/a1',
      price: 1980,
      price_text_color: '#FF0000',
      sns_config: true,
      show_company: true,
      arrow_fade_interval: 3,
      slider_seconds: 5,
      image_link_points: [{ x: 10, y: 20, link_url: 'https://example.com/point' }],
    },
    { lang: 'JP', position: 'B1', media_key: keys.b1, media_type: 'video' },
    {
      lang: 'JP',
      position: 'A2',
      media_key: keys.a2,
      media_type: 'image',
      image_alt: '会員限定の画像',
      main_text: '会員だけの秘密',
      link_destination_url: 'https://example.com/secret',
      members_only_lock: true,
      hover_arrow_color: '#000000',
      products: [{ id: 'secret', product_name: '秘密の商品', image_path: keys.product, price: 1 }],
    },
    {
      lang: 'JP',
      position: 'B2',
      media_key: keys.b2,
      media_type: 'image',
      products: [
        {
          id: 'p2',
          product_name: '商品B',
          price: 500,
          description: '<b>太字</b>',
          link_button_url: 'form',
          is_internal_link: true,
          order: 1,
        },
        {
          id: 'p1',
          product_name: '商品A',
          image_path: keys.product,
          price: 1000,
          link_button_url: 'https://example.com/buy',
          link_button_text: '買う',
          coordinate_x: 10,
          coordinate_y: 20,
          order: 0,
        },
      ],
    },
    { lang: 'EN', position: 'A1', media_key: keys.a1En, media_type: 'image', image_alt: 'Spring' },
  ],
  settings: [
    {
      lang: 'JP',
      seo: {
        title: 'スワイプ LP',
        h1: '春のキャンペーン',
        description: '春の説明',
        head: '<meta name="x-end-user" content="1">',
        body: '<script src="https://cdn.example.com/tag.js" defer></script>',
      },
      sns: [
        { id: 's1', sns_type: 'instagram', sns_url: 'https://instagram.com/swipe' },
        { id: 's2', sns_type: 'phone_number', sns_url: '03-1234-5678' },
        { id: 's3', sns_type: 'x', sns_url: 'javascript:alert(1)' },
      ],
      company: {
        company_website: 'https://example.com/company',
        company_profile: '<h1>会社概要</h1>',
        company_clause: '特定商取引法',
        terms_of_service: '利用規約',
        privacy_policy: 'プライバシー',
        contract_agreement_required: true,
        show_in_form: true,
        show_in_member_ship: false,
        show_in_contact: true,
      },
    },
    { lang: 'EN', sns: [] },
  ],
})

/** Every end-user read of a site, for the "does not exist" checks. */
const readsOf = (siteId: string) => [
  `/end-user/site/${siteId}`,
  `/end-user/site/${siteId}/seo`,
  `/end-user/common/${siteId}`,
  `/end-user/common/${siteId}/company`,
  `/end-user/common/${siteId}/scripts`,
  `/end-user/site/${siteId}/page/1/public`,
  `/end-user/site/${siteId}/product/public?position=A1`,
  `/end-user/site/${siteId}/cta`,
]

const NOT_FOUND_JA = { error: { code: 'error.notFound', message: 'ページまたはデータが見つかりません。' } }

describe('end-user read API', () => {
  let token: string
  let siteId: string
  let siteUuid: string
  let keys: Keys
  let version: number
  let draftId: string
  let draftUuid: string
  let privateId: string
  /** The URL a media key has in answers: its release path when the publisher served one, else presigned. */
  let media: (key: string) => unknown
  let released: boolean

  const save = async (id: string, body: unknown) => {
    const saved = await http.call('PUT', `/site/${id}`, { token, body })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    return saved.body.version as number
  }
  const setStatus = async (id: string, action: string, v: number) => {
    const changed = await http.post(`/site/${id}/status`, { action, version: v }, { token })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    return changed.body.version as number
  }
  const create = async (languages = ['JP', 'EN']) => {
    const created = await http.post(
      '/site',
      { name: 'テスト', number_horizontal: 2, number_vertical: 2, languages },
      { token },
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    return {
      id: created.body.global_setting.id as string,
      uuid: created.body.global_setting.site_uuid as string,
    }
  }

  beforeAll(async () => {
    token = await creatorToken(http, 'pro_multi')

    const main = await create()
    siteId = main.id
    siteUuid = main.uuid
    const k = await confirmedKeys(siteId, KINDS)
    await storeBytes(k)
    keys = {
      favicon: k[0]!,
      logo: k[1]!,
      cta: k[2]!,
      a1: k[3]!,
      b1: k[4]!,
      a2: k[5]!,
      b2: k[6]!,
      product: k[7]!,
      a1En: k[8]!,
      later: k[9]!,
    }
    version = await save(siteId, fullSave(siteId, 1, keys, Date.now()))
    version = await setStatus(siteId, 'publish', version)

    const { Sites } = await import('../../functions/src/data/sites.ts')
    const stored = (await Sites.get({ siteId }).go()).data!
    expect(stored.status).toBe('PUBLISH')
    // The publisher serves a release (media under the site's shared /_media/); without one, answers presign.
    released = Boolean(stored.releaseId)
    media = (key) =>
      released
        ? `/_media/${key.split('/').pop()}`
        : expect.stringMatching(new RegExp(`/${key.replace(/[./]/g, '\\$&')}\\?X-Amz-`))

    // A draft with the same content, and a site published as private.
    const draft = await create()
    draftId = draft.id
    draftUuid = draft.uuid
    const draftKeys = await confirmedKeys(draftId, KINDS)
    await storeBytes(draftKeys)
    const [favicon, logo, cta, a1, b1, a2, b2, product, a1En, later] = draftKeys as [string, ...string[]]
    await save(
      draftId,
      fullSave(draftId, 1, { favicon, logo, cta, a1, b1, a2, b2, product, a1En, later } as Keys, Date.now()),
    )
    const priv = await create(['JP'])
    privateId = priv.id
    const [privA1] = await confirmedKeys(privateId, ['jpg'])
    await storeBytes([privA1!])
    const privVersion = await save(privateId, {
      version: 1,
      global_setting: {
        id: privateId,
        name: 'プライベート',
        number_horizontal: 2,
        number_vertical: 2,
        languages: ['JP'],
      },
      creatives: [{ lang: 'JP', position: 'A1', media_key: privA1, media_type: 'image' }],
    })
    await setStatus(privateId, 'private', privVersion)
  })

  const expectedCreatives = () => [
    {
      position: 'A1',
      order: 1,
      sns_config: true,
      show_company: true,
      hover_arrow_color: '#FFFFFF',
      arrow_fade_interval: 3,
      slider_seconds: 5,
      locked: false,
      media_type: 'image',
      media_url: media(keys.a1),
      // Its bytes were stored without the upload's job: no web renditions, the file as uploaded.
      media_renditions: null,
      image_alt: '春の画像',
      // A creator's text is a plain string: the client escapes it.
      main_text: '<script>alert("x")</script>',
      main_text_color: '#111111',
      link_button_text: '詳しく見る',
      link_destination_url: 'https://example.com/a1',
      is_internal_link: false,
      link_button_color: '#99D52A',
      link_text_color: '#FFFFFF',
      price: 1980,
      price_text_color: '#FF0000',
      image_link_points: [{ x: 10, y: 20, link_url: 'https://example.com/point', is_internal_link: false }],
      products: [],
    },
    {
      position: 'B1',
      order: 2,
      // Saved without its own choice: follows the language's default (issue 15, point 6).
      sns_config: null,
      show_company: null,
      hover_arrow_color: '#FFFFFF',
      arrow_fade_interval: null,
      slider_seconds: null,
      locked: false,
      media_type: 'video',
      media_url: media(keys.b1),
      media_renditions: null,
      image_alt: '',
      main_text: null,
      main_text_color: null,
      link_button_text: null,
      link_destination_url: null,
      is_internal_link: false,
      link_button_color: '#99D52A',
      link_text_color: '#FFFFFF',
      price: null,
      price_text_color: null,
      image_link_points: [],
      products: [],
    },
    // Members only: the frame's switches, nothing of its media, texts, link or products.
    {
      position: 'A2',
      order: 3,
      sns_config: null,
      show_company: null,
      hover_arrow_color: '#000000',
      arrow_fade_interval: null,
      slider_seconds: null,
      locked: true,
    },
    {
      position: 'B2',
      order: 4,
      sns_config: null,
      show_company: null,
      hover_arrow_color: '#FFFFFF',
      arrow_fade_interval: null,
      slider_seconds: null,
      locked: false,
      media_type: 'image',
      media_url: media(keys.b2),
      media_renditions: null,
      image_alt: '',
      main_text: null,
      main_text_color: null,
      link_button_text: null,
      link_destination_url: null,
      is_internal_link: false,
      link_button_color: '#99D52A',
      link_text_color: '#FFFFFF',
      price: null,
      price_text_color: null,
      image_link_points: [],
      products: expectedProducts(),
    },
  ]

  const expectedProducts = () => [
    {
      id: 'p1',
      product_name: '商品A',
      image_url: media(keys.product),
      image_renditions: [],
      price: 1000,
      description: null,
      link_button_url: 'https://example.com/buy',
      link_button_text: '買う',
      link_button_color: '#2BAA50',
      link_text_color: '#FFFFFF',
      coordinate_x: 10,
      coordinate_y: 20,
      text_color: null,
      background_color: null,
      is_internal_link: false,
      order: 0,
    },
    {
      id: 'p2',
      product_name: '商品B',
      image_url: null,
      image_renditions: [],
      price: 500,
      description: '<b>太字</b>',
      link_button_url: 'form',
      link_button_text: null,
      link_button_color: '#2BAA50',
      link_text_color: '#FFFFFF',
      coordinate_x: 65,
      coordinate_y: 260,
      text_color: null,
      background_color: null,
      is_internal_link: true,
      order: 1,
    },
  ]

  it('answers the global setting, menu and creatives of the default language', async () => {
    const response = await http.get(`/end-user/site/${siteId}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=60')
    expect(response.body).toEqual({
      site_id: siteId,
      name: 'エンドユーザーテスト',
      lang: 'JP',
      default_language: 'JP',
      languages: ['JP', 'EN'],
      view_mode: 'MOBILE',
      number_horizontal: 2,
      number_vertical: 2,
      display_language_icon: true,
      display_global_menu: true,
      global_menu_text_color: '#222222',
      speaker_color: '#FF00FF',
      logo_url: media(keys.logo),
      favicon_url: media(keys.favicon),
      menu: {
        items: [
          { id: 'm1', name: 'ホーム' },
          { id: 'B1', name: '動画' },
        ],
        text_color: '#333333',
      },
      creatives: expectedCreatives(),
      published_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    // Nothing of the members-only creative, nor owner or tenant ids, is anywhere in the answer.
    const text = JSON.stringify(response.body)
    for (const secret of [keys.a2, '会員だけの秘密', 'secret', 'owner', 'tenant', 'version', '_key"'])
      expect(text, secret).not.toContain(secret)
  })

  it('serves each media URL from the published release on the site host', async () => {
    if (!released) return
    for (const key of [keys.a1, keys.b1, keys.b2, keys.product, keys.logo, keys.favicon]) {
      const served = await edgeGet(`${siteUuid}.sites.localhost`, `/_media/${key.split('/').pop()}`)
      expect(served.status, key).toBe(200)
    }
  })

  it('answers another language, and the default for a language the site does not have', async () => {
    const en = await http.get(`/end-user/site/${siteId}?lang=en`)
    expect(en.status).toBe(200)
    expect(en.body).toMatchObject({
      lang: 'EN',
      menu: { items: [{ id: 'm1', name: 'Home' }], text_color: '#222222' },
      creatives: [
        {
          position: 'A1',
          order: 1,
          locked: false,
          media_url: media(keys.a1En),
          image_alt: 'Spring',
          products: [],
        },
      ],
    })
    expect(en.body.creatives).toHaveLength(1)
    expect((await http.get(`/end-user/site/${siteId}?lang=EN`)).body.lang).toBe('EN')
    const korean = await http.get(`/end-user/site/${siteId}?lang=kr`)
    expect(korean.body.lang).toBe('JP')
    expect(korean.body.creatives).toHaveLength(4)
  })

  it('answers SEO with the renderer fallbacks', async () => {
    const ja = await http.get(`/end-user/site/${siteId}/seo?lang=ja`)
    expect(ja.status).toBe(200)
    expect(ja.body).toEqual({
      lang: 'JP',
      title: 'スワイプ LP',
      h1: '春のキャンペーン',
      description: '春の説明',
    })
    const en = await http.get(`/end-user/site/${siteId}/seo?lang=en`)
    expect(en.body).toEqual({
      lang: 'EN',
      title: 'エンドユーザーテスト',
      h1: 'エンドユーザーテスト',
      description: '',
    })
  })

  it('answers the frame: languages, safe SNS links and the menu', async () => {
    const response = await http.get(`/end-user/common/${siteId}?lang=JP`)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      lang: 'JP',
      default_language: 'JP',
      display_language_icon: true,
      languages: [
        { lang: 'JP', segment: 'ja', html_lang: 'ja', name: '日本語' },
        { lang: 'EN', segment: 'en', html_lang: 'en', name: 'English' },
      ],
      // The javascript: URL a creator typed is not handed to a client as a link.
      sns: [
        { sns_type: 'instagram', href: 'https://instagram.com/swipe' },
        { sns_type: 'phone_number', href: 'tel:0312345678' },
      ],
      display_global_menu: true,
      menu: {
        items: [
          { id: 'm1', name: 'ホーム' },
          { id: 'B1', name: '動画' },
        ],
        text_color: '#333333',
      },
    })
    // English has no SNS links of its own: it shows the default language's (issue 30 #11).
    const english = await http.get(`/end-user/common/${siteId}?lang=EN`)
    expect(english.body.sns).toEqual(response.body.sns)
  })

  it('answers the company profile and legal texts as plain strings, tabs 0–3', async () => {
    const response = await http.get(`/end-user/common/${siteId}/company`)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      lang: 'JP',
      company_website: 'https://example.com/company',
      contract_agreement_required: true,
      show_in_form: true,
      show_in_member_ship: false,
      show_in_contact: true,
      tabs: [
        {
          tab_id: 0,
          kind: 'companyProfile',
          tab_name: '会社概要',
          link: 'https://example.com/company',
          content: '<h1>会社概要</h1>',
        },
        {
          tab_id: 1,
          kind: 'companyClause',
          tab_name: '特定商取引法に基づく表記',
          link: null,
          content: '特定商取引法',
        },
        { tab_id: 2, kind: 'termsOfService', tab_name: '利用規約', link: null, content: '利用規約' },
        {
          tab_id: 3,
          kind: 'privacyPolicy',
          tab_name: 'プライバシーポリシー',
          link: null,
          content: 'プライバシー',
        },
      ],
    })
    const en = await http.get(`/end-user/common/${siteId}/company?lang=en`)
    expect(en.body).toEqual({
      lang: 'EN',
      company_website: null,
      contract_agreement_required: false,
      show_in_form: false,
      show_in_member_ship: false,
      show_in_contact: false,
      tabs: [
        { tab_id: 0, kind: 'companyProfile', tab_name: expect.any(String), link: null, content: '' },
        { tab_id: 1, kind: 'companyClause', tab_name: expect.any(String), link: null, content: '' },
        { tab_id: 2, kind: 'termsOfService', tab_name: expect.any(String), link: null, content: '' },
        { tab_id: 3, kind: 'privacyPolicy', tab_name: expect.any(String), link: null, content: '' },
      ],
    })
  })

  it("answers the creator's head and body tags", async () => {
    const response = await http.get(`/end-user/common/${siteId}/scripts`)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      lang: 'JP',
      head: '<meta name="x-end-user" content="1">',
      body: '<script src="https://cdn.example.com/tag.js" defer></script>',
    })
    expect((await http.get(`/end-user/common/${siteId}/scripts?lang=en`)).body).toEqual({
      lang: 'EN',
      head: '',
      body: '',
    })
  })

  it('answers one creative by page order or cell', async () => {
    const [a1, , , b2] = expectedCreatives()
    const byOrder = await http.get(`/end-user/site/${siteId}/page/1/public`)
    expect(byOrder.status).toBe(200)
    expect(byOrder.body).toEqual({ lang: 'JP', creative: a1 })
    const byCell = await http.get(`/end-user/site/${siteId}/page/B2/public?lang=ja`)
    expect(byCell.body).toEqual({ lang: 'JP', creative: b2 })
    expect((await http.get(`/end-user/site/${siteId}/page/b2/public`)).body.creative.position).toBe('B2')
    for (const missing of ['9', 'C1', 'B1?lang=en', 'x'])
      expect((await http.get(`/end-user/site/${siteId}/page/${missing}/public`)).status, missing).toBe(404)
  })

  it('keeps a members-only creative locked: 403 inviting the visitor to sign up', async () => {
    for (const path of [
      `/end-user/site/${siteId}/page/A2/public`,
      `/end-user/site/${siteId}/page/3/public`,
    ]) {
      const response = await http.get(path)
      expect(response.status).toBe(403)
      expect(response.body).toEqual({
        error: {
          code: 'endUser.membersOnly',
          message: 'このコンテンツは会員限定です。会員登録するとご覧いただけます。',
        },
      })
    }
    const products = await http.get(`/end-user/site/${siteId}/product/public?position=A2&lang=en`)
    // A2 exists in JP only: in EN there is no such creative.
    expect(products.status).toBe(404)
    const locked = await http.get(`/end-user/site/${siteId}/product/public?position=A2&lang=ja`)
    expect(locked.status).toBe(403)
    expect(locked.body.error.code).toBe('endUser.membersOnly')
    const english = await http.get(`/end-user/site/${siteId}/page/A2/public`, { lang: 'en' })
    expect(english.body.error.message).toBe(
      'This content is for members only. Sign up as a member to see it.',
    )
  })

  it("answers a creative's products in their order", async () => {
    const response = await http.get(`/end-user/site/${siteId}/product/public?position=B2&lang=ja`)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ lang: 'JP', position: 'B2', products: expectedProducts() })
    expect((await http.get(`/end-user/site/${siteId}/product/public?position=A1`)).body).toEqual({
      lang: 'JP',
      position: 'A1',
      products: [],
    })
    const bad = await http.get(`/end-user/site/${siteId}/product/public?position=11`)
    expect(bad.status).toBe(400)
    expect(bad.body.error.details).toEqual([
      expect.objectContaining({ path: 'query.position', code: 'validation.invalid' }),
    ])
  })

  it('resolves the site and language of a default-domain host and a /sites/{id} path', async () => {
    const host = `${siteUuid}.sites.localhost`
    const resolve = (domain: string, path?: string) =>
      http.get(
        `/end-user/site?domain=${encodeURIComponent(domain)}${path === undefined ? '' : `&path=${encodeURIComponent(path)}`}`,
      )
    const root = await resolve(`${host}:${new URL(urls.edge).port}`, '/')
    expect(root.status).toBe(200)
    expect(root.body).toEqual({ site_id: siteId, lang: 'JP', default_language: 'JP' })
    expect((await resolve(host.toUpperCase(), '/en/')).body).toEqual({
      site_id: siteId,
      lang: 'EN',
      default_language: 'JP',
    })
    expect((await resolve(siteOrigin(siteUuid))).body.lang).toBe('JP')
    // Korean is not one of the site's languages: the default answers.
    expect((await resolve(host, '/kr/contact')).body.lang).toBe('JP')
    expect((await resolve('localhost', `/sites/${siteId}/en/register`)).body).toEqual({
      site_id: siteId,
      lang: 'EN',
      default_language: 'JP',
    })
    for (const [domain, path] of [
      [`${draftUuid}.sites.localhost`, '/'],
      ['00000000-0000-4000-8000-000000000000.sites.localhost', '/'],
      ['lp.unknown.example', '/'],
      ['localhost', `/sites/${draftId}/`],
      ['localhost', `/sites/${privateId}/`],
    ] as const) {
      const missing = await resolve(domain, path)
      expect(missing.status, `${domain}${path}`).toBe(404)
      expect(missing.body).toEqual(NOT_FOUND_JA)
    }
    const noDomain = await http.get('/end-user/site')
    expect(noDomain.status).toBe(400)
  })

  it('lists the CTAs not yet ended, with slots left and activity by the island rules', async () => {
    const response = await http.get(`/end-user/site/${siteId}/cta?lang=JP`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.body).toEqual({
      lang: 'JP',
      now: expect.stringMatching(/^\d{4}-/),
      ctas: [
        {
          index: 0,
          kind: 'APPLICANT_LIMIT',
          content: '先着3名様',
          is_internal_link: false,
          link_url: 'https://example.com/apply',
          link_button_color: '#FF0000',
          link_text_color: '#FFFFFF',
          image_url: media(keys.cta),
          animation: 'PULSE',
          display_position: 'TOP',
          start_date: null,
          end_date: null,
          effective_sheets: [1, 2],
          show_remaining_time: false,
          show_remaining_slots: true,
          limit: 3,
          remaining: 3,
          active_sheets: [1, 2],
          active: true,
          countdown: 'データなし',
        },
        {
          index: 1,
          kind: 'TIME_LIMIT',
          content: '期間限定',
          is_internal_link: true,
          link_url: 'contact',
          link_button_color: '#FF0000',
          link_text_color: '#FFFFFF',
          image_url: null,
          animation: 'NONE',
          display_position: 'BOTTOM',
          start_date: expect.any(String),
          end_date: expect.any(String),
          effective_sheets: [1],
          show_remaining_time: true,
          show_remaining_slots: false,
          limit: null,
          remaining: null,
          active_sheets: [1],
          active: true,
          // Two days and a half hour left (minus the seconds the test has run): 48 whole hours.
          countdown: '残り48時間',
        },
        {
          index: 3,
          kind: 'APPLICANT_LIMIT',
          content: '近日',
          is_internal_link: false,
          link_url: 'https://example.com/soon',
          link_button_color: '#FF0000',
          link_text_color: '#FFFFFF',
          image_url: null,
          animation: 'NONE',
          display_position: 'BOTTOM',
          start_date: expect.any(String),
          end_date: expect.any(String),
          effective_sheets: [2],
          show_remaining_time: false,
          show_remaining_slots: false,
          limit: 2,
          remaining: 2,
          active_sheets: [],
          active: false,
          countdown: '残り4日',
        },
      ],
    })
    // `position` asks about one sheet: B1 is sheet 2, where CTA 1 does not show.
    const onB1 = await http.get(`/end-user/site/${siteId}/cta?position=B1&lang=en`)
    expect(onB1.body.ctas.map((c: { index: number; active: boolean }) => [c.index, c.active])).toEqual([
      [0, true],
      [1, false],
      [3, false],
    ])
    expect(onB1.body.ctas[1].countdown).toBe('48 h left')
    // In English: CTA 0's own text with the Japanese image; CTA 1 has no English text and shows the Japanese.
    expect(
      onB1.body.ctas.map((c: { index: number; content: string; image_url: unknown }) => [
        c.index,
        c.content,
        c.image_url,
      ]),
    ).toEqual([
      [0, 'First 3 only', media(keys.cta)],
      [1, '期間限定', null],
      [3, '近日', null],
    ])
  })

  it('counts clicks on a CTA without a limit, and refuses CTAs outside their dates', async () => {
    const first = await http.post(`/end-user/site/${siteId}/cta/1/click`)
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('no-store')
    expect(first.body).toEqual({ index: 1, clicks: 1, remaining: null })
    expect((await http.post(`/end-user/site/${siteId}/cta/1/click`)).body).toEqual({
      index: 1,
      clicks: 2,
      remaining: null,
    })
    for (const index of [2, 3]) {
      const refused = await http.post(`/end-user/site/${siteId}/cta/${index}/click`)
      expect(refused.status, `CTA ${index}`).toBe(409)
      expect(refused.body).toEqual({
        error: { code: 'endUser.ctaInactive', message: 'このキャンペーンは現在ご利用いただけません。' },
      })
    }
    expect((await http.post(`/end-user/site/${siteId}/cta/7/click`)).status).toBe(404)
    expect((await http.post(`/end-user/site/${siteId}/cta/x/click`)).status).toBe(400)
    const { ctaClicks } = await import('../../functions/src/endUser/counters.ts')
    expect([...(await ctaClicks(siteId))]).toEqual([[1, 2]])
  })

  it('gives the last slots of an applicant limit to exactly as many visitors, however many race', async () => {
    const clicks = await Promise.all(
      Array.from({ length: 10 }, () => http.post(`/end-user/site/${siteId}/cta/0/click`)),
    )
    const accepted = clicks.filter((c) => c.status === 200)
    const refused = clicks.filter((c) => c.status === 409)
    expect(accepted).toHaveLength(3)
    expect(refused).toHaveLength(7)
    expect(accepted.map((c) => c.body.clicks).sort()).toEqual([1, 2, 3])
    expect(accepted.map((c) => c.body.remaining).sort()).toEqual([0, 1, 2])
    for (const c of refused)
      expect(c.body).toEqual({
        error: { code: 'endUser.ctaFull', message: '申し訳ありません。このキャンペーンは定員に達しました。' },
      })
    const { ctaClicks } = await import('../../functions/src/endUser/counters.ts')
    expect((await ctaClicks(siteId)).get(0)).toBe(3)
    const listed = await http.get(`/end-user/site/${siteId}/cta`)
    expect(listed.body.ctas[0]).toMatchObject({ index: 0, remaining: 0, active_sheets: [], active: false })
  })

  it('counts clicks apart from editor saves: a save never loses or resets them', async () => {
    const before = (await http.get(`/site/${siteId}`, { token })).body
    const saving = http.call('PUT', `/site/${siteId}`, {
      token,
      body: { ...before, version: before.version },
    })
    const clicking = http.post(`/end-user/site/${siteId}/cta/1/click`)
    const [saved, clicked] = await Promise.all([saving, clicking])
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(clicked.status).toBe(200)
    const { ctaClicks } = await import('../../functions/src/endUser/counters.ts')
    expect((await ctaClicks(siteId)).get(1)).toBe(3)
    version = saved.body.version
  })

  it('answers slots left as limit − clicks counted, floor 0, for each CTA of a site', async () => {
    const now = Date.now()
    // [limit, clicks counted, dates, remaining, active sheets]
    const table = [
      ['5', 0, {}, 5, [1]],
      ['5', 4, {}, 1, [1]],
      ['5', 5, {}, 0, []],
      ['5', 9, {}, 0, []],
      ['1', 0, { start_date: at(now + HOUR), end_date: at(now + 2 * HOUR) }, 1, []],
      ['2', 1, { start_date: at(now - HOUR), end_date: at(now + HOUR) }, 1, [1]],
    ] as const
    const { id } = await create(['JP'])
    const [a1] = await confirmedKeys(id, ['jpg'])
    await storeBytes([a1!])
    const v = await save(id, {
      version: 1,
      global_setting: {
        id,
        name: 'CTA',
        number_horizontal: 2,
        number_vertical: 2,
        languages: ['JP'],
        popup_ctas: table.map(([limit, , dates]) => ({
          kind: 'APPLICANT_LIMIT',
          link_url: 'https://example.com/cta',
          limit,
          effective_sheets: [1],
          ...dates,
        })),
      },
      creatives: [{ lang: 'JP', position: 'A1', media_key: a1, media_type: 'image' }],
    })
    await setStatus(id, 'publish', v)
    const { CtaCounters } = await import('../../functions/src/data/end-user.ts')
    for (const [index, [, clicks]] of table.entries())
      if (clicks) await CtaCounters.put({ siteId: id, ctaIndex: index, clicks }).go()
    const response = await http.get(`/end-user/site/${id}/cta?position=A1`)
    expect(response.status).toBe(200)
    expect(
      response.body.ctas.map(
        (c: { index: number; limit: number; remaining: number; active_sheets: number[] }) => [
          c.index,
          c.limit,
          c.remaining,
          c.active_sheets,
        ],
      ),
    ).toEqual(table.map(([limit, , , remaining, sheets], index) => [index, Number(limit), remaining, sheets]))
    // A click takes a slot only while one is left.
    expect((await http.post(`/end-user/site/${id}/cta/1/click`)).body).toEqual({
      index: 1,
      clicks: 5,
      remaining: 0,
    })
    expect((await http.post(`/end-user/site/${id}/cta/1/click`)).status).toBe(409)
    expect((await http.post(`/end-user/site/${id}/cta/3/click`)).status).toBe(409)
  })

  it('allows published-site origins by CORS on the visitor routes only', async () => {
    const origin = siteOrigin(siteUuid)
    const preflight = await fetch(`${urls.api}/end-user/site/${siteId}/cta/0/click`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin)
    const read = await fetch(`${urls.api}/end-user/site/${siteId}/seo`, { headers: { origin } })
    expect(read.headers.get('access-control-allow-origin')).toBe(origin)
    const admin = await fetch(`${urls.api}/site/${siteId}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET' },
    })
    expect(admin.headers.get('access-control-allow-origin')).toBeNull()
    const elsewhere = await fetch(`${urls.api}/end-user/site/${siteId}/seo`, {
      headers: { origin: 'https://evil.example' },
    })
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers 404 on every read for a draft, a private site and an unknown id', async () => {
    for (const id of [draftId, privateId, '00000000-0000-4000-8000-000000000000', 'no-such-site']) {
      for (const path of readsOf(id)) {
        const response = await http.get(path)
        expect(response.status, path).toBe(404)
        expect(response.body, path).toEqual(NOT_FOUND_JA)
      }
      const click = await http.post(`/end-user/site/${id}/cta/0/click`)
      expect(click.status, id).toBe(404)
    }
    // In the page's language, unless the client names one.
    expect((await http.get(`/end-user/site/${draftId}?lang=kr`)).body.error.message).toBe(
      '페이지 또는 데이터를 찾을 수 없습니다.',
    )
    expect((await http.get(`/end-user/site/${draftId}?lang=en`, { lang: 'zh' })).body.error.message).toBe(
      '未找到页面或数据。',
    )
  })

  it('stops answering once the site is unpublished', async () => {
    const { Sites } = await import('../../functions/src/data/sites.ts')
    // A file saved after the last publish is not in the release: it is presigned.
    const current = (await http.get(`/site/${siteId}`, { token })).body
    const body = {
      ...current,
      creatives: current.creatives.map((c: { lang: string; position: string }) =>
        c.lang === 'JP' && c.position === 'B2' ? { ...c, media_key: keys.later } : c,
      ),
    }
    version = await save(siteId, body)
    const after = await http.get(`/end-user/site/${siteId}`)
    expect(after.body.creatives[3].media_url).toEqual(
      expect.stringMatching(new RegExp(`/${keys.later.replace(/[./]/g, '\\$&')}\\?X-Amz-`)),
    )
    version = await setStatus(siteId, 'draft', version)
    expect((await Sites.get({ siteId }).go()).data?.status).toBe('DRAFT')
    for (const path of readsOf(siteId)) expect((await http.get(path)).status, path).toBe(404)
    expect((await http.get(`/end-user/site?domain=${siteUuid}.sites.localhost`)).status).toBe(404)
  })
})
