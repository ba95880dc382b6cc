import { createHash } from 'node:crypto'
import { BOOT_JS } from '@swipe/web-site/boot'
import { beforeAll, describe, expect, it } from 'vitest'
import { creatorToken } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { type EdgeResponse, edgeGet } from '../support/edge.ts'
import { useStackEnv, useStackPlatform } from '../support/env.ts'
import { confirmedKeys, samples, storeMedia } from '../support/uploads.ts'

const { urls, env } = useStackEnv()
// Publishing in this process writes the stack's host map (the local platform's bucket map).
useStackPlatform()
const http = api(urls.api)

/** The CSP every site response carries (infra/lib/sites/headers.ts), spelled out. */
const BOOT_HASH = createHash('sha256').update(BOOT_JS).digest('base64')
const CSP = `default-src 'self'; script-src 'self' 'sha256-${BOOT_HASH}' https:; style-src 'self' 'unsafe-inline' https:; img-src 'self' data: https:; font-src 'self' data: https:; media-src 'self' https:; connect-src 'self' https:; frame-src https:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`
/**
 * A served page's CSP on the local edge: members-only media come as presigned URLs of the S3
 * emulator, plain http locally where AWS's are https, so its origin is admitted for images and media.
 */
const s3Origin = new URL(env.S3_ENDPOINT ?? '').origin
const PAGE_CSP = CSP.replace(
  "img-src 'self' data: https:",
  `img-src 'self' data: https: ${s3Origin}`,
).replace("media-src 'self' https:", `media-src 'self' https: ${s3Origin}`)

const PROBE = '<img src=x onerror=alert(1)>'
const ESCAPED = '&lt;img src=x onerror=alert(1)&gt;'
const HEAD_TAG = '<meta name="x-publish-test" content="head-tag">'
const BODY_TAG = '<script src="https://cdn.example.com/tag.js" defer></script>'
const SEO_TITLE = '春のテスト | 限定 [A]'

const edge = (host: string, path: string): Promise<EdgeResponse> => edgeGet(urls.edge, host, path)

/** Every release file a page refers to: media, the client script, company texts. */
const assetsOf = (html: string) => [
  ...new Set(
    [...html.matchAll(/(?:src|href|data-src|data-island)="(\/(?:_media|assets|data)\/[^"]+)"/g)].map(
      (m) => m[1]!,
    ),
  ),
]

const releasesOf = async (siteId: string) => {
  const { listReleases } = await import('../../functions/src/publishing/release.ts')
  return listReleases(siteId)
}

/** The releases a site's versions name (which the clean-up keeps for a rollback), oldest first. */
const versionReleasesOf = async (siteId: string) => {
  const { SiteVersions } = await import('../../functions/src/data/site-versions.ts')
  const { data } = await SiteVersions.query.byVersion({ siteId }).go({ pages: 'all' })
  return [...new Set(data.map((v) => v.releaseId))].sort()
}

const hostTarget = async (host: string) => {
  const { platform } = await import('../../functions/src/platform/index.ts')
  return platform().hostMap.get(host)
}

interface TestSite {
  id: string
  host: string
  version: number
  keys: { a1: string; b1: string; a2: string; a1En: string; product: string }
}

describe('publishing', () => {
  let token: string

  beforeAll(async () => {
    token = await creatorToken(http, 'pro_multi')
  })

  const save = async (site: TestSite, changes: { a1?: string; mainText?: string } = {}) => {
    const { id, keys } = site
    const response = await http.call('PUT', `/site/${id}`, {
      token,
      body: {
        version: site.version,
        global_setting: {
          id,
          name: '公開テスト',
          number_horizontal: 2,
          number_vertical: 2,
          view_mode: 'MOBILE',
          default_language: 'JP',
          languages: ['JP', 'EN'],
          display_language_icon: true,
          display_global_menu: true,
          popup_ctas: [],
        },
        menus: [{ lang: 'JP', items: [{ id: 'm1', name: PROBE }], text_color: null }],
        creatives: [
          {
            lang: 'JP',
            position: 'A1',
            media_key: changes.a1 ?? keys.a1,
            media_type: 'image',
            image_alt: '最初の画像',
            main_text: changes.mainText ?? PROBE,
            show_company: true,
            products: [
              {
                id: 'p1',
                product_name: PROBE,
                image_path: keys.product,
                price: 1000,
                link_button_url: 'https://example.com/buy',
                link_button_text: '買う',
              },
            ],
          },
          { lang: 'JP', position: 'B1', media_key: keys.b1, media_type: 'image', main_text: '二枚目です' },
          {
            lang: 'JP',
            position: 'A2',
            media_key: keys.a2,
            media_type: 'image',
            main_text: '会員だけの秘密',
            members_only_lock: true,
          },
          {
            lang: 'EN',
            position: 'A1',
            media_key: keys.a1En,
            media_type: 'image',
            main_text: 'Hello visitors',
          },
        ],
        settings: [
          {
            lang: 'JP',
            seo: { title: SEO_TITLE, h1: '見出し', description: '説明', head: HEAD_TAG, body: BODY_TAG },
            sns: [],
            company: {
              company_website: 'https://example.com',
              company_profile: '会社概要',
              company_clause: '',
              terms_of_service: '',
              privacy_policy: PROBE,
            },
          },
        ],
      },
    })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    site.version = response.body.version
  }

  const makeSite = async (): Promise<TestSite> => {
    const created = await http.post(
      '/site',
      { name: '公開テスト', number_horizontal: 2, number_vertical: 2, languages: ['JP', 'EN'] },
      { token },
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.global_setting.id as string
    const [a1, b1, a2, a1En, product] = await confirmedKeys(id, ['jpg', 'jpg', 'jpg', 'jpg', 'png'])
    const keys = { a1: a1!, b1: b1!, a2: a2!, a1En: a1En!, product: product! }
    await storeMedia(Object.values(keys))
    const site = {
      id,
      host: new URL(created.body.global_setting.url).host,
      version: created.body.version,
      keys,
    }
    await save(site)
    return site
  }

  const setStatus = async (site: TestSite, action: 'publish' | 'private' | 'draft') => {
    const response = await http.post(`/site/${site.id}/status`, { action, version: site.version }, { token })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    site.version = response.body.version
    return response
  }

  it('publishes through POST /site/{id}/status and serves each language through the edge, with the security headers', async () => {
    const site = await makeSite()
    const published = await setStatus(site, 'publish')
    expect(published.body.global_setting.status).toBe('PUBLISH')
    expect(published.body.global_setting.url).toBe(`http://${site.host}/`)

    const home = await edge(site.host, '/')
    expect(home.status).toBe(200)
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(home.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    expect(home.headers['content-security-policy']).toBe(PAGE_CSP)
    expect(home.headers['x-content-type-options']).toBe('nosniff')
    expect(home.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(home.headers['x-frame-options']).toBe('DENY')
    expect(home.headers['permissions-policy']).toBe(
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
    )
    expect(home.text).toMatch(/^<!DOCTYPE html><html lang="ja">/)
    expect(home.text).toContain('二枚目です')
    expect(home.text).toContain(`<link rel="canonical" href="http://${site.host}/"/>`)
    // The only inline script is the boot script the CSP admits by its hash; it loads the hashed
    // island named on <body> after the first paint.
    expect([...home.text.matchAll(/<script\b[^>]*>([^<]*)<\/script>/g)].map((m) => m[0])).toEqual([
      `<script>${BOOT_JS}</script>`,
      '<script src="https://cdn.example.com/tag.js" defer></script>',
    ])
    expect(home.text).toMatch(/ data-island="\/assets\/swipe\.[0-9a-f]+\.js"/)

    // The first creative's image, copied into the site's shared media, through the edge.
    const first = /<img class="m"[^>]* src="(\/_media\/[^"]+)"/.exec(home.text)?.[1]
    expect(first).toBe(`/_media/${site.keys.a1.split('/').pop()}`)
    const image = await edge(site.host, first!)
    expect(image.status).toBe(200)
    expect(image.headers['content-type']).toBe('image/jpeg')
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(image.body.equals(samples.jpeg())).toBe(true)
    for (const asset of assetsOf(home.text)) expect((await edge(site.host, asset)).status, asset).toBe(200)

    // The members-only creative: a lock in the page, its text and media nowhere.
    expect(home.text).toContain('id="A2"')
    expect(home.text).not.toContain('会員だけの秘密')
    const locked = site.keys.a2.split('/').pop()!
    expect(home.text).not.toContain(locked)
    expect((await edge(site.host, `/_media/${locked}`)).status).toBe(404)

    // Other languages at their segment, with and without the trailing slash.
    for (const path of ['/en/', '/en']) {
      const english = await edge(site.host, path)
      expect(english.status, path).toBe(200)
      expect(english.text).toMatch(/^<!DOCTYPE html><html lang="en">/)
      expect(english.text).toContain('Hello visitors')
      expect(english.headers['content-security-policy']).toBe(PAGE_CSP)
    }
    // The default language's own segment sends visitors to the root.
    const ja = await edge(site.host, '/ja/')
    expect(ja.status).toBe(200)
    expect(ja.text).toContain('<meta http-equiv="refresh" content="0;url=/">')

    // The /sites/{siteId}/ path form on the shared sites host: the same site, its links under that
    // root, the release's files shared.
    const shared = `sites.localhost:${new URL(urls.edge).port}`
    const root = `/sites/${site.id}/`
    const pathHome = await edge(shared, root)
    expect(pathHome.status).toBe(200)
    expect(pathHome.headers['content-security-policy']).toBe(PAGE_CSP)
    expect(pathHome.text).toContain('二枚目です')
    expect(pathHome.text).toContain(`<link rel="canonical" href="http://${shared}${root}"/>`)
    expect(pathHome.text).toContain(`src="${root}_media/${site.keys.a1.split('/').pop()}"`)
    const pathAssets = [
      ...new Set(
        [
          ...pathHome.text.matchAll(
            /(?:src|href|data-src)="(\/sites\/[^"]+\/(?:_media|assets|data)\/[^"]+)"/g,
          ),
        ].map((m) => m[1]!),
      ),
    ]
    expect(pathAssets.length).toBeGreaterThan(0)
    for (const asset of pathAssets) {
      expect(asset.startsWith(root), asset).toBe(true)
      expect((await edge(shared, asset)).status, asset).toBe(200)
    }
    const pathEnglish = await edge(shared, `${root}en/`)
    expect(pathEnglish.status).toBe(200)
    expect(pathEnglish.text).toContain('Hello visitors')
  })

  it('escapes creator text and places the head and body tags verbatim, only where they belong', async () => {
    const site = await makeSite()
    await setStatus(site, 'publish')
    const { text: html } = await edge(site.host, '/')
    expect(html).not.toContain(PROBE)
    // Main text, menu item and product name (card and its dialog template) are text, not markup.
    expect(html.split(ESCAPED).length - 1).toBeGreaterThanOrEqual(3)
    expect(html).toContain(`<title>${SEO_TITLE}</title>`)
    expect(html.indexOf(HEAD_TAG)).toBe(html.lastIndexOf(HEAD_TAG))
    expect(html.indexOf(HEAD_TAG)).toBeGreaterThan(html.indexOf('<head>'))
    expect(html).toContain(`${HEAD_TAG}</head>`)
    expect(html.indexOf(BODY_TAG)).toBe(html.lastIndexOf(BODY_TAG))
    expect(html).toContain(`${BODY_TAG}</body></html>`)
    // The English page has no settings: no creator tags at all.
    const english = (await edge(site.host, '/en/')).text
    expect(english).not.toContain(HEAD_TAG)
    expect(english).not.toContain(BODY_TAG)

    // Legal texts travel as JSON data (shown as text by the island), never as markup of the page.
    const data = /data-src="(\/data\/company\.ja\.[0-9a-f]+\.json)"/.exec(html)?.[1]
    expect(data).toBeDefined()
    const company = await edge(site.host, data!)
    expect(company.status).toBe(200)
    expect(company.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(company.headers['x-content-type-options']).toBe('nosniff')
    expect(JSON.parse(company.text)).toEqual({
      website: 'https://example.com/',
      texts: ['会社概要', '', '', PROBE],
    })
  })

  it('republishes atomically: every page references one release, and the replaced release still serves its assets', async () => {
    const { publishSite } = await import('../../functions/src/publishing/publish.ts')
    const site = await makeSite()
    await setStatus(site, 'publish')
    const old = (await edge(site.host, '/')).text
    const oldTarget = await hostTarget(site.host)
    expect(oldTarget?.prefix).toMatch(new RegExp(`^sites/${site.id}/\\d{8}T\\d{9}Z-[0-9a-f]{8}$`))

    const [newImage] = await confirmedKeys(site.id, ['jpg'])
    await storeMedia([newImage!])
    await save(site, { a1: newImage!, mainText: '新しい本文' })

    // Visitors keep loading the page while the publish runs; each page they get must be whole.
    const seen = new Set<string>()
    let publishing = true
    const visitor = (async () => {
      while (publishing) {
        const page = await edge(site.host, '/')
        expect(page.status).toBe(200)
        seen.add(page.text)
      }
    })()
    const checkpoints: string[] = []
    const stillOld = async (step: string) => {
      expect((await edge(site.host, '/')).text, step).toBe(old)
      expect(await hostTarget(site.host), step).toEqual(oldTarget)
      checkpoints.push(step)
    }
    const release = await publishSite(site.id, {
      hooks: {
        afterWrite: async (written) => {
          // The new release is complete in the bucket, and nobody is sent to it yet.
          expect(written.paths).toContain('index.html')
          await stillOld('written')
        },
        beforeFlip: () => stillOld('committed'),
      },
    })
    publishing = false
    await visitor
    expect(checkpoints).toEqual(['written', 'committed'])
    site.version = release.version

    const fresh = (await edge(site.host, '/')).text
    expect(fresh).not.toBe(old)
    expect(fresh).toContain('新しい本文')
    expect(await hostTarget(site.host)).toEqual({ siteId: site.id, prefix: release.prefix })
    // Every page a visitor saw during the publish was the old one or the new one, never a mix.
    for (const page of seen) expect([old, fresh]).toContain(page)

    // The new page's assets serve; so do the old page's (grace period), though the image changed.
    const oldImage = `/_media/${site.keys.a1.split('/').pop()}`
    expect(assetsOf(old)).toContain(oldImage)
    expect(assetsOf(fresh)).not.toContain(oldImage)
    // Only the new image was copied: the others are the served release's shared media.
    expect(release.copied).toEqual([`_media/${newImage!.split('/').pop()}`])
    for (const asset of [...assetsOf(fresh), ...assetsOf(old)]) {
      expect((await edge(site.host, asset)).status, asset).toBe(200)
    }
    const oldRelease = oldTarget!.prefix.split('/').pop()
    expect(await releasesOf(site.id)).toEqual([oldRelease, release.releaseId])
  })

  it('stops serving a private, a draft and a deleted site: 404 with the not-found page', async () => {
    const site = await makeSite()
    const notServed = async (step: string) => {
      for (const path of ['/', '/en/', '/assets/x.js']) {
        const response = await edge(site.host, path)
        expect(response.status, `${step} ${path}`).toBe(404)
        expect(response.text).toContain('ページが見つかりません')
        expect(response.headers['content-security-policy']).toBe(CSP)
      }
      expect(await hostTarget(site.host), step).toBeUndefined()
      const shared = `sites.localhost:${new URL(urls.edge).port}`
      expect((await edge(shared, `/sites/${site.id}/`)).status, `${step} path form`).toBe(404)
    }
    await notServed('draft, never published')

    await setStatus(site, 'publish')
    expect((await edge(site.host, '/')).status).toBe(200)
    const privately = await setStatus(site, 'private')
    expect(privately.body.global_setting.status).toBe('PRIVATE')
    await notServed('private')
    // What it served is no longer served; of its releases only those versions keep for a rollback
    // stay (issue 33: the one publish's), and nothing else.
    expect(await releasesOf(site.id)).toEqual(await versionReleasesOf(site.id))
    expect(await releasesOf(site.id)).toHaveLength(1)

    await setStatus(site, 'publish')
    expect((await edge(site.host, '/')).status).toBe(200)
    await setStatus(site, 'draft')
    await notServed('draft')

    await setStatus(site, 'publish')
    expect((await edge(site.host, '/en/')).status).toBe(200)
    const removed = await http.call('DELETE', `/site/${site.id}?version=${site.version}`, { token })
    expect(removed.status).toBe(200)
    await notServed('deleted')
    expect(await releasesOf(site.id)).toEqual([])
  })

  it('stops serving an expired site (expireSite, for a contract that ended)', async () => {
    const { expireSite } = await import('../../functions/src/publishing/publish.ts')
    const site = await makeSite()
    await setStatus(site, 'publish')
    expect((await edge(site.host, '/')).status).toBe(200)
    await expireSite(site.id)
    expect((await edge(site.host, '/')).status).toBe(404)
    const loaded = await http.get(`/site/${site.id}`, { token })
    expect(loaded.body.global_setting.status).toBe('EXPIRED')
    expect(loaded.body.version).toBe(site.version + 1)
    expect(await releasesOf(site.id)).toEqual(await versionReleasesOf(site.id))
  })

  it('a stale version writes no status, no release and flips nothing', async () => {
    const { publishSite } = await import('../../functions/src/publishing/publish.ts')
    const site = await makeSite()
    await setStatus(site, 'publish')
    const page = (await edge(site.host, '/')).text
    const target = await hostTarget(site.host)
    const releases = await releasesOf(site.id)

    // Stale before anything happens: refused at once.
    const stale = await http.post(
      `/site/${site.id}/status`,
      { action: 'publish', version: site.version - 1 },
      { token },
    )
    expect(stale.status).toBe(409)
    expect(stale.body.error.code).toBe('error.conflict')

    // Stale by the time the status is committed: another save landed during the render.
    let written = ''
    await expect(
      publishSite(site.id, {
        hooks: {
          afterWrite: async (release) => {
            written = release.releaseId
            expect(await releasesOf(site.id)).toContain(written)
            await save(site, { mainText: '別タブの保存' })
          },
        },
      }),
    ).rejects.toMatchObject({ name: 'ConflictError' })
    expect(written).not.toBe('')

    const loaded = await http.get(`/site/${site.id}`, { token })
    expect(loaded.body.version).toBe(site.version)
    expect(loaded.body.global_setting.status).toBe('PUBLISH')
    expect(await hostTarget(site.host)).toEqual(target)
    expect(await releasesOf(site.id)).toEqual(releases)
    expect((await edge(site.host, '/')).text).toBe(page)
  })

  it('refuses to publish a site whose media file is missing, and serves nothing new', async () => {
    const site = await makeSite()
    const [ghost] = await confirmedKeys(site.id, ['jpg'])
    await save(site, { a1: ghost! })
    const refused = await http.post(
      `/site/${site.id}/status`,
      { action: 'publish', version: site.version },
      { token },
    )
    expect(refused.status).toBe(400)
    expect(refused.body.error.details).toEqual([
      expect.objectContaining({ path: 'creatives.0.mediaKey', code: 'upload.missing' }),
    ])
    const loaded = await http.get(`/site/${site.id}`, { token })
    expect(loaded.body.global_setting.status).toBe('DRAFT')
    expect(loaded.body.version).toBe(site.version)
    expect(await releasesOf(site.id)).toEqual([])
    expect((await edge(site.host, '/')).status).toBe(404)
  })
})
