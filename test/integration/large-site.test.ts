import { beforeAll, describe, expect, it } from 'vitest'
import { creatorToken } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { useStackEnv } from '../support/env.ts'
import { LARGEST_CELLS, LARGEST_SITE, largestSiteCreatives } from '../support/sites.ts'
import { confirmedKeys } from '../support/uploads.ts'

const { urls } = useStackEnv()
const http = api(urls.api)

/** The largest site any plan allows (pro_multi: 100 creatives, every language). */
const { rows: ROWS, columns: COLUMNS, languages: LANGUAGES } = LARGEST_SITE
const CELLS = LARGEST_CELLS

const storedItems = async (siteId: string) => {
  const { sitesService } = await import('../../functions/src/data/sites.ts')
  return (await sitesService.collections.siteItems({ siteId }).go({ pages: 'all' })).data
}

describe('a site of the largest plan', () => {
  let token: string
  let siteId: string
  let version: number
  let keys: string[]

  const body = (label: string, atVersion: number) => ({
    version: atVersion,
    global_setting: {
      id: siteId,
      name: '大きなサイト',
      number_horizontal: ROWS,
      number_vertical: COLUMNS,
      view_mode: 'MOBILE',
      default_language: 'JP',
      languages: [...LANGUAGES],
      display_language_icon: true,
      display_global_menu: true,
      popup_ctas: [],
    },
    menus: LANGUAGES.map((lang) => ({
      lang,
      items: [{ id: 'm1', name: `${label} menu` }],
      text_color: null,
    })),
    creatives: largestSiteCreatives(keys, label),
    settings: LANGUAGES.map((lang) => ({ lang, sns: [] })),
  })

  const texts = (site: { creatives: Array<{ lang: string; position: string; main_text: string }> }) =>
    site.creatives.map((c) => `${c.lang}:${c.position}:${c.main_text}`)
  const expectedTexts = (label: string) =>
    LANGUAGES.flatMap((lang) => CELLS.map((position) => `${lang}:${position}:${label} ${lang} ${position}`))

  beforeAll(async () => {
    token = await creatorToken(http, 'pro_multi')
    const created = await http.post(
      '/site',
      { name: '大きなサイト', number_horizontal: ROWS, number_vertical: COLUMNS, languages: [...LANGUAGES] },
      { token },
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    siteId = created.body.global_setting.id
    version = created.body.version
    keys = await confirmedKeys(
      siteId,
      Array.from({ length: CELLS.length * LANGUAGES.length }, () => 'jpg'),
    )
  })

  it('saves 10 × 10 creatives in four languages in one request and reads them back whole', async () => {
    const saved = await http.call('PUT', `/site/${siteId}`, { token, body: body('first', version) })
    expect(saved.status, JSON.stringify(saved.body).slice(0, 500)).toBe(200)
    expect(saved.body.version).toBe(version + 1)
    version = saved.body.version
    expect(texts(saved.body)).toEqual(expectedTexts('first'))

    const loaded = await http.get(`/site/${siteId}`, { token })
    expect(loaded.status).toBe(200)
    expect(loaded.body.version).toBe(version)
    expect(texts(loaded.body)).toEqual(expectedTexts('first'))
    expect(loaded.body.creatives.map((c: { media_key: string }) => c.media_key)).toEqual(keys)
    expect(loaded.body.creatives[0]).toMatchObject({
      lang: 'JP',
      position: 'A1',
      order: 1,
      image_alt: 'JP A1',
    })
    expect(loaded.body.creatives.at(-1)).toMatchObject({ lang: 'KR', position: 'J10', order: 100 })
    expect(loaded.body.menus.map((m: { items: Array<{ name: string }> }) => m.items[0]!.name)).toEqual(
      LANGUAGES.map(() => 'first menu'),
    )
    expect(loaded.body.settings.map((s: { lang: string }) => s.lang)).toEqual([...LANGUAGES])

    // Stored: exactly one creative per language and cell, all of the site's generation.
    const stored = await storedItems(siteId)
    expect(stored.creatives).toHaveLength(400)
    expect(new Set(stored.creatives.map((c) => c.gridGeneration))).toEqual(
      new Set([stored.sites[0]!.gridGeneration]),
    )
  })

  it('a reader sees the whole old site or the whole new one while a large save replaces every creative', async () => {
    const seen: string[][] = []
    let saving = true
    const reader = (async () => {
      for (let reads = 0; saving && reads < 200; reads++) {
        const page = await http.get(`/site/${siteId}`, { token })
        expect(page.status).toBe(200)
        seen.push(texts(page.body))
      }
    })()
    const saved = await http.call('PUT', `/site/${siteId}`, { token, body: body('second', version) })
    saving = false
    await reader
    expect(saved.status).toBe(200)
    version = saved.body.version
    expect(seen.length).toBeGreaterThan(0)
    const whole = [expectedTexts('first'), expectedTexts('second')].map((t) => t.join('\n'))
    for (const read of seen) expect(whole).toContain(read.join('\n'))
    expect((await storedItems(siteId)).creatives).toHaveLength(400)
  })

  it('of two large saves from the same version one wins whole, the other gets 409 and leaves nothing', async () => {
    const [a, b] = await Promise.all([
      http.call('PUT', `/site/${siteId}`, { token, body: body('tab A', version) }),
      http.call('PUT', `/site/${siteId}`, { token, body: body('tab B', version) }),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    const [winner, loser] = a.status === 200 ? ['tab A', b] : ['tab B', a]
    expect(loser.body.error.code).toBe('error.conflict')

    const loaded = await http.get(`/site/${siteId}`, { token })
    expect(loaded.body.version).toBe(version + 1)
    expect(texts(loaded.body)).toEqual(expectedTexts(winner))
    version = loaded.body.version
    // The losing attempt's staged creatives are gone; the old set is swept.
    expect((await storedItems(siteId)).creatives).toHaveLength(400)

    // A save from a stale version changes nothing either.
    const stale = await http.call('PUT', `/site/${siteId}`, { token, body: body('stale', version - 1) })
    expect(stale.status).toBe(409)
    const after = await http.get(`/site/${siteId}`, { token })
    expect(after.body.version).toBe(version)
    expect(texts(after.body)).toEqual(expectedTexts(winner))
  })

  it('a small edit of the large site changes one creative in place', async () => {
    const edited = body('third', version)
    const current = await http.get(`/site/${siteId}`, { token })
    edited.creatives = current.body.creatives.map((c: Record<string, unknown>, i: number) =>
      i === 5 ? { ...c, main_text: 'たった一つの変更' } : c,
    )
    const generation = (await storedItems(siteId)).sites[0]!.gridGeneration
    const saved = await http.call('PUT', `/site/${siteId}`, { token, body: edited })
    expect(saved.status, JSON.stringify(saved.body).slice(0, 500)).toBe(200)
    expect(saved.body.creatives[5].main_text).toBe('たった一つの変更')
    expect(
      saved.body.creatives.filter((c: { main_text: string }) => c.main_text === 'たった一つの変更'),
    ).toHaveLength(1)
    const stored = await storedItems(siteId)
    expect(stored.sites[0]!.gridGeneration).toBe(generation)
    expect(stored.creatives).toHaveLength(400)
  })
})
