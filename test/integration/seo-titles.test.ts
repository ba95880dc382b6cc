import { beforeAll, describe, expect, it } from 'vitest'
import { creatorToken } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { useStackEnv } from '../support/env.ts'

/**
 * SEO texts take ordinary Japanese titles (issue 15 #8, issue 30 #4): Japanese punctuation and
 * full-width symbols (。、！？・〜％／＆「」【】｜：－, the ideographic space) and their ASCII forms save
 * through PUT /site/{id} and are stored as typed, while emoji, control characters and the
 * underscore are still refused with the field's localised message and nothing written.
 */

const { urls } = useStackEnv()
const http = api(urls.api)

const JA_MESSAGE = '絵文字、改行・タブなどの制御文字、アンダースコア（_）は使えません。'
const EN_MESSAGE =
  'Emoji, control characters such as line breaks and tabs, and underscores (_) cannot be used.'

describe('SEO titles with Japanese punctuation and symbols (PUT /site/{id})', () => {
  let token: string
  let siteId: string

  const load = async () => {
    const response = await http.get(`/site/${siteId}`, { token })
    expect(response.status).toBe(200)
    return response.body
  }

  /** The stored site with its JP SEO replaced: everything else saved as it was read. */
  const withSeo = (site: Record<string, unknown>, seo: Record<string, string>) => ({
    version: site.version,
    global_setting: site.global_setting,
    menus: site.menus,
    creatives: site.creatives,
    settings: [
      {
        ...(site.settings as Record<string, unknown>[])[0],
        lang: 'JP',
        seo: { title: '', h1: '', description: '', head: '', body: '', ...seo },
      },
    ],
  })

  beforeAll(async () => {
    token = await creatorToken(http)
    const created = await http.post(
      '/site',
      { name: 'SEOサイト', number_horizontal: 1, number_vertical: 1, languages: ['JP'] },
      { token },
    )
    expect(created.status).toBe(201)
    siteId = created.body.global_setting.id
  })

  it.each([
    ['春キャンペーン【期間限定】', '春キャンペーン｜デモ', '春の新作：第2弾　－予約受付中－（数量限定）'],
    ['春キャンペーン｜デモ', '〔予約〕《新作》［限定］｛春｝', 'セール：3月1日から'],
    ['送料無料！20%OFF', '春・夏、11/30まで？', '春の新作です。〜11月30日 A&B ２０％ＯＦＦ／＆「新作」'],
  ])('saves the title %s as typed', async (title, h1, description) => {
    const before = await load()
    const saved = await http.call('PUT', `/site/${siteId}`, {
      token,
      body: withSeo(before, { title, h1, description }),
    })
    expect(saved.status, JSON.stringify(saved.body).slice(0, 500)).toBe(200)
    expect(saved.body.version).toBe(before.version + 1)
    const after = await load()
    expect(after.settings.find((s: { lang: string }) => s.lang === 'JP').seo).toEqual({
      title,
      h1,
      description,
      head: '',
      body: '',
    })
  })

  it('still refuses emoji, control characters and the underscore with the localised message', async () => {
    const before = await load()
    for (const [title, lang, message] of [
      ['春キャンペーン🎉', 'ja', JA_MESSAGE],
      ['春キャンペーン\n送料無料', 'ja', JA_MESSAGE],
      ['春キャンペーン＿デモ', 'en', EN_MESSAGE],
      ['春キャンペーン_デモ', 'ja', JA_MESSAGE],
    ] as const) {
      const refused = await http.call('PUT', `/site/${siteId}`, {
        token,
        lang,
        body: withSeo(before, { title }),
      })
      expect(refused.status).toBe(400)
      expect(refused.body.error.code).toBe('error.validation')
      expect(refused.body.error.details).toEqual([
        { path: 'body.settings.0.seo.title', code: 'validation.seoChars', message, params: {} },
      ])
    }
    expect(await load()).toEqual(before)
  })
})
