import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { api, mailsTo, waitForMail } from '../support/api.ts'
import { useStackEnv, useStackPlatform } from '../support/env.ts'
import { settledRenditions, uploadThroughApi } from '../support/uploads.ts'
import {
  formsCreator,
  MEMBER_REQUEST,
  memberHeaders,
  publishVisitorSite,
  type VisitorSite,
  visitorCall,
} from '../support/visitor-site.ts'
import { cameraMov } from '../support/zip.ts'

/**
 * Issue 22, members-only media: a signed-in member's reads of a members-only creative and its
 * products give the web renditions the upload's job made (every format and width, presigned URLs
 * of the media bucket, as no release holds members-only media), a video's web MP4 and poster, and
 * the file as uploaded until they exist; a visitor without the site's member session gets none.
 */

const { urls } = useStackEnv()
// The jobs the tests start here (renditions, a bulk upload's) run in this process, as the gateway's do.
useStackPlatform()
const http = api(urls.api)
const { MediaRenditions } = await import('../../functions/src/data/media-renditions.ts')
const { requestRenditions } = await import('../../functions/src/sites/renditions.ts')

const PASSWORD = 'Member#Pass1'

type Rendition = { key: string; format: string; target: number }

/** The rendition record once its job has finished (the job runs in this process or the gateway's). */
/** A presigned GET of exactly this key in the media bucket (never a release path). */
const presigned = (key: string) =>
  expect.stringMatching(
    new RegExp(`^https?://[^?]+/${key.replace(/[./]/g, '\\$&')}\\?X-Amz-.*X-Amz-Signature=`),
  )

const escapeKey = (key: string) => key.replace(/[./]/g, '\\$&')

describe('members-only media renditions', () => {
  let token: string
  let site: VisitorSite
  let other: VisitorSite
  let cookie: string
  let otherCookie: string

  /** A member registered, confirmed and signed in on a site's own origin: its session cookie. */
  const memberCookie = async (of: VisitorSite) => {
    const email = `member-${randomUUID().slice(0, 8)}@example.com`
    const before = (await mailsTo(urls.mail, email)).length
    const registered = await visitorCall(urls.api, 'POST', `/end-user/site/${of.siteId}/register`, {
      body: {
        lang: 'EN',
        data: { email, password: PASSWORD, confirm_password: PASSWORD, nickname: 'Neo' },
      },
    })
    expect(registered.status, registered.text).toBe(202)
    const text = (await waitForMail(urls.mail, email, before + 1)).body.text ?? ''
    const link = /https?:\/\/\S+register-complete\?token=\S+/.exec(text)?.[0]
    expect(link, text).toBeDefined()
    const confirmToken = decodeURIComponent(new URL(link!).searchParams.get('token')!)
    const confirmed = await visitorCall(urls.api, 'POST', `/end-user/site/${of.siteId}/register/confirm`, {
      body: { token: confirmToken },
    })
    expect(confirmed.status, confirmed.text).toBe(200)
    const signedIn = await visitorCall(urls.api, 'POST', `/end-user/site/${of.siteId}/login?lang=EN`, {
      body: { email, password: PASSWORD },
      headers: memberHeaders(of, urls.edge),
    })
    expect(signedIn.status, signedIn.text).toBe(200)
    return signedIn.headers.getSetCookie()[0]!.split(';')[0]!
  }

  /** The members-only creative B1 (page 2) as the site's own page asks for it, with a session cookie. */
  const privatePage = (of: VisitorSite, session?: string) =>
    visitorCall(urls.api, 'GET', `/end-user/site/${of.siteId}/page/2/private?lang=JP`, {
      headers: { ...MEMBER_REQUEST, ...(session ? { cookie: session } : {}) },
    })
  const privateProducts = (of: VisitorSite, session: string) =>
    visitorCall(urls.api, 'GET', `/end-user/site/${of.siteId}/product/private?position=B1&lang=JP`, {
      headers: { ...MEMBER_REQUEST, cookie: session },
    })

  /** The stored keys of B1's media and its product's image. */
  const membersKeys = async (of: VisitorSite) => {
    const stored = await http.get(`/site/${of.siteId}`, { token })
    expect(stored.status).toBe(200)
    const b1 = stored.body.creatives.find(
      (c: { lang: string; position: string }) => c.lang === 'JP' && c.position === 'B1',
    )
    return { media: b1.media_key as string, product: b1.products[0].image_path as string }
  }

  /** The ready renditions of one of the site's images: the job's, run now unless it already ran. */
  const made = async (key: string, kind: 'jpeg' | 'png') => {
    const current = (await MediaRenditions.get({ siteId: site.siteId, key }).go({ consistent: true })).data
    if (current?.state !== 'ready')
      await requestRenditions({ siteId: site.siteId, key, kind, mediaType: 'image' })
    const record = await settledRenditions(site.siteId, key)
    expect(record.state, JSON.stringify(record)).toBe('ready')
    return record
  }

  beforeAll(async () => {
    token = await formsCreator(http)
    // Another tenant's site, with a member of its own.
    const otherToken = await formsCreator(http)
    ;[site, other] = await Promise.all([
      publishVisitorSite(http, token),
      publishVisitorSite(http, otherToken),
    ])
    ;[cookie, otherCookie] = await Promise.all([memberCookie(site), memberCookie(other)])
  })

  it('gives a member the file as uploaded until the job has made the renditions, then every format and width', async () => {
    const keys = await membersKeys(site)
    // publishVisitorSite stores the bytes without the upload's job: nothing made yet.
    const before = await privatePage(site, cookie)
    expect(before.status, before.text).toBe(200)
    expect(before.body.creative).toMatchObject({
      position: 'B1',
      locked: false,
      media_type: 'image',
      media_url: presigned(keys.media),
      media_renditions: null,
      products: [{ id: 'secret', image_url: presigned(keys.product), image_renditions: [] }],
    })

    // The job makes them (as the confirm step starts it).
    const files = (await made(keys.media, 'jpeg')).renditions as Rendition[]
    const productFiles = (await made(keys.product, 'png')).renditions as Rendition[]
    const expected = (files: Rendition[]) =>
      [...files]
        .sort(
          (a, b) =>
            ['avif', 'webp', 'jpeg'].indexOf(a.format) - ['avif', 'webp', 'jpeg'].indexOf(b.format) ||
            a.target - b.target,
        )
        .map((f) => ({ format: f.format, width: f.target, url: presigned(f.key) }))

    const after = await privatePage(site, cookie)
    expect(after.status, after.text).toBe(200)
    expect(after.headers.get('cache-control')).toBe('private, no-store')
    const creative = after.body.creative
    // The original stays the fallback; the renditions are the page's formats at the frame's widths.
    expect(creative.media_url).toEqual(presigned(keys.media))
    expect(creative.media_renditions).toEqual({ images: expected(files), video: null, poster: null })
    expect(
      creative.media_renditions.images.map(
        (i: { format: string; width: number }) => `${i.format}@${i.width}`,
      ),
    ).toEqual([
      'avif@96',
      'avif@351',
      'avif@702',
      'webp@96',
      'webp@351',
      'webp@702',
      'jpeg@96',
      'jpeg@351',
      'jpeg@702',
    ])
    expect(creative.products[0].image_renditions).toEqual(expected(productFiles))
    expect(creative.products[0].image_renditions.length).toBeGreaterThan(0)
    // Each URL serves its rendition, typed as made.
    for (const image of creative.media_renditions.images.filter((i: { width: number }) => i.width === 351)) {
      const file = await fetch(image.url)
      expect(file.status, image.url).toBe(200)
      expect(file.headers.get('content-type')).toBe(`image/${image.format}`)
      const rendition = files.find((r) => r.format === image.format && r.target === 351)!
      expect(image.url).toEqual(presigned(rendition.key))
    }
    // The members' products read says the same.
    const products = await privateProducts(site, cookie)
    expect(products.status, products.text).toBe(200)
    expect(products.body.products[0].image_renditions).toEqual(expected(productFiles))
  })

  it('gives nothing of them to a visitor without the site’s member session, or to another tenant’s member', async () => {
    const keys = await membersKeys(site)
    const record = await made(keys.media, 'jpeg')
    const files = (record.renditions as Rendition[]).map((r) => r.key)
    const leaks = (text: string) =>
      [keys.media, keys.product, ...files].filter((key) => new RegExp(escapeKey(key)).test(text))

    const anonymous = await privatePage(site)
    expect(anonymous.status).toBe(401)
    expect(leaks(anonymous.text)).toEqual([])
    const otherTenant = await privatePage(site, otherCookie)
    expect(otherTenant.status).toBe(403)
    expect(otherTenant.body.error.code).toBe('endUser.otherSite')
    expect(leaks(otherTenant.text)).toEqual([])
    const otherProducts = await privateProducts(site, otherCookie)
    expect(otherProducts.status).toBe(403)
    expect(leaks(otherProducts.text)).toEqual([])
    // The public reads keep it locked: the frame only.
    const publicPage = await visitorCall(urls.api, 'GET', `/end-user/site/${site.siteId}/page/2/public`)
    expect(publicPage.status).toBe(403)
    const whole = await visitorCall(urls.api, 'GET', `/end-user/site/${site.siteId}?lang=JP`)
    expect(whole.status).toBe(200)
    expect(whole.body.creatives[1]).toEqual({
      position: 'B1',
      order: 2,
      sns_config: null,
      show_company: null,
      hover_arrow_color: '#FFFFFF',
      arrow_fade_interval: null,
      slider_seconds: null,
      locked: true,
    })
    expect(leaks(whole.text)).toEqual([])
    // The other tenant's member still reads its own site's members-only creative.
    expect((await privatePage(other, otherCookie)).status).toBe(200)
  })

  it('gives a member a video’s web MP4 and poster once made, and the upload while they are not ready', async () => {
    const mov = cameraMov({ size: '640x360' })
    const { key } = await uploadThroughApi(http, token, site.siteId, {
      fileName: 'members.mov',
      contentType: 'video/quicktime',
      bytes: mov,
    })
    // B1 becomes the video, published at once (the job may still be running: that is fine).
    const current = (await http.get(`/site/${site.siteId}`, { token })).body
    const saved = await http.call('PUT', `/site/${site.siteId}`, {
      token,
      body: {
        ...current,
        creatives: current.creatives.map((c: { lang: string; position: string }) =>
          c.lang === 'JP' && c.position === 'B1' ? { ...c, media_key: key, media_type: 'video' } : c,
        ),
      },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const published = await http.post(
      `/site/${site.siteId}/status`,
      { action: 'publish', version: saved.body.version },
      { token },
    )
    expect(published.status, JSON.stringify(published.body)).toBe(200)

    const record = await settledRenditions(site.siteId, key)
    expect(record.state, JSON.stringify(record)).toBe('ready')
    const [mp4] = record.renditions as Rendition[]
    const poster = (record.poster as Rendition[]).find((p) => p.format === 'jpeg')!
    const opened = await privatePage(site, cookie)
    expect(opened.status, opened.text).toBe(200)
    expect(opened.body.creative).toMatchObject({
      media_type: 'video',
      media_url: presigned(key),
      media_renditions: { images: [], video: presigned(mp4!.key), poster: presigned(poster.key) },
    })
    const video = await fetch(opened.body.creative.media_renditions.video)
    expect([video.status, video.headers.get('content-type')]).toEqual([200, 'video/mp4'])

    // While a record is not ready (here: marked failed), the member gets the upload as is.
    await MediaRenditions.patch({ siteId: site.siteId, key })
      .set({ state: 'failed', code: 'media.failed' })
      .go()
    const fallback = await privatePage(site, cookie)
    expect(fallback.status).toBe(200)
    expect(fallback.body.creative).toMatchObject({ media_url: presigned(key), media_renditions: null })
  })
})
