import { beforeAll, describe, expect, it } from 'vitest'
import { type TestAccount, twoTenants } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { useStackEnv } from '../support/env.ts'
import { confirmedKeys, samples, storeMedia, uploadThroughApi } from '../support/uploads.ts'

const { urls } = useStackEnv()
const http = api(urls.api)

/** Every item stored in a site's partition, straight from the table. */
const storedItems = async (siteId: string) => {
  const { sitesService } = await import('../../functions/src/data/sites.ts')
  return (await sitesService.collections.siteItems({ siteId }).go({ pages: 'all' })).data
}

const put = (token: string, id: string, body: unknown) => http.call('PUT', `/site/${id}`, { token, body })

/** The storage keys a full save attaches: each must be a confirmed upload of the site. */
interface Media {
  favicon: string
  logo: string
  cta: string
  a1: string
  b1: string
  a1En: string
  p1: string
}

/** Attachable keys recorded straight through the entity, for tests that need keys but not bytes. */
const confirmedMedia = async (id: string): Promise<Media> => {
  const [favicon, logo, cta, a1, b1, a1En, p1] = await confirmedKeys(id, [
    'png',
    'png',
    'png',
    'jpg',
    'jpg',
    'mp4',
    'jpg',
  ])
  return { favicon: favicon!, logo: logo!, cta: cta!, a1: a1!, b1: b1!, a1En: a1En!, p1: p1! }
}

/** A full editor save of a 2 × 2 site in JP and EN, in the API's snake_case. */
const fullSave = (id: string, version: number, media: Media) => ({
  version,
  global_setting: {
    id,
    name: '春のキャンペーン',
    number_horizontal: 2,
    number_vertical: 2,
    view_mode: 'PC',
    default_language: 'JP',
    languages: ['JP', 'EN'],
    favicon_key: media.favicon,
    logo_key: media.logo,
    global_menu_text_color: '#333333',
    speaker_color: 'rgb(10, 20, 30)',
    display_language_icon: true,
    display_global_menu: true,
    popup_ctas: [
      {
        kind: 'TIME_LIMIT',
        is_internal_link: false,
        link_url: 'https://example.com/cta',
        localized: [{ lang: 'JP', content: '今だけ', image_url: media.cta }],
        link_button_color: '#FF0000',
        link_text_color: '#FFFFFF',
        start_date: '2026-12-01T00:00:00+09:00',
        end_date: '2026-12-31T00:00:00+09:00',
        show_remaining_time: true,
        show_remaining_slots: false,
        effective_sheets: [1, 2],
        animation: 'PULSE',
      },
    ],
  },
  menus: [
    {
      lang: 'JP',
      items: [
        { id: 'm1', name: 'ホーム' },
        { id: 'm2', name: 'お問い合わせ' },
      ],
      text_color: '#000000',
    },
    { lang: 'EN', items: [{ id: 'm1', name: 'Home' }], text_color: null },
  ],
  creatives: [
    {
      lang: 'JP',
      position: 'A1',
      media_key: media.a1,
      media_type: 'image',
      image_alt: '春の画像',
      link_button_text: '詳しく見る',
      link_destination_url: 'https://example.com/a1',
      is_internal_link: false,
      link_button_color: '#99D52A',
      link_text_color: '#FFFFFF',
      main_text: 'スワイプしてね',
      main_text_color: '#111111',
      price: 1980,
      price_text_color: '#FF0000',
      sns_config: true,
      show_company: true,
      members_only_lock: false,
      hover_arrow_color: '#FFFFFF',
      arrow_fade_interval: 3,
      slider_seconds: 5,
      image_link_points: [{ x: 10, y: 20, link_url: 'https://example.com/p', is_internal_link: false }],
      products: [
        {
          id: 'p1',
          product_name: '商品A',
          image_path: media.p1,
          price: 1000,
          description: '説明',
          link_button_url: 'https://example.com/buy',
          link_button_text: '買う',
          link_button_color: '#2BAA50',
          link_text_color: '#FFFFFF',
          coordinate_x: 65,
          coordinate_y: 260,
          text_color: '#000000',
          background_color: '#FFFFFF',
          is_internal_link: false,
          order: 0,
        },
      ],
    },
    { lang: 'JP', position: 'B1', media_key: media.b1, media_type: 'image' },
    { lang: 'EN', position: 'A1', media_key: media.a1En, media_type: 'video' },
  ],
  settings: [
    {
      lang: 'JP',
      seo: { title: '春のキャンペーン', h1: 'キャンペーン', description: '説明文', head: '', body: '' },
      sns: [{ id: 's1', sns_type: 'instagram', sns_url: 'https://instagram.com/x' }],
      show_sns_by_default: false,
      show_company_by_default: true,
      company: {
        company_website: 'https://example.com',
        company_profile: '会社概要',
        company_clause: '特商法',
        terms_of_service: '規約',
        privacy_policy: 'ポリシー',
        contract_agreement_required: true,
        show_in_form: true,
        show_in_member_ship: false,
        show_in_contact: true,
      },
      forms: {
        contact: {
          enabled: true,
          recipient_email: 'support@example.com',
          company_name: '株式会社サンプル',
          success_text: 'ありがとうございました。\n担当よりご連絡します。',
          auto_reply: {
            enabled: true,
            subject: '受け付けました',
            body: 'お問い合わせありがとうございます。',
          },
          fields: [
            {
              key: 'email',
              type_input: 'TEXT_BOX',
              title: 'メール',
              placeholder: '',
              is_required: true,
              options: [],
            },
            {
              key: 'company',
              type_input: 'TEXT_BOX',
              title: '会社名',
              placeholder: '',
              is_required: true,
              options: [],
            },
            {
              type_input: 'SELECT',
              title: 'ご用件',
              placeholder: '',
              is_required: false,
              options: [
                { value: '資料請求', is_default: true },
                { value: 'その他', is_default: false },
              ],
            },
          ],
        },
        membership: {
          enabled: false,
          fields: [
            {
              key: 'email',
              type_input: 'TEXT_BOX',
              title: 'メール',
              placeholder: '',
              is_required: true,
              options: [],
            },
            {
              key: 'password',
              type_input: 'TEXT_BOX',
              title: 'パスワード',
              placeholder: '',
              is_required: true,
              options: [],
            },
            {
              key: 'confirm_password',
              type_input: 'TEXT_BOX',
              title: '確認',
              placeholder: '',
              is_required: true,
              options: [],
            },
          ],
        },
        homepage: {
          enabled: false,
          fields: [
            {
              key: 'email',
              type_input: 'TEXT_BOX',
              title: 'メール',
              placeholder: '',
              is_required: true,
              options: [],
            },
            {
              key: 'company',
              type_input: 'TEXT_BOX',
              title: '会社名',
              placeholder: '',
              is_required: true,
              options: [],
            },
            { type_input: 'NUMBER', title: '人数', placeholder: '1', is_required: false, options: [] },
          ],
          success_text: '',
          auto_reply: { enabled: false, subject: '', body: '' },
        },
      },
    },
    { lang: 'EN', seo: null, sns: [], company: null, forms: null },
  ],
})

describe('site builder', () => {
  let user: TestAccount
  let token: string
  let otherToken: string

  beforeAll(async () => {
    ;({ user, token, otherToken } = await twoTenants(http))
  })

  const create = async (body: Record<string, unknown> = {}) => {
    const response = await http.post(
      '/site',
      { name: 'テストサイト', number_horizontal: 2, number_vertical: 2, languages: ['JP', 'EN'], ...body },
      { token },
    )
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    return response.body as { global_setting: { id: string }; version: number }
  }

  it('creates a draft site owned by the caller', async () => {
    const created = await http.post(
      '/site',
      {
        name: 'テストサイト',
        number_horizontal: 3,
        number_vertical: 2,
        languages: ['JP', 'EN'],
        default_language: 'EN',
      },
      { token, lang: 'en' },
    )
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      global_setting: {
        id: expect.any(String),
        name: 'テストサイト',
        status: 'DRAFT',
        url: expect.stringMatching(/^http:\/\/[0-9a-f-]{36}\.sites\.localhost:\d+\/$/),
        site_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        owner_id: user.accountId,
        number_horizontal: 3,
        number_vertical: 2,
        view_mode: 'MOBILE',
        default_language: 'EN',
        languages: ['JP', 'EN'],
        // Two languages: the visitors' language switcher is on from the start.
        display_language_icon: true,
        display_global_menu: false,
        // No fit chosen: visitor pages fill a phone's screen (creative-fit.test.ts).
        creative_fit: null,
        favicon_key: null,
        logo_key: null,
        global_menu_text_color: null,
        speaker_color: null,
        popup_ctas: [],
        ad_tags: null,
        message_match: null,
        custom_domain: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        published_at: null,
        // Not served: nothing live, nothing unpublished (site-live-state.test.ts).
        published_version: null,
        unpublished_changes: false,
      },
      version: 1,
      menus: [],
      creatives: [],
      settings: [],
      media: [],
      plan: {
        id: 'pro_multi',
        name: expect.any(String),
        quantity_swipe: 100,
        quantity_site: 30,
        features: {
          private_domain: true,
          setting_popup_cta: true,
          setting_form_contact: true,
          analytics_effect: true,
          setting_tag_seo: true,
          multi_language: true,
        },
      },
      message: 'The site was created.',
    })
  })

  it('turns the language switcher on for a multilingual site unless the creator turned it off', async () => {
    const icon = async (body: Record<string, unknown>) => {
      const { global_setting } = await create(body)
      const loaded = await http.get(`/site/${global_setting.id}`, { token })
      return (loaded.body as { global_setting: { display_language_icon: boolean } }).global_setting
        .display_language_icon
    }
    expect(await icon({ languages: ['JP'] })).toBe(false)
    expect(await icon({ languages: ['JP', 'KR'] })).toBe(true)
    expect(await icon({ languages: ['JP', 'EN'], display_language_icon: false })).toBe(false)
    expect(await icon({ languages: ['JP'], display_language_icon: true })).toBe(true)
  })

  it('saves and loads every value of the editor (round trip)', async () => {
    const site = await create()
    const id = site.global_setting.id
    // Real files, uploaded and confirmed through the API as the editor does.
    const upload = async (
      fileName: string,
      contentType: string,
      bytes: Buffer,
      purpose?: 'logo' | 'favicon',
    ) =>
      (
        await uploadThroughApi(http, token, id, {
          fileName,
          contentType,
          bytes,
          ...(purpose ? { purpose } : {}),
        })
      ).key
    const media: Media = {
      favicon: await upload('favicon.png', 'image/png', samples.png(), 'favicon'),
      logo: await upload('logo.png', 'image/png', samples.png(), 'logo'),
      cta: await upload('cta.png', 'image/png', samples.png()),
      a1: await upload('a1.jpg', 'image/jpeg', samples.jpeg()),
      b1: await upload('b1.jpg', 'image/jpeg', samples.jpeg()),
      a1En: await upload('a1-en.mp4', 'video/mp4', samples.mp4()),
      p1: await upload('p1.jpg', 'image/jpeg', samples.jpeg()),
    }
    const body = fullSave(id, 1, media)
    const saved = await put(token, id, body)
    expect(saved.status, JSON.stringify(saved.body, null, 1)).toBe(200)
    const loaded = await http.get(`/site/${id}`, { token })
    expect(loaded.status).toBe(200)
    expect(loaded.body.version).toBe(2)
    // A presigned URL for every file the site references: favicon, logo, CTA, then creatives in order.
    expect(loaded.body.media).toEqual(
      [media.favicon, media.logo, media.cta, media.a1, media.p1, media.b1, media.a1En].map((key) => ({
        key,
        url: expect.stringContaining(`/${key}?`),
      })),
    )
    expect(saved.body.media.map((m: { key: string }) => m.key)).toEqual(
      loaded.body.media.map((m: { key: string }) => m.key),
    )
    const shown = await fetch(loaded.body.media[3].url)
    expect(shown.status).toBe(200)
    expect(Buffer.from(await shown.arrayBuffer()).equals(samples.jpeg())).toBe(true)
    const { id: _id, ...setting } = body.global_setting
    expect(loaded.body.global_setting).toMatchObject({
      ...setting,
      id,
      status: 'DRAFT',
      // Never published: nothing is live, so nothing saved is unpublished.
      published_version: null,
      unpublished_changes: false,
    })
    expect(loaded.body.menus).toEqual(body.menus)
    expect(loaded.body.settings).toEqual([
      { ...body.settings[0], seo: { ...body.settings[0]!.seo } },
      // The bottom bar's defaults of a language the editor never touched: shown.
      {
        lang: 'EN',
        seo: null,
        sns: [],
        company: null,
        forms: null,
        show_sns_by_default: true,
        show_company_by_default: true,
      },
    ])
    expect(loaded.body.creatives).toHaveLength(3)
    expect(loaded.body.creatives[0]).toEqual({ ...body.creatives[0], order: 1 })
    // Defaults of SPEC §3 for what the editor left out.
    expect(loaded.body.creatives[1]).toMatchObject({
      lang: 'JP',
      position: 'B1',
      order: 2,
      link_button_color: '#99D52A',
      link_text_color: '#FFFFFF',
      hover_arrow_color: '#FFFFFF',
      products: [],
      price: null,
      // No choice of its own: the bottom bar follows the language's default.
      sns_config: null,
      show_company: null,
    })
    expect(loaded.body.creatives[2]).toMatchObject({ lang: 'EN', position: 'A1', media_type: 'video' })
    const found = await http.get(`/site?name=${encodeURIComponent('春のキャンペーン')}`, { token })
    expect(found.body.items.map((s: { id: string }) => s.id)).toContain(id)
    // The same save again changes nothing but the version.
    const again = await put(token, id, fullSave(id, 2, media))
    expect(again.status).toBe(200)
    expect(again.body.version).toBe(3)
    expect(again.body.creatives).toEqual(loaded.body.creatives)
  })

  it('refuses a stale save with 409 and writes nothing', async () => {
    const site = await create()
    const id = site.global_setting.id
    const media = await confirmedMedia(id)
    expect((await put(token, id, fullSave(id, 1, media))).status).toBe(200)
    const before = await http.get(`/site/${id}`, { token })
    const stale = fullSave(id, 1, media)
    stale.global_setting.name = '上書き'
    stale.creatives = []
    const response = await put(token, id, stale)
    expect(response.status).toBe(409)
    expect(response.body.error.code).toBe('error.conflict')
    const after = await http.get(`/site/${id}`, { token })
    // Presigned URLs are signed anew on every read (their query); everything else is as it was.
    const unsigned = (body: { media: Array<{ key: string; url: string }> }) => ({
      ...body,
      media: body.media.map((m) => ({ key: m.key, url: m.url.split('?')[0] })),
    })
    expect(unsigned(after.body)).toEqual(unsigned(before.body))
  })

  it('rejects invalid input with 400 and the field paths', async () => {
    const site = await create()
    const id = site.global_setting.id
    const media = await confirmedMedia(id)
    const bad = fullSave(id, 1, media)
    bad.global_setting.name = ''
    bad.global_setting.number_vertical = 0
    bad.menus[0]!.items = [
      { id: 'a', name: 'ホーム' },
      { id: 'b', name: 'ホーム' },
    ]
    ;(bad.creatives[0] as { link_button_color: string }).link_button_color = 'green'
    bad.settings[0]!.seo = {
      title: 'タイトル_',
      h1: '',
      description: '',
      head: '',
      body: '<script>eval(1)</script>',
    }
    const response = await put(token, id, bad)
    expect(response.status).toBe(400)
    expect(response.body.error.code).toBe('error.validation')
    const paths = response.body.error.details.map(
      (d: { path: string; code: string }) => `${d.path} ${d.code}`,
    )
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.globalSetting.name validation.required',
        'body.globalSetting.numberVertical validation.rowsCols',
        'body.menus.0.items.1.name validation.menuDuplicate',
        'body.creatives.0.linkButtonColor validation.color',
        'body.settings.0.seo.title validation.seoChars',
        'body.settings.0.seo.body validation.forbiddenScript',
      ]),
    )
    // Cells outside the grid and languages the site does not have.
    const outside = fullSave(id, 1, media)
    outside.creatives = [
      { lang: 'JP', position: 'C1' },
      { lang: 'KR', position: 'A1' },
    ] as never
    const refused = await put(token, id, outside)
    expect(refused.status).toBe(400)
    expect(refused.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      'body.creatives.1.lang',
      'body.creatives.0.position',
    ])
    expect((await http.get(`/site/${id}`, { token })).body.version).toBe(1)
  })

  it("enforces the plan's maximum creatives (rows × columns)", async () => {
    const created = await http.post(
      '/site',
      { name: 'x', number_horizontal: 11, number_vertical: 10 },
      { token },
    )
    expect(created.status).toBe(400)
    expect(created.body.error.details).toEqual([
      expect.objectContaining({ path: 'body.numberHorizontal', code: 'validation.tooManyCreatives' }),
    ])
    const site = await create()
    const id = site.global_setting.id
    const body = fullSave(id, 1, await confirmedMedia(id))
    body.global_setting.number_horizontal = 10
    body.global_setting.number_vertical = 11
    const response = await put(token, id, body)
    expect(response.status).toBe(400)
    expect(response.body.error.details).toEqual([
      expect.objectContaining({
        path: 'body.globalSetting.numberHorizontal',
        code: 'validation.tooManyCreatives',
      }),
    ])
    const exact = await http.post(
      '/site',
      { name: 'x', number_horizontal: 10, number_vertical: 10 },
      { token },
    )
    expect(exact.status).toBe(201)
  })

  it('clears the creatives when the grid changes', async () => {
    const site = await create()
    const id = site.global_setting.id
    const media = await confirmedMedia(id)
    expect((await put(token, id, fullSave(id, 1, media))).status).toBe(200)
    const { creatives: _c, ...rest } = fullSave(id, 2, media)
    const resized = { ...rest, global_setting: { ...rest.global_setting, number_horizontal: 3 } }
    const response = await put(token, id, resized)
    expect(response.status).toBe(200)
    expect(response.body.global_setting.number_horizontal).toBe(3)
    expect(response.body.creatives).toEqual([])
    expect(response.body.menus).toHaveLength(2)
    expect((await storedItems(id)).creatives).toEqual([])
  })

  it("removing a language deletes that language's menu, creatives and settings", async () => {
    const site = await create()
    const id = site.global_setting.id
    const media = await confirmedMedia(id)
    expect((await put(token, id, fullSave(id, 1, media))).status).toBe(200)
    const body = fullSave(id, 2, media)
    body.global_setting.languages = ['JP']
    body.menus = body.menus.filter((m) => m.lang === 'JP')
    body.creatives = body.creatives.filter((c) => c.lang === 'JP')
    body.settings = body.settings.filter((s) => s.lang === 'JP')
    const response = await put(token, id, body)
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    const stored = await storedItems(id)
    expect(stored.menus.map((m) => m.lang)).toEqual(['JP'])
    expect(stored.settings.map((s) => s.lang)).toEqual(['JP'])
    expect(stored.creatives.map((c) => `${c.lang}${c.position}`).sort()).toEqual(['JPA1', 'JPB1'])
    // Added back, the language starts empty.
    const readd = fullSave(id, 3, media)
    readd.menus = readd.menus.filter((m) => m.lang === 'JP')
    readd.creatives = readd.creatives.filter((c) => c.lang === 'JP')
    readd.settings = readd.settings.filter((s) => s.lang === 'JP')
    const back = await put(token, id, readd)
    expect(back.status).toBe(200)
    expect(back.body.global_setting.languages).toEqual(['JP', 'EN'])
    expect(back.body.creatives.filter((c: { lang: string }) => c.lang === 'EN')).toEqual([])
  })

  it('publishes, unpublishes and deletes with the version lock', async () => {
    const site = await create()
    const id = site.global_setting.id
    const media = await confirmedMedia(id)
    // Publishing copies the files into the release, so they must exist (publishing.test.ts).
    await storeMedia(Object.values(media))
    const empty = await http.post(`/site/${id}/status`, { action: 'publish', version: 1 }, { token })
    expect(empty.status).toBe(400)
    expect(empty.body.error.details[0]).toMatchObject({
      path: 'creatives.JP',
      code: 'validation.imagesRequired',
    })
    expect((await put(token, id, fullSave(id, 1, media))).status).toBe(200)
    const gap = fullSave(id, 2, media)
    gap.creatives = [
      { lang: 'JP', position: 'B1', media_key: media.b1 },
      { lang: 'EN', position: 'A1', media_key: media.a1En },
    ] as never
    expect((await put(token, id, gap)).status).toBe(200)
    const consecutive = await http.post(`/site/${id}/status`, { action: 'private', version: 3 }, { token })
    expect(consecutive.status).toBe(400)
    expect(consecutive.body.error.details[0]).toMatchObject({
      path: 'creatives.JP',
      code: 'validation.imagesConsecutive',
    })
    expect((await put(token, id, fullSave(id, 3, media))).status).toBe(200)
    const published = await http.post(`/site/${id}/status`, { action: 'publish', version: 4 }, { token })
    expect(published.status).toBe(200)
    expect(published.body.global_setting).toMatchObject({
      status: 'PUBLISH',
      published_at: expect.any(String),
    })
    expect(published.body.version).toBe(5)
    expect(published.body.media.map((m: { key: string }) => m.key)).toEqual([
      media.favicon,
      media.logo,
      media.cta,
      media.a1,
      media.p1,
      media.b1,
      media.a1En,
    ])
    const stale = await http.post(`/site/${id}/status`, { action: 'draft', version: 4 }, { token })
    expect(stale.status).toBe(409)
    const listed = await http.get('/site?status=PUBLISH', { token })
    expect(listed.body.items.map((s: { id: string }) => s.id)).toContain(id)
    expect((await http.call('DELETE', `/site/${id}?version=4`, { token })).status).toBe(409)
    const removed = await http.call('DELETE', `/site/${id}?version=5`, { token })
    expect(removed.status).toBe(200)
    expect((await http.get(`/site/${id}`, { token })).status).toBe(404)
    const stored = await storedItems(id)
    expect([...stored.sites, ...stored.creatives, ...stored.menus, ...stored.settings]).toEqual([])
    const { SiteUploads } = await import('../../functions/src/data/site-uploads.ts')
    expect((await SiteUploads.query.byKey({ siteId: id }).go()).data).toEqual([])
  })

  it('lists the caller’s sites with filters and cursor pages', async () => {
    const tag = `一覧-${Date.now()}`
    for (const n of [1, 2, 3]) await create({ name: `${tag}-${n}` })
    const first = await http.get(`/site?name=${encodeURIComponent(tag)}&limit=2`, { token })
    expect(first.status).toBe(200)
    expect(first.body.items.map((s: { name: string }) => s.name)).toEqual([`${tag}-3`, `${tag}-2`])
    expect(first.body.next_cursor).toEqual(expect.any(String))
    const second = await http.get(
      `/site?name=${encodeURIComponent(tag)}&limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`,
      { token },
    )
    expect(second.body.items.map((s: { name: string }) => s.name)).toEqual([`${tag}-1`])
    expect(second.body.items[0]).toEqual({
      id: expect.any(String),
      name: `${tag}-1`,
      url: expect.any(String),
      status: 'DRAFT',
      owner_id: user.accountId,
      owner_name: 'Test USER',
      number_horizontal: 2,
      number_vertical: 2,
      languages: ['JP', 'EN'],
      created_at: expect.any(String),
      published_at: null,
      scheduled_publish_at: null,
      scheduled_unpublish_at: null,
      version: 1,
    })
  })

  it('another tenant gets 404 on every site route', async () => {
    const site = await create()
    const id = site.global_setting.id
    const calls = [
      http.get(`/site/${id}`, { token: otherToken }),
      put(otherToken, id, fullSave(id, 1, await confirmedMedia(id))),
      http.call('DELETE', `/site/${id}?version=1`, { token: otherToken }),
      http.post(`/site/${id}/status`, { action: 'draft', version: 1 }, { token: otherToken }),
      http.get(`/site?owner_id=${user.accountId}`, { token: otherToken }),
      http.get(`/site/export?owner_id=${user.accountId}`, { token: otherToken }),
    ]
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(404)
      expect(response.body).toEqual({ error: { code: 'error.notFound', message: expect.any(String) } })
    }
    const theirs = await http.get('/site', { token: otherToken })
    expect(theirs.body.items.map((s: { id: string }) => s.id)).not.toContain(id)
    expect((await http.get(`/site/${id}`, { token })).body.version).toBe(1)
  })

  it('exports the site list as CSV with formula cells neutralised', async () => {
    const site = await create({ name: '=HYPERLINK("x")' })
    const response = await fetch(`${urls.api}/site/export?owner_id=${user.accountId}`, {
      headers: { authorization: `Bearer ${token}`, 'x-lang': 'ja' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
    const lines = text.slice(1).trim().split('\r\n')
    expect(lines[0]).toBe('サイト名,URL,ステータス,親アカウント,作成日時 (JST),公開日時 (JST)')
    const row = lines.find((line) => line.includes('HYPERLINK'))
    expect(row).toBeDefined()
    expect(row!.startsWith(`"'=HYPERLINK(""x"")",http://`)).toBe(true)
    expect(row).toContain(',DRAFT,Test USER,')
    expect(site.global_setting.id).toEqual(expect.any(String))
  })
})
