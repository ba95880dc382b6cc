import { beforeAll, describe, expect, it } from 'vitest'
import { creatorToken } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { edgeGet } from '../support/edge.ts'
import { useStackEnv } from '../support/env.ts'
import { confirmedKeys, storeMedia } from '../support/uploads.ts'

/**
 * Popup CTAs in a two-language site, through the gateway and the published pages (issue 15, points
 * 1 and 4): a CTA saved without pages (what the editor saves by default) shows on every page, and a
 * CTA's text and image are per language, a language without its own showing the default language's.
 */
const { urls } = useStackEnv()
const http = api(urls.api)

const edge = (host: string, path: string) => edgeGet(urls.edge, host, path)

/** The popup CTAs of a published page: index, sheets, label and image file, read from the markup. */
const ctasOf = (html: string) =>
  [...html.matchAll(/<section class="cta[^"]*"[^>]*>[\s\S]*?<\/section>/g)].map(([section]) => {
    const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(section.split('>')[0]!)?.[1]
    return {
      index: attribute('data-cta'),
      sheets: attribute('data-sheets'),
      label: attribute('aria-label'),
      image: /<img[^>]* src="([^"]*)"/.exec(section)?.[1]?.split('/').pop() ?? null,
    }
  })

interface LiveCta {
  index: number
  content: string
  image_url: string | null
  effective_sheets: number[]
  active_sheets: number[]
  active: boolean
}

describe('popup CTAs per language and on every page', () => {
  let token: string
  let siteId: string
  let host: string
  let ctaJp: string
  let ctaEn: string
  /** The CTAs as the editor saves them (snake_case). */
  let ctas: Record<string, unknown>[]

  beforeAll(async () => {
    token = await creatorToken(http, 'pro_multi')
    const created = await http.post(
      '/site',
      { name: '多言語CTA', number_horizontal: 2, number_vertical: 2, languages: ['JP', 'EN'] },
      { token },
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    siteId = created.body.global_setting.id
    host = new URL(created.body.global_setting.url).host
    const keys = await confirmedKeys(siteId, ['jpg', 'jpg', 'jpg', 'jpg', 'jpg', 'png', 'png'])
    await storeMedia(keys)
    const [a1, b1, a2, b2, a1En] = keys as [string, string, string, string, string]
    ctaJp = keys[5]!
    ctaEn = keys[6]!
    ctas = [
      // The editor's default: no page chosen ("すべてのページ"); a text and an image per language.
      {
        kind: 'TIME_LIMIT',
        link_url: 'https://example.com/sale',
        localized: [
          { lang: 'JP', content: '春のセール開催中', image_url: ctaJp },
          { lang: 'EN', content: 'Spring sale on now', image_url: ctaEn },
        ],
        effective_sheets: [],
      },
      // Page 2 (B1) only, Japanese only: English pages show the Japanese text.
      {
        kind: 'TIME_LIMIT',
        link_url: 'https://example.com/ja',
        localized: [{ lang: 'JP', content: '日本語だけの案内' }],
        effective_sheets: [2],
        display_position: 'TOP',
      },
    ]
    const saved = await http.call('PUT', `/site/${siteId}`, {
      token,
      body: {
        version: created.body.version,
        global_setting: {
          id: siteId,
          name: '多言語CTA',
          number_horizontal: 2,
          number_vertical: 2,
          default_language: 'JP',
          languages: ['JP', 'EN'],
          popup_ctas: ctas,
        },
        creatives: [
          ...[
            ['A1', a1],
            ['B1', b1],
            ['A2', a2],
            ['B2', b2],
          ].map(([position, key]) => ({ lang: 'JP', position, media_key: key, media_type: 'image' })),
          { lang: 'EN', position: 'A1', media_key: a1En, media_type: 'image' },
        ],
      },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const published = await http.post(
      `/site/${siteId}/status`,
      { action: 'publish', version: saved.body.version },
      { token },
    )
    expect(published.status, JSON.stringify(published.body)).toBe(200)
  })

  it('keeps each language’s text and image as saved', async () => {
    const loaded = await http.get(`/site/${siteId}`, { token })
    expect(loaded.status).toBe(200)
    expect(loaded.body.global_setting.popup_ctas.map((c: Record<string, unknown>) => c.localized)).toEqual([
      ctas[0]!.localized,
      ctas[1]!.localized,
    ])
    expect(loaded.body.global_setting.popup_ctas[0].effective_sheets).toEqual([])
    // The editor can show both images.
    expect(loaded.body.media.map((m: { key: string }) => m.key)).toEqual(
      expect.arrayContaining([ctaJp, ctaEn]),
    )
  })

  it('answers the CTA route with the asked language’s text and image, the default language’s where it has none', async () => {
    const shown = async (query: string) => {
      const response = await http.get(`/end-user/site/${siteId}/cta?${query}`)
      expect(response.status, JSON.stringify(response.body)).toBe(200)
      return (response.body.ctas as LiveCta[]).map((c) => [c.index, c.content, c.image_url !== null])
    }
    const imageOf = async (lang: string) => {
      const response = await http.get(`/end-user/site/${siteId}/cta?lang=${lang}`)
      return (response.body.ctas as LiveCta[])[0]!.image_url!
    }
    expect(await shown('lang=JP')).toEqual([
      [0, '春のセール開催中', true],
      [1, '日本語だけの案内', false],
    ])
    expect(await shown('lang=EN')).toEqual([
      [0, 'Spring sale on now', true],
      [1, '日本語だけの案内', false],
    ])
    // Each language's own image file, never the other's.
    const [jp, en] = [await imageOf('JP'), await imageOf('EN')]
    expect(jp).toContain(
      ctaJp
        .split('/')
        .pop()!
        .replace(/\.png$/, ''),
    )
    expect(en).toContain(
      ctaEn
        .split('/')
        .pop()!
        .replace(/\.png$/, ''),
    )
    expect(jp).not.toEqual(en)
  })

  it('shows a CTA saved without pages on every page, and one with pages only there', async () => {
    const all = await http.get(`/end-user/site/${siteId}/cta?lang=JP`)
    expect(
      (all.body.ctas as LiveCta[]).map((c) => [c.index, c.effective_sheets, c.active_sheets, c.active]),
    ).toEqual([
      [0, [], [1, 2, 3, 4], true],
      [1, [2], [2], true],
    ])
    for (const [position, second] of [
      ['A1', false],
      ['B1', true],
      ['A2', false],
      ['B2', false],
    ] as const) {
      const at = await http.get(`/end-user/site/${siteId}/cta?lang=EN&position=${position}`)
      expect(
        (at.body.ctas as LiveCta[]).map((c) => c.active),
        position,
      ).toEqual([true, second])
    }
  })

  it('publishes each language’s page with its own CTA text and image, the no-page CTA marked for every page', async () => {
    const page = async (path: string) => {
      const response = await edge(host, path)
      expect(response.status, path).toBe(200)
      return ctasOf(response.text)
    }
    const file = (key: string) => key.split('/').pop()!
    const japanese = await page('/')
    const english = await page('/en/')
    const byIndex = (list: typeof japanese) => Object.fromEntries(list.map((c) => [c.index, c]))
    expect(byIndex(japanese)).toEqual({
      0: {
        index: '0',
        sheets: '',
        label: '春のセール開催中',
        image: expect.stringContaining(file(ctaJp).split('.')[0]!),
      },
      1: { index: '1', sheets: '2', label: '日本語だけの案内', image: null },
    })
    expect(byIndex(english)).toEqual({
      0: {
        index: '0',
        sheets: '',
        label: 'Spring sale on now',
        image: expect.stringContaining(file(ctaEn).split('.')[0]!),
      },
      1: { index: '1', sheets: '2', label: '日本語だけの案内', image: null },
    })
  })
})
