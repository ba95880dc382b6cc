import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { creatorToken } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { edgeGet } from '../support/edge.ts'
import { useStackEnv, useStackPlatform } from '../support/env.ts'
import { samples, settledRenditions, uploadThroughApi } from '../support/uploads.ts'
import { cameraMov, mp4 } from '../support/zip.ts'

/**
 * Issue 22: uploads get web renditions from the sites jobs function after the confirm step —
 * images as upright, metadata-free AVIF/WebP/JPEG at the sizes the page shows them, videos as an
 * H.264/AAC MP4 with a poster — and the published page uses them; a file that cannot be converted
 * ends `failed` and the site still publishes with the original.
 */

const { urls } = useStackEnv()
useStackPlatform()
const http = api(urls.api)
const { s3, mediaBucket } = await import('../../functions/src/platform/services/s3.ts')
const { MediaRenditions } = await import('../../functions/src/data/media-renditions.ts')
const { processMedia } = await import('../../functions/src/sites/media.ts')
const { storedMediaOf } = await import('../../functions/src/data/media-store.ts')
const { contentPath } = await import('../../functions/src/publishing/retention.ts')

/** Where a file's bytes are served from once stored: the page's root-relative URL (decision 0063). */
const addressOf = async (key: string) => `/${contentPath(key, await bytesOf(key))}`

const bytesOf = async (key: string) => {
  const object = await s3.send(new GetObjectCommand({ Bucket: mediaBucket, Key: key }))
  return Buffer.from((await object.Body!.transformToByteArray()) ?? [])
}

/** The record once the job has finished with it (the job runs in the local gateway's process). */
const edge = (host: string, path: string) => edgeGet(urls.edge, host, path)

describe('media renditions', () => {
  let token: string

  beforeAll(async () => {
    token = await creatorToken(http)
  })

  const createSite = async () => {
    const created = await http.post(
      '/site',
      { name: 'メディア', number_horizontal: 1, number_vertical: 1, languages: ['JP'] },
      { token },
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    return {
      siteId: created.body.global_setting.id as string,
      host: new URL(created.body.global_setting.url as string).host,
    }
  }

  const publishWith = async (
    siteId: string,
    creative: Record<string, unknown>,
    global: Record<string, unknown> = {},
  ) => {
    const saved = await http.call('PUT', `/site/${siteId}`, {
      token,
      body: {
        version: 1,
        global_setting: {
          id: siteId,
          name: 'メディア',
          number_horizontal: 1,
          number_vertical: 1,
          default_language: 'JP',
          languages: ['JP'],
          ...global,
        },
        creatives: [{ lang: 'JP', position: 'A1', ...creative }],
      },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const published = await http.post(
      `/site/${siteId}/status`,
      { action: 'publish', version: saved.body.version },
      { token },
    )
    expect(published.status, JSON.stringify(published.body)).toBe(200)
  }

  it('turns a 4000 × 6000 phone photo (EXIF orientation 6) into upright, metadata-free AVIF, WebP and JPEG at the frame’s sizes, and publishes them in a <picture>', async () => {
    // As a phone writes a portrait photo: 6000 × 4000 pixels, orientation 6 (rotate 90° clockwise),
    // an ICC profile and EXIF. The stored left half is red, so upright the top half is red.
    const photo = await sharp({
      create: { width: 6000, height: 4000, channels: 3, background: '#0000ff' },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 3000, height: 4000, channels: 3, background: '#ff0000' },
          })
            .png()
            .toBuffer(),
          left: 0,
          top: 0,
        },
      ])
      .withExif({ IFD0: { Copyright: 'Swipe test', Make: 'PhoneCo' } })
      .withMetadata({ orientation: 6 })
      .withIccProfile('p3')
      .jpeg({ quality: 80 })
      .toBuffer()
    const original = await sharp(photo).metadata()
    expect([original.width, original.height, original.orientation]).toEqual([6000, 4000, 6])
    expect(original.exif).toBeDefined()
    expect(original.icc).toBeDefined()

    const { siteId, host } = await createSite()
    const { key } = await uploadThroughApi(http, token, siteId, {
      fileName: 'portrait.jpg',
      contentType: 'image/jpeg',
      bytes: photo,
    })
    const record = await settledRenditions(siteId, key)
    expect(record.state).toBe('ready')
    expect(record.code).toBeUndefined()
    expect([record.width, record.height]).toEqual([4000, 6000])
    const renditions = record.renditions as Array<Record<string, unknown>>
    // Cover boxes of 96 × 96, 351 × 535 and 702 × 1070, never enlarged: the photo's 2:3 shape
    // comes out as tall as the frame (535 = 6000 × 351/4000 is more than the frame needs).
    const sizes = [
      [96, 96, 144],
      [351, 357, 535],
      [702, 713, 1070],
    ] as const
    expect(
      renditions
        .map((r) => [r.format, r.target, r.width, r.height, r.contentType])
        .sort((a, b) => String(a).localeCompare(String(b))),
    ).toEqual(
      (['avif', 'jpeg', 'webp'] as const)
        .flatMap((format) =>
          sizes.map(([target, width, height]) => [format, target, width, height, `image/${format}`]),
        )
        .sort((a, b) => String(a).localeCompare(String(b))),
    )
    for (const rendition of renditions) {
      const key = rendition.key as string
      expect(key).toMatch(
        new RegExp(`^sites/${siteId}/renditions/[0-9a-f-]{36}/\\d+x\\d+\\.(avif|webp|jpg)$`),
      )
      const body = await bytesOf(key)
      expect(body.length).toBe(rendition.bytes)
      const meta = await sharp(body).metadata()
      expect(meta.format === 'heif' ? 'avif' : meta.format).toBe(rendition.format)
      expect([meta.width, meta.height]).toEqual([rendition.width, rendition.height])
      // Upright and stripped: no orientation left to apply, no EXIF, ICC or XMP.
      expect(meta.orientation).toBeUndefined()
      expect(meta.exif).toBeUndefined()
      expect(meta.icc).toBeUndefined()
      expect(meta.xmp).toBeUndefined()
      // The top is red and the bottom blue: the pixels were turned, not just the tag.
      const { data, info } = await sharp(body).removeAlpha().raw().toBuffer({ resolveWithObject: true })
      const at = (y: number) => [
        ...data.subarray((y * info.width + Math.floor(info.width / 2)) * 3).subarray(0, 3),
      ]
      const [topR, , topB] = at(Math.floor(info.height * 0.1))
      const [bottomR, , bottomB] = at(Math.floor(info.height * 0.9))
      expect(topR).toBeGreaterThan(200)
      expect(topB).toBeLessThan(60)
      expect(bottomB).toBeGreaterThan(200)
      expect(bottomR).toBeLessThan(60)
    }
    // The original stays stored, byte for byte.
    expect((await bytesOf(key)).equals(photo)).toBe(true)

    // Idempotent per upload: a second run of the job leaves the ready record as it is.
    expect(await processMedia(key)).toBe('ready')
    const again = (await MediaRenditions.get({ siteId, key }).go({ consistent: true })).data!
    expect(again.updatedAt).toBe(record.updatedAt)
    expect(again.renditions).toEqual(record.renditions)

    // The job put the original and every rendition into the site's store, each under its content.
    const stored = await storedMediaOf(siteId)
    const files = [key, ...renditions.map((r) => String(r.key))]
    expect([...stored.keys()].sort()).toEqual([...files].sort())
    for (const file of files) expect(`/${stored.get(file)!.path}`).toBe(await addressOf(file))

    // Published: a <picture> whose every source the site's edge serves, typed as made.
    await publishWith(siteId, { media_key: key, media_type: 'image', image_alt: '縦の写真' })
    const page = await edge(host, '/')
    expect(page.status).toBe(200)
    const html = page.text
    const doc = html.slice(html.indexOf('id="A1"'))
    const sources = [...doc.matchAll(/<source type="(image\/\w+)" sizes="[^"]+" srcSet="([^"]+)"/g)]
    expect(sources.map((m) => m[1])).toEqual(['image/avif', 'image/webp'])
    // The first creative's largest AVIF is small: it travels inside the page (web-site inline.ts),
    // byte for byte the stored rendition, and nothing preloads it a second time.
    const largest = renditions
      .filter((r) => r.format === 'avif')
      .sort((a, b) => Number(b.target) - Number(a.target))[0]!
    expect(sources[0]![2]).toBe(
      `data:image/avif;base64,${(await bytesOf(String(largest.key))).toString('base64')} ${largest.target}w`,
    )
    expect(html).not.toContain('rel="preload"')
    for (const [, type, set] of sources.slice(1)) {
      // The frame's sizes (351 and 702 wide); the CTA's 96-px files are never offered to a frame.
      const urls = set!.split(', ').map((entry) => entry.split(' ')[0]!)
      expect(urls).toHaveLength(2)
      for (const url of urls) {
        const file = await edge(host, url)
        expect(file.status, url).toBe(200)
        expect(file.headers['content-type']).toBe(type)
        // Addressed by content: the URL names the SHA-256 of exactly the bytes served.
        expect(`/${contentPath(url, file.body)}`).toBe(url)
      }
    }
    const img = /<img[^>]*class="m"[^>]*>/.exec(doc)?.[0] ?? ''
    const jpeg = renditions.find((r) => r.format === 'jpeg' && Number(r.width) === 357)!
    expect(img).toContain(`src="${await addressOf(String(jpeg.key))}"`)
    expect(img).toContain('fetchPriority="high"')
  })

  it('turns a MOV into an H.264/AAC MP4 (faststart, at most 720 wide) with a poster, and the page plays it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'swipe-mov-'))
    try {
      const mov = cameraMov({ size: '1280x720' })
      const { siteId, host } = await createSite()
      const { key } = await uploadThroughApi(http, token, siteId, {
        fileName: 'clip.mov',
        contentType: 'video/quicktime',
        bytes: mov,
      })
      const record = await settledRenditions(siteId, key)
      expect(record.state, JSON.stringify(record)).toBe('ready')
      expect([record.width, record.height]).toEqual([720, 406])
      const [video] = record.renditions as Array<{ key: string; format: string; contentType: string }>
      expect(video).toMatchObject({ format: 'mp4', contentType: 'video/mp4', width: 720, height: 406 })
      const mp4Path = join(dir, 'out.mp4')
      const body = await bytesOf(video!.key)
      rmSync(mp4Path, { force: true })
      execFileSync('/bin/sh', ['-c', `cat > "${mp4Path}"`], { input: body })
      const probe = JSON.parse(
        execFileSync('/usr/bin/ffprobe', [
          ...['-v', 'error', '-print_format', 'json', '-show_streams', mp4Path],
        ]).toString(),
      ) as { streams: Array<{ codec_type: string; codec_name: string; pix_fmt?: string; width?: number }> }
      expect(probe.streams.map((s) => [s.codec_type, s.codec_name])).toEqual([
        ['video', 'h264'],
        ['audio', 'aac'],
      ])
      expect(probe.streams[0]).toMatchObject({ pix_fmt: 'yuv420p', width: 720 })
      // +faststart: the index (moov) comes before the media data (mdat).
      expect(body.indexOf('moov')).toBeLessThan(body.indexOf('mdat'))
      const posters = record.poster as Array<{ key: string; format: string; width: number; height: number }>
      expect(posters.map((p) => [p.format, p.width, p.height])).toEqual([
        ['webp', 720, 406],
        ['jpeg', 720, 406],
      ])
      for (const poster of posters) {
        const meta = await sharp(await bytesOf(poster.key)).metadata()
        expect([meta.format, meta.width, meta.height]).toEqual([poster.format, 720, 406])
      }

      await publishWith(siteId, { media_key: key, media_type: 'video' })
      const html = (await edge(host, '/')).text
      const tag = /<video[^>]*>/.exec(html)?.[0] ?? ''
      const src = /src="([^"]+)"/.exec(tag)?.[1]
      const poster = /poster="([^"]+)"/.exec(tag)?.[1]
      expect(src).toBe(await addressOf(video!.key))
      expect(poster).toBe(await addressOf(posters.find((p) => p.format === 'jpeg')!.key))
      const served = await edge(host, src!)
      expect(served.status).toBe(200)
      expect(served.headers['content-type']).toBe('video/mp4')
      expect(served.body.equals(body)).toBe(true)
      expect((await edge(host, poster!)).headers['content-type']).toBe('image/jpeg')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('ends a corrupt video in the failed state with a localised reason, and the site still publishes with the original', async () => {
    const { siteId, host } = await createSite()
    // An MP4 header (it passes the upload check) with nothing playable behind it.
    const broken = Buffer.concat([mp4(), Buffer.from('not a video at all '.repeat(64))])
    const { key } = await uploadThroughApi(http, token, siteId, {
      fileName: 'broken.mp4',
      contentType: 'video/mp4',
      bytes: broken,
    })
    const record = await settledRenditions(siteId, key)
    expect(record.state).toBe('failed')
    expect(record.code).toBe('media.videoUnreadable')
    expect(record.renditions).toEqual([])

    const state = await http.get(`/site/${siteId}/media?keys=${encodeURIComponent(key)}`, { token })
    expect(state.status, JSON.stringify(state.body)).toBe(200)
    expect(state.body).toEqual({
      media: [
        {
          key,
          state: 'failed',
          message:
            '動画を変換できませんでした。ファイルが壊れているか、対応していない形式です。アップロードされたファイルをそのまま公開します。',
        },
      ],
    })

    await publishWith(siteId, { media_key: key, media_type: 'video' })
    const html = (await edge(host, '/')).text
    const tag = /<video[^>]*>/.exec(html)?.[0] ?? ''
    const src = /src="([^"]+)"/.exec(tag)?.[1]
    // Stored by the job as uploaded, renditions or not.
    expect(src).toBe(await addressOf(key))
    expect(tag).not.toContain('poster=')
    const served = await edge(host, src!)
    expect(served.body.equals(broken)).toBe(true)
    // The original is kept and nothing was derived from it.
    await s3.send(new HeadObjectCommand({ Bucket: mediaBucket, Key: key }))
  })

  it('publishes what the job stored without copying a byte: the store outlives releases and goes with the site', async () => {
    const { siteId, host } = await createSite()
    // A favicon gets no renditions: its job only stores it, as uploaded.
    const icon = samples.png()
    const { key } = await uploadThroughApi(http, token, siteId, {
      fileName: 'icon.png',
      contentType: 'image/png',
      bytes: icon,
      purpose: 'favicon',
    })
    for (let i = 0; i < 200 && !(await storedMediaOf(siteId)).has(key); i++)
      await new Promise((resolve) => setTimeout(resolve, 50))
    expect((await storedMediaOf(siteId)).get(key)).toMatchObject({
      path: contentPath(key, icon),
      contentType: 'image/png',
    })
    expect((await MediaRenditions.get({ siteId, key }).go()).data).toBeNull()
    // A creative's photo: stored with its renditions before the record says ready.
    const photo = await uploadThroughApi(http, token, siteId, {
      fileName: 'photo.jpg',
      contentType: 'image/jpeg',
      bytes: samples.jpeg(),
    })
    expect((await settledRenditions(siteId, photo.key)).state).toBe('ready')
    const stored = await storedMediaOf(siteId)
    expect(stored.size).toBe(11)

    await publishWith(siteId, { media_key: photo.key, media_type: 'image' }, { favicon_key: key })
    const { publishSite } = await import('../../functions/src/publishing/publish.ts')
    // A publish now writes pages and a manifest only: nothing copied, the store as it was.
    const first = await publishSite(siteId)
    expect(first.copied).toEqual([])
    expect(first.paths).toContain(contentPath(key, icon))
    const again = await publishSite(siteId)
    expect(again.copied).toEqual([])
    expect([...(await storedMediaOf(siteId)).values()]).toEqual([...stored.values()])
    const html = (await edge(host, '/')).text
    expect(html).toContain(`href="/${contentPath(key, icon)}"`)
    const served = await edge(host, `/${contentPath(key, icon)}`)
    expect([served.status, served.headers['content-type'], served.body.equals(icon)]).toEqual([
      200,
      'image/png',
      true,
    ])

    // Deleting the site removes its store with it (objects and records).
    const current = await http.get(`/site/${siteId}`, { token })
    const removed = await http.call('DELETE', `/site/${siteId}?version=${current.body.version}`, { token })
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    expect((await storedMediaOf(siteId)).size).toBe(0)
    const { sitesBucket } = await import('../../functions/src/platform/services/s3.ts')
    const left = await s3.send(new ListObjectsV2Command({ Bucket: sitesBucket, Prefix: `sites/${siteId}/` }))
    expect(left.KeyCount ?? 0).toBe(0)
  })
})
