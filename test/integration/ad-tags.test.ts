import { beforeAll, describe, expect, it } from 'vitest'
import { creatorToken } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { livePage } from '../support/edge.ts'
import { useStackEnv } from '../support/env.ts'
import { confirmedKeys, storeMedia } from '../support/uploads.ts'

/**
 * Ad tags by ID (issue 32), through the gateway, the publisher and the local edge: a wrong ID is
 * refused with the vendor's format and nothing is stored; the saved setting is normalised; the
 * published page loads the tags from one first-party file under the page's CSP, shows the consent
 * banner and links the external-transmission notice, which lists exactly the enabled vendors.
 */
const { urls } = useStackEnv()
const http = api(urls.api)

describe('ad tags by ID', () => {
  let token: string

  beforeAll(async () => {
    token = await creatorToken(http, 'pro_multi')
  })

  it('stores valid IDs normalised, refuses a wrong one, and publishes the tags file, banner and notice', async () => {
    const created = await http.post(
      '/site',
      { name: '広告タグ', number_horizontal: 1, number_vertical: 1, languages: ['JP', 'EN'] },
      { token },
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.global_setting.id as string
    expect(created.body.global_setting.ad_tags).toBeNull()
    const [media] = await confirmedKeys(id, ['jpg'])
    await storeMedia([media!])
    let version = created.body.version as number

    const save = (adTags: unknown) =>
      http.call('PUT', `/site/${id}`, {
        token,
        body: {
          version,
          global_setting: {
            id,
            name: '広告タグ',
            number_horizontal: 1,
            number_vertical: 1,
            default_language: 'JP',
            languages: ['JP', 'EN'],
            popup_ctas: [],
            ad_tags: adTags,
          },
          creatives: ['JP', 'EN'].map((lang) => ({
            lang,
            position: 'A1',
            media_key: media,
            media_type: 'image',
          })),
        },
      })

    const wrong = await save({ vendors: { meta_pixel: { pixel_id: '12345' } } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error.code).toBe('error.validation')
    expect(wrong.body.error.details).toEqual([
      expect.objectContaining({
        path: 'body.globalSetting.adTags.vendors.metaPixel.pixelId',
        code: 'adTags.metaPixelId',
        message: '15〜16桁の数字のピクセルIDを入力してください（例: 123456789012345）。',
      }),
    ])
    expect((await http.get(`/site/${id}`, { token })).body.version).toBe(version)

    const saved = await save({
      vendors: {
        gtm: { container_id: ' gtm-abc1234 ' },
        meta_pixel: { pixel_id: '123456789012345' },
        google_ads: { conversion_id: 'AW-123456789', labels: { contact_sent: 'AbC-123_xyz' } },
      },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.global_setting.ad_tags).toEqual({
      vendors: {
        gtm: { container_id: 'GTM-ABC1234' },
        meta_pixel: { pixel_id: '123456789012345' },
        google_ads: { conversion_id: 'AW-123456789', labels: { contact_sent: 'AbC-123_xyz' } },
      },
      consent: 'opt-in',
      conversions: {},
    })
    version = saved.body.version

    const published = await http.post(`/site/${id}/status`, { action: 'publish', version }, { token })
    expect(published.status, JSON.stringify(published.body)).toBe(200)
    const url = published.body.global_setting.url as string

    const page = await livePage(urls.edge, url)
    expect(page.status).toBe(200)
    const html = page.body.toString()
    const script = / data-tags="(\/assets\/tags\.[0-9a-f]{12}\.js)"/.exec(html)?.[1]
    expect(script).toBeDefined()
    expect(html).toContain('<section class="cs" id="cs" aria-labelledby="cs-h" hidden="">')
    expect(html).toContain('<a href="/external-transmission">外部送信に関する公表事項</a>')
    // The page's CSP is the site's one: no 'unsafe-inline' for scripts came with the tags.
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^']+' https:;/)

    const tags = await livePage(urls.edge, url, script!)
    expect(tags.status).toBe(200)
    expect(tags.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(tags.body.toString()).toContain('"GTM-ABC1234"')
    expect(tags.body.toString()).not.toContain('analytics.tiktok.com')

    const notice = (await livePage(urls.edge, url, '/en/external-transmission')).body.toString()
    expect([...notice.matchAll(/<tr data-vendor="(\w+)">/g)].map((m) => m[1])).toEqual([
      'gtm',
      'googleAds',
      'metaPixel',
    ])
    expect(notice).toContain('<h1>External transmission of information</h1>')
    expect(notice).toContain('Meta Platforms, Inc.')
  })
})
