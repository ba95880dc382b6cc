import { randomUUID } from 'node:crypto'
import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type TestAccount, twoTenants } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { useStackEnv, useStackPlatform } from '../support/env.ts'
import { putTo, samples, uploadThroughApi } from '../support/uploads.ts'
import { buildZip, patchEntry, png, pngClaiming, renameEntry, type ZipInput } from '../support/zip.ts'

const { urls } = useStackEnv()
// The jobs the tests start here (renditions, a bulk upload's) run in this process, as the gateway's do.
useStackPlatform()
const http = api(urls.api)
const { s3, mediaBucket } = await import('../../functions/src/platform/services/s3.ts')
const { SiteUploads, BulkJobs } = await import('../../functions/src/data/site-uploads.ts')
const { sitesService, Sites } = await import('../../functions/src/data/sites.ts')
const { processBulkJob } = await import('../../functions/src/sites/bulk.ts')

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const uploadKey = (siteId: string, ext: string, prefix = '') =>
  expect.stringMatching(new RegExp(`^sites/${siteId}/uploads/${prefix}${UUID}\\.${ext}$`))

/** Every object stored under a prefix of the media bucket. */
const objectsUnder = async (prefix: string) => {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: mediaBucket, Prefix: prefix }))
  return (listed.Contents ?? []).map((o) => o.Key!).sort()
}

const exists = async (key: string) =>
  s3.send(new HeadObjectCommand({ Bucket: mediaBucket, Key: key })).then(
    () => true,
    () => false,
  )

const recordsOf = async (siteId: string) =>
  (await SiteUploads.query.byKey({ siteId }).go({ pages: 'all' })).data.map((u) => u.key).sort()

describe('site uploads', () => {
  let token: string
  let otherToken: string
  let user: TestAccount

  beforeAll(async () => {
    ;({ user, token, otherToken } = await twoTenants(http))
  })

  afterEach(() => {
    vi.restoreAllMocks()
  })

  const createSite = async (rows = 3, columns = 3) => {
    const created = await http.post(
      '/site',
      { name: 'アップロード', number_horizontal: rows, number_vertical: columns, languages: ['JP', 'EN'] },
      { token },
    )
    expect(created.status).toBe(201)
    return created.body.global_setting.id as string
  }

  const load = async (id: string) => {
    const loaded = await http.get(`/site/${id}`, { token })
    expect(loaded.status).toBe(200)
    return loaded.body
  }

  /** The minimal save body of a loaded site, with the given creatives. */
  const saveBody = (site: { version: number; global_setting: Record<string, unknown> }, extra = {}) => {
    const {
      status: _s,
      url: _u,
      site_uuid: _id,
      owner_id: _o,
      custom_domain: _c,
      ...setting
    } = site.global_setting
    const { created_at: _ca, updated_at: _ua, published_at: _pa, ...rest } = setting
    return { version: site.version, global_setting: rest, ...extra }
  }

  describe('generate-urls, PUT, confirm-upload', () => {
    it('hands out presigned PUTs that sign the declared type and size', async () => {
      const id = await createSite()
      const response = await http.post(
        '/site/generate-urls',
        {
          site_id: id,
          files: [
            { file_name: '春.PNG', content_type: 'image/png', size: 1000 },
            { file_name: 'clip.mov', content_type: 'video/quicktime', size: 31_457_280 },
          ],
        },
        { token },
      )
      expect(response.status).toBe(200)
      expect(response.body).toEqual({
        uploads: [
          {
            file_name: '春.PNG',
            key: uploadKey(id, 'png'),
            upload_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/swipe-local-media\/sites\//),
            headers: { 'content-type': 'image/png' },
          },
          {
            file_name: 'clip.mov',
            key: uploadKey(id, 'mov'),
            upload_url: expect.any(String),
            headers: { 'content-type': 'video/quicktime' },
          },
        ],
      })
      const signed = new URL(response.body.uploads[0].upload_url).searchParams.get('X-Amz-SignedHeaders')
      expect(signed?.split(';')).toEqual(['content-length', 'content-type', 'host'])
      expect(response.body.uploads[0].upload_url).toContain(response.body.uploads[0].key)
    })

    it('refuses the whole request when one file is not allowed, naming each file and the limit', async () => {
      const id = await createSite()
      const response = await http.post(
        '/site/generate-urls',
        {
          site_id: id,
          files: [
            { file_name: 'ok.jpg', content_type: 'image/jpeg', size: 10 },
            { file_name: 'setup.exe', content_type: 'application/octet-stream', size: 10 },
            { file_name: 'movie.mp4', content_type: 'video/mp4', size: 31_457_281 },
            { file_name: 'photo.png', content_type: 'image/jpeg', size: 10 },
          ],
        },
        { token, lang: 'en' },
      )
      const types = 'PNG, JPG, JPEG, JFIF, HEIC, HEIF, MP4, MOV, WEBM'
      expect(response.status).toBe(400)
      expect(response.body).toEqual({
        error: {
          code: 'error.validation',
          message: 'Some fields are not valid.',
          details: [
            {
              path: 'body.files.1',
              code: 'upload.unsupportedTypeAllowed',
              params: { file: 'setup.exe', types },
              message: `The file "setup.exe" is not a supported type. Allowed types: ${types}.`,
            },
            {
              path: 'body.files.2',
              code: 'upload.tooLarge',
              params: { file: 'movie.mp4', max_mb: 30 },
              message: 'The file "movie.mp4" is larger than 30 MB.',
            },
            {
              path: 'body.files.3',
              code: 'upload.unsupportedTypeAllowed',
              params: { file: 'photo.png', types },
              message: `The file "photo.png" is not a supported type. Allowed types: ${types}.`,
            },
          ],
        },
      })
      expect(await objectsUnder(`sites/${id}/`)).toEqual([])
    })

    it('PUTs the bytes to the presigned URL, then confirms them under a key of their own', async () => {
      const id = await createSite()
      const bytes = samples.png()
      const issued = await http.post(
        '/site/generate-urls',
        { site_id: id, files: [{ file_name: 'a.png', content_type: 'image/png', size: bytes.length }] },
        { token },
      )
      const target = issued.body.uploads[0]
      // The console PUTs from its own origin: S3 must allow it (preflight first) and expose the ETag.
      const preflight = await fetch(target.upload_url, {
        method: 'OPTIONS',
        headers: {
          origin: urls.admin,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'content-type',
        },
      })
      expect(preflight.status).toBe(200)
      expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT')
      expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type')
      const put = await fetch(target.upload_url, {
        method: 'PUT',
        headers: { ...target.headers, origin: urls.admin },
        body: bytes,
      })
      expect(put.status).toBe(200)
      expect(put.headers.get('access-control-allow-origin')).toBe(urls.admin)
      expect(put.headers.get('access-control-expose-headers')).toBe('ETag')
      expect(put.headers.get('etag')).toEqual(expect.any(String))

      const confirmed = await http.post(
        '/site/confirm-upload',
        { site_id: id, key: target.key, file_name: 'a.png' },
        { token },
      )
      expect(confirmed.status).toBe(200)
      expect(confirmed.body).toEqual({
        key: uploadKey(id, 'png'),
        media_type: 'image',
        url: expect.stringContaining(`/${confirmed.body.key}?X-Amz-`),
      })
      expect(confirmed.body.key).not.toBe(target.key)
      // The checked copy is what is kept; the presigned target is gone.
      expect(await objectsUnder(`sites/${id}/`)).toEqual([confirmed.body.key])
      expect(await recordsOf(id)).toEqual([confirmed.body.key])
      const shown = await fetch(confirmed.body.url)
      expect(shown.headers.get('content-type')).toBe('image/png')
      expect(Buffer.from(await shown.arrayBuffer()).equals(bytes)).toBe(true)
      // Confirming the same target again finds nothing.
      const again = await http.post(
        '/site/confirm-upload',
        { site_id: id, key: target.key, file_name: 'a.png' },
        { token, lang: 'en' },
      )
      expect(again.body).toEqual({
        error: { code: 'upload.missing', message: 'The uploaded file "a.png" was not found.' },
      })
      // A video is a video.
      const video = await uploadThroughApi(http, token, id, {
        fileName: 'clip.mp4',
        contentType: 'video/mp4',
        bytes: samples.mp4(),
      })
      expect(video).toEqual({ key: uploadKey(id, 'mp4'), media_type: 'video', url: expect.any(String) })
    })

    it('refuses an image whose header claims 10 gigapixels, naming the file, and keeps nothing', async () => {
      const id = await createSite()
      const bomb = pngClaiming(100_000, 100_000)
      expect(bomb.length).toBeLessThan(70 * 1024)
      const issued = await http.post(
        '/site/generate-urls',
        { site_id: id, files: [{ file_name: 'huge.png', content_type: 'image/png', size: bomb.length }] },
        { token },
      )
      const target = issued.body.uploads[0]
      expect((await putTo(target, bomb)).status).toBe(200)
      const refused = await http.post(
        '/site/confirm-upload',
        { site_id: id, key: target.key, file_name: 'huge.png' },
        { token, lang: 'en' },
      )
      expect(refused.status).toBe(400)
      expect(refused.body).toEqual({
        error: {
          code: 'upload.tooManyPixels',
          message:
            'The image "huge.png" is 100000 × 100000 pixels; an image may be at most 10000 pixels on a side and 50 megapixels in all.',
        },
      })
      expect(await objectsUnder(`sites/${id}/`)).toEqual([])
      expect(await recordsOf(id)).toEqual([])
      // The same picture at a size a phone takes is confirmed.
      const fine = await uploadThroughApi(http, token, id, {
        fileName: 'fine.png',
        contentType: 'image/png',
        bytes: pngClaiming(4_000, 3_000),
      })
      expect(fine.media_type).toBe('image')
    })

    it('refuses bytes that do not match the declared type, deletes them, and they cannot be attached', async () => {
      const id = await createSite()
      const html = Buffer.from('<html><script>alert(1)</script></html>')
      const issued = await http.post(
        '/site/generate-urls',
        { site_id: id, files: [{ file_name: 'evil.png', content_type: 'image/png', size: html.length }] },
        { token },
      )
      const target = issued.body.uploads[0]
      expect((await putTo(target, html)).status).toBe(200)
      const refused = await http.post(
        '/site/confirm-upload',
        { site_id: id, key: target.key, file_name: 'evil.png' },
        { token, lang: 'en' },
      )
      expect(refused.status).toBe(400)
      expect(refused.body).toEqual({
        error: {
          code: 'upload.contentMismatch',
          message: 'The content of "evil.png" does not match its file type.',
        },
      })
      expect(await objectsUnder(`sites/${id}/`)).toEqual([])
      expect(await recordsOf(id)).toEqual([])
      // A name of another kind than the key was issued for is refused too.
      const jpeg = samples.jpeg()
      const second = await http.post(
        '/site/generate-urls',
        { site_id: id, files: [{ file_name: 'p.jpg', content_type: 'image/jpeg', size: jpeg.length }] },
        { token },
      )
      expect((await putTo(second.body.uploads[0], jpeg)).status).toBe(200)
      const renamed = await http.post(
        '/site/confirm-upload',
        { site_id: id, key: second.body.uploads[0].key, file_name: 'p.png' },
        { token },
      )
      expect(renamed.body.error.code).toBe('upload.contentMismatch')
      // A key outside the site's uploads is no upload of it.
      const foreign = await http.post(
        '/site/confirm-upload',
        { site_id: id, key: `accounts/${user.accountId}/logo/x.png`, file_name: 'x.png' },
        { token },
      )
      expect(foreign.status).toBe(400)
      expect(foreign.body.error.details).toEqual([
        { path: 'body.key', code: 'validation.invalid', message: expect.any(String) },
      ])
      // The refused upload cannot be attached.
      const site = await load(id)
      const save = await http.call('PUT', `/site/${id}`, {
        token,
        body: saveBody(site, { creatives: [{ lang: 'JP', position: 'A1', media_key: target.key }] }),
      })
      expect(save.status).toBe(400)
      expect(save.body.error.details).toEqual([
        {
          path: 'body.creatives.0.mediaKey',
          code: 'upload.notConfirmed',
          params: { file: target.key },
          message: expect.any(String),
        },
      ])
      expect((await load(id)).version).toBe(1)
    })
  })

  describe('attaching files to a site', () => {
    it('refuses unconfirmed keys by field and accepts confirmed ones, answering their media URLs', async () => {
      const id = await createSite()
      const otherSite = await createSite()
      const mine = await uploadThroughApi(http, token, id, {
        fileName: 'a.jpg',
        contentType: 'image/jpeg',
        bytes: samples.jpeg(),
      })
      const logo = await uploadThroughApi(http, token, id, {
        fileName: 'logo.png',
        contentType: 'image/png',
        bytes: samples.png(),
        purpose: 'logo',
      })
      const theirs = await uploadThroughApi(http, token, otherSite, {
        fileName: 'b.png',
        contentType: 'image/png',
        bytes: samples.png(),
      })
      const typed = `sites/${id}/uploads/${randomUUID()}.png`
      const site = await load(id)
      const bad = saveBody(site, {
        creatives: [
          {
            lang: 'JP',
            position: 'A1',
            media_key: mine.key,
            products: [{ product_name: 'p', image_path: typed }],
          },
          { lang: 'JP', position: 'B1', media_key: theirs.key },
        ],
      }) as { global_setting: Record<string, unknown> }
      bad.global_setting.logo_key = logo.key
      bad.global_setting.favicon_key = 'https://example.com/x.png'
      bad.global_setting.popup_ctas = [
        {
          kind: 'TIME_LIMIT',
          link_url: 'https://example.com',
          localized: [
            { lang: 'JP', content: 'ok' },
            { lang: 'EN', image_url: typed },
          ],
        },
      ]
      const refused = await http.call('PUT', `/site/${id}`, { token, body: bad })
      expect(refused.status).toBe(400)
      expect(
        refused.body.error.details.map((d: { path: string; code: string; params: { file: string } }) => [
          d.path,
          d.code,
          d.params.file,
        ]),
      ).toEqual([
        ['body.globalSetting.faviconKey', 'upload.notConfirmed', 'https://example.com/x.png'],
        ['body.globalSetting.popupCtas.0.localized.1.imageUrl', 'upload.notConfirmed', typed],
        ['body.creatives.0.products.0.imagePath', 'upload.notConfirmed', typed],
        ['body.creatives.1.mediaKey', 'upload.notConfirmed', theirs.key],
      ])
      expect(await load(id)).toMatchObject({ version: 1, creatives: [], media: [] })

      const good = saveBody(site, {
        creatives: [
          { lang: 'JP', position: 'A1', media_key: mine.key, media_type: 'image' },
          { lang: 'JP', position: 'B1', media_key: mine.key, media_type: 'image' },
        ],
      }) as { global_setting: Record<string, unknown> }
      good.global_setting.logo_key = logo.key
      const saved = await http.call('PUT', `/site/${id}`, { token, body: good })
      expect(saved.status, JSON.stringify(saved.body)).toBe(200)
      expect(saved.body.media).toEqual([
        { key: logo.key, url: expect.stringContaining(`/${logo.key}?X-Amz-`) },
        { key: mine.key, url: expect.stringContaining(`/${mine.key}?X-Amz-`) },
      ])
      // Keys the site already references stay valid, even if the record were gone.
      await SiteUploads.delete({ siteId: id, key: mine.key }).go()
      const again = await http.call('PUT', `/site/${id}`, { token, body: { ...good, version: 2 } })
      expect(again.status).toBe(200)
      expect(again.body.version).toBe(3)
    })

    it('hands out logo and favicon uploads: images only, 5 MB', async () => {
      const id = await createSite()
      const issued = await http.post(
        '/site/generate-logo-url',
        {
          site_id: id,
          purpose: 'favicon',
          file_name: 'icon.png',
          content_type: 'image/png',
          size: 5 * 1024 * 1024,
        },
        { token },
      )
      expect(issued.status).toBe(200)
      expect(issued.body).toEqual({
        file_name: 'icon.png',
        key: uploadKey(id, 'png', 'favicon-'),
        upload_url: expect.stringContaining('X-Amz-Signature='),
        headers: { 'content-type': 'image/png' },
      })
      const video = await http.post(
        '/site/generate-logo-url',
        { site_id: id, purpose: 'logo', file_name: 'logo.mp4', content_type: 'video/mp4', size: 10 },
        { token, lang: 'en' },
      )
      expect(video.status).toBe(400)
      expect(video.body).toEqual({
        error: {
          code: 'upload.unsupportedTypeAllowed',
          message:
            'The file "logo.mp4" is not a supported type. Allowed types: PNG, JPG, JPEG, JFIF, HEIC, HEIF.',
        },
      })
      const big = await http.post(
        '/site/generate-logo-url',
        {
          site_id: id,
          purpose: 'logo',
          file_name: 'logo.png',
          content_type: 'image/png',
          size: 5 * 1024 * 1024 + 1,
        },
        { token, lang: 'ja' },
      )
      expect(big.body).toEqual({
        error: { code: 'upload.tooLarge', message: 'ファイル「logo.png」が上限の5MBを超えています。' },
      })
      const logo = await uploadThroughApi(http, token, id, {
        fileName: 'logo.jpg',
        contentType: 'image/jpeg',
        bytes: samples.jpeg(),
        purpose: 'logo',
      })
      expect(logo).toEqual({
        key: uploadKey(id, 'jpg', 'logo-'),
        media_type: 'image',
        url: expect.any(String),
      })
      const site = await load(id)
      const body = saveBody(site) as { global_setting: Record<string, unknown> }
      body.global_setting.logo_key = logo.key
      const saved = await http.call('PUT', `/site/${id}`, { token, body })
      expect(saved.status).toBe(200)
      expect(saved.body.global_setting.logo_key).toBe(logo.key)
      expect(saved.body.media).toEqual([{ key: logo.key, url: expect.any(String) }])
    })
  })

  describe('ZIP bulk upload', () => {
    interface Started {
      upload_id: string
      key: string
      part_size: number
      parts: Array<{ part_number: number; upload_url: string }>
    }

    const start = async (siteId: string, zip: Buffer, fileName = 'creatives.zip') => {
      const started = await http.post(
        '/site/bulk-upload/start',
        { site_id: siteId, file_name: fileName, size: zip.length },
        { token },
      )
      expect(started.status, JSON.stringify(started.body)).toBe(200)
      return started.body as Started
    }

    /** Uploads every part from the admin origin and reads its ETag, as the console does. */
    const uploadParts = async (started: Started, zip: Buffer) => {
      const parts: Array<{ part_number: number; etag: string }> = []
      for (const part of started.parts) {
        const from = (part.part_number - 1) * started.part_size
        const response = await fetch(part.upload_url, {
          method: 'PUT',
          headers: { origin: urls.admin },
          body: zip.subarray(from, from + started.part_size),
        })
        expect(response.status).toBe(200)
        expect(response.headers.get('access-control-expose-headers')).toBe('ETag')
        parts.push({ part_number: part.part_number, etag: response.headers.get('etag')! })
      }
      return parts
    }

    const complete = (siteId: string, started: Started, parts: unknown[], lang: string, version: number) =>
      http.post(
        '/site/bulk-upload/complete',
        { site_id: siteId, upload_id: started.upload_id, key: started.key, parts, lang, version },
        { token, lang: 'en' },
      )

    const poll = async (jobId: string, as = token) => {
      const deadline = Date.now() + 25_000
      for (;;) {
        const response = await http.get(`/site/bulk-upload/${jobId}`, { token: as, lang: 'en' })
        expect(response.status, JSON.stringify(response.body)).toBe(200)
        if (response.body.status !== 'processing') return response.body
        if (Date.now() > deadline) throw new Error(`Job ${jobId} still processing`)
        await new Promise((r) => setTimeout(r, 100))
      }
    }

    /** Start, upload every part, complete: the job's final state. */
    const bulk = async (siteId: string, zip: Buffer, lang = 'JP') => {
      const site = await load(siteId)
      const started = await start(siteId, zip)
      const completed = await complete(siteId, started, await uploadParts(started, zip), lang, site.version)
      expect(completed.status, JSON.stringify(completed.body)).toBe(202)
      expect(completed.body).toEqual({ job_id: expect.stringMatching(new RegExp(`^${UUID}$`)) })
      return { started, job: await poll(completed.body.job_id), jobId: completed.body.job_id as string }
    }

    /**
     * A site whose JP creatives are: A1 media, B1 text only, C1 media, and, on a grid of more than
     * one row, A2 text only. Files without a cell name fill B1, then A2, …
     */
    const siteWithMedia = async (rows = 3, columns = 3) => {
      const id = await createSite(rows, columns)
      const media = async (fileName: string) =>
        (
          await uploadThroughApi(http, token, id, {
            fileName,
            contentType: 'image/jpeg',
            bytes: samples.jpeg(),
          })
        ).key
      const a1 = await media('a1.jpg')
      const c1 = await media('c1.jpg')
      const site = await load(id)
      const saved = await http.call('PUT', `/site/${id}`, {
        token,
        body: saveBody(site, {
          creatives: [
            { lang: 'JP', position: 'A1', media_key: a1, media_type: 'image', main_text: '最初' },
            { lang: 'JP', position: 'B1', main_text: 'すきま' },
            { lang: 'JP', position: 'C1', media_key: c1, media_type: 'image' },
            ...(rows > 1
              ? [{ lang: 'JP', position: 'A2', main_text: '文字だけ', link_button_color: '#123456' }]
              : []),
          ],
        }),
      })
      expect(saved.status, JSON.stringify(saved.body)).toBe(200)
      return { id, existing: [a1, c1] }
    }

    /** What a refused ZIP must leave: no new files or records, the creatives and version as they were, no ZIP. */
    const expectNothingWritten = async (
      id: string,
      before: { version: number; creatives: unknown },
      zipKey: string,
    ) => {
      const after = await load(id)
      expect(after.version).toBe(before.version)
      expect(after.creatives).toEqual(before.creatives)
      expect(await objectsUnder(`sites/${id}/uploads/`)).toEqual(await recordsOf(id))
      expect(await exists(zipKey)).toBe(false)
    }

    it('uploads a multipart ZIP and places its files in natural order in the cells without media', async () => {
      const { id, existing } = await siteWithMedia()
      const before = await load(id)
      const two = png(8, 8, { fill: () => [2, 2, 2] })
      const ten = samples.jpeg()
      // Incompressible and stored: the ZIP is larger than one 16 MiB part.
      const big = png(2400, 2400, { random: true })
      const zip = await buildZip([
        { name: 'photos/', data: Buffer.alloc(0) },
        { name: 'photos/10.jpg', data: ten },
        { name: 'photos/2.png', data: two },
        { name: 'big.png', data: big, compress: false },
        { name: '1.PNG', data: png(4, 4) },
        { name: '3.mp4', data: samples.mp4() },
        { name: '__MACOSX/photos/._2.png', data: Buffer.from('resource fork') },
        { name: '.DS_Store', data: Buffer.from('finder') },
      ])
      expect(zip.length).toBeGreaterThan(16 * 1024 * 1024)
      const { started, job, jobId } = await bulk(id, zip)
      expect(started).toEqual({
        upload_id: expect.any(String),
        key: expect.stringMatching(new RegExp(`^sites/${id}/bulk/${jobId}\\.zip$`)),
        part_size: 16 * 1024 * 1024,
        parts: [
          { part_number: 1, upload_url: expect.stringContaining('partNumber=1') },
          { part_number: 2, upload_url: expect.stringContaining('partNumber=2') },
        ],
      })
      const after = await load(id)
      expect(job).toEqual({
        job_id: jobId,
        status: 'done',
        processed: 13,
        total: 13,
        report: [
          { name: '__MACOSX/photos/._2.png', status: 'skipped' },
          { name: '.DS_Store', status: 'skipped' },
          { name: '1.PNG', status: 'placed', position: 'B1', media_type: 'image' },
          { name: '3.mp4', status: 'placed', position: 'A2', media_type: 'video' },
          { name: 'big.png', status: 'placed', position: 'B2', media_type: 'image' },
          { name: 'photos/', status: 'skipped' },
          { name: 'photos/2.png', status: 'placed', position: 'C2', media_type: 'image' },
          { name: 'photos/10.jpg', status: 'placed', position: 'A3', media_type: 'image' },
        ],
        code: 'zip.placed',
        message: '5 files were placed in the creatives.',
        site: {
          ...after,
          media: after.media.map((m: { key: string }) => ({ key: m.key, url: expect.any(String) })),
        },
      })
      expect(after.version).toBe(before.version + 1)
      const jp = Object.fromEntries(
        after.creatives
          .filter((c: { lang: string }) => c.lang === 'JP')
          .map((c: { position: string }) => [c.position, c]),
      )
      expect(Object.keys(jp)).toEqual(['A1', 'B1', 'C1', 'A2', 'B2', 'C2', 'A3'])
      // Cells with media are untouched.
      expect([jp.A1, jp.C1]).toEqual([before.creatives[0], before.creatives[2]])
      // B1 and A2 existed without media: they keep their fields and get the files.
      expect(jp.B1).toEqual({ ...before.creatives[1], media_key: expect.any(String), media_type: 'image' })
      expect(jp.B1.main_text).toBe('すきま')
      expect(jp.A2).toEqual({ ...before.creatives[3], media_key: expect.any(String), media_type: 'video' })
      expect(jp.A2.main_text).toBe('文字だけ')
      // New cells get the defaults of SPEC §3.
      expect(jp.B2).toEqual({
        ...jp.B2,
        lang: 'JP',
        position: 'B2',
        order: 5,
        media_type: 'image',
        link_button_color: '#99D52A',
        link_text_color: '#FFFFFF',
        hover_arrow_color: '#FFFFFF',
        is_internal_link: false,
        members_only_lock: false,
        products: [],
        image_link_points: [],
        main_text: null,
      })
      expect(jp.B3).toBeUndefined()
      expect(after.creatives.filter((c: { lang: string }) => c.lang === 'EN')).toEqual([])
      // Every placed file is stored, confirmed and shown.
      const placed = ['B1', 'A2', 'B2', 'C2', 'A3'].map((p) => jp[p].media_key as string)
      expect(placed.map((key) => key.split('.').pop())).toEqual(['png', 'mp4', 'png', 'png', 'jpg'])
      for (const key of placed) expect(key).toEqual(uploadKey(id, key.split('.').pop()!))
      expect(await recordsOf(id)).toEqual([...existing, ...placed].sort())
      expect(await objectsUnder(`sites/${id}/uploads/`)).toEqual([...existing, ...placed].sort())
      // Media in page order: A1, B1, C1, A2, …
      expect(after.media.map((m: { key: string }) => m.key)).toEqual([
        existing[0],
        placed[0],
        existing[1],
        ...placed.slice(1),
      ])
      const shown = await fetch(after.media.find((m: { key: string }) => m.key === jp.A3.media_key).url)
      expect(shown.headers.get('content-type')).toBe('image/jpeg')
      expect(Buffer.from(await shown.arrayBuffer()).equals(ten)).toBe(true)
      // The ZIP is gone; completing the same upload again answers the same job and places nothing more.
      expect(await exists(started.key)).toBe(false)
      const again = await complete(id, started, [{ part_number: 1, etag: 'x' }], 'JP', after.version)
      expect(again.status).toBe(202)
      expect(again.body).toEqual({ job_id: jobId })
      expect((await load(id)).version).toBe(after.version)
    })

    it('refuses zip bombs (a high ratio, a lying declared size) and writes nothing', async () => {
      const { id } = await siteWithMedia()
      const before = await load(id)
      const ok = { name: 'ok.png', data: png(4, 4) }
      const ratio = await buildZip([
        ok,
        { name: 'bomb.png', data: Buffer.concat([png(1, 1), Buffer.alloc(8_000_000)]) },
      ])
      const first = await bulk(id, ratio)
      expect(first.job).toEqual({
        job_id: first.jobId,
        status: 'refused',
        processed: 2,
        total: 2,
        report: [
          {
            name: 'bomb.png',
            status: 'refused',
            code: 'zip.ratio',
            message: "'bomb.png' is compressed suspiciously well (ratio over 100:1).",
          },
        ],
        code: 'zip.refused',
        message: 'The ZIP was refused and nothing was uploaded. See the report for each file.',
      })
      await expectNothingWritten(id, before, first.started.key)

      // 4 MB of zeros declared as 30 KB: the ratio looks harmless, the inflation is stopped.
      const honest = await buildZip([
        ok,
        { name: 'liar.png', data: Buffer.concat([png(1, 1), Buffer.alloc(4_000_000)]) },
      ])
      const lying = patchEntry(honest, 'liar.png', { uncompressedSize: 30_000 })
      const second = await bulk(id, lying)
      expect(second.job).toMatchObject({
        status: 'refused',
        code: 'zip.refused',
        report: [
          {
            name: 'liar.png',
            status: 'refused',
            code: 'zip.sizeMismatch',
            message: "'liar.png' is not the size its ZIP header declares.",
          },
        ],
      })
      await expectNothingWritten(id, before, second.started.key)
    })

    it('refuses traversal, symbolic links and unsupported entries, and writes nothing', async () => {
      const { id } = await siteWithMedia()
      const before = await load(id)
      const base = await buildZip([
        { name: 'fine.png', data: png(4, 4) },
        { name: 'xx/evil.png', data: png(4, 4) },
        { name: 'link.png', data: Buffer.from('/etc/passwd'), mode: 0o120777 },
        { name: 'readme.txt', data: Buffer.from('hello') },
        { name: 'fake.jpg', data: Buffer.from('<svg onload="alert(1)"></svg>') },
      ])
      const { job, started } = await bulk(id, renameEntry(base, 'xx/evil.png', '../evil.png'))
      expect(job).toMatchObject({ status: 'refused', code: 'zip.refused' })
      expect(job.report).toEqual([
        {
          name: '../evil.png',
          status: 'refused',
          code: 'zip.traversal',
          message: "'../evil.png' points outside the ZIP folder.",
        },
        {
          name: 'fake.jpg',
          status: 'refused',
          code: 'zip.unsupported',
          message: "'fake.jpg' is not an image or video that can be uploaded.",
        },
        {
          name: 'link.png',
          status: 'refused',
          code: 'zip.symlink',
          message: "'link.png' is a symbolic link, which is not allowed.",
        },
        {
          name: 'readme.txt',
          status: 'refused',
          code: 'zip.unsupported',
          message: "'readme.txt' is not an image or video that can be uploaded.",
        },
      ])
      await expectNothingWritten(id, before, started.key)
    })

    it('puts cell-named files in their cells whatever their order, and says where an outside one went', async () => {
      // 2 × 3 cells, media in A1 and C1: B1 (text only) and A2 (text only) have none.
      const { id } = await siteWithMedia(2, 3)
      const before = await load(id)
      const zip = await buildZip(
        ['B2.png', 'a1.png', 'D1.png', 'B1_春.png', 'A2.png'].map(
          (name): ZipInput => ({ name, data: png(2, 2) }),
        ),
      )
      const { job } = await bulk(id, zip)
      const placed = (name: string, position: string) => ({
        name,
        status: 'placed',
        position,
        media_type: 'image',
      })
      expect(job.report).toEqual([
        placed('a1.png', 'A1'),
        placed('A2.png', 'A2'),
        placed('B1_春.png', 'B1'),
        placed('B2.png', 'B2'),
        {
          ...placed('D1.png', 'C2'),
          code: 'zip.cellOutside',
          message: "'D1.png' is named after cell D1, which is not in this grid: it was placed in C2.",
        },
      ])
      const jp = Object.fromEntries(
        (await load(id)).creatives
          .filter((c: { lang: string }) => c.lang === 'JP')
          .map((c: { position: string; media_key: string }) => [c.position, c.media_key]),
      )
      // A1 named by a file gets the new file; C1, named by none, keeps its media.
      expect(jp.A1).not.toBe(before.creatives[0].media_key)
      expect(jp.C1).toBe(before.creatives[2].media_key)
      expect(Object.keys(jp)).toEqual(['A1', 'B1', 'C1', 'A2', 'B2', 'C2'])
    })

    it('refuses more files than free cells, naming the ones that do not fit', async () => {
      // 2 × 3 cells, media in A1 and C1: B1, A2, B2 and C2 are free.
      const { id } = await siteWithMedia(2, 3)
      const before = await load(id)
      const names = ['1.png', '2.png', '3.png', '4.png', '5.png', '6.png']
      const zip = await buildZip(names.map((name): ZipInput => ({ name, data: png(2, 2) })))
      const { job, started } = await bulk(id, zip)
      expect(job).toMatchObject({ status: 'refused', code: 'zip.refused' })
      expect(job.report).toEqual(
        ['5.png', '6.png'].map((name) => ({
          name,
          status: 'refused',
          code: 'zip.noFreeCell',
          message: `'${name}' has no free creative cell left.`,
        })),
      )
      await expectNothingWritten(id, before, started.key)
    })

    it('refuses a stale version at once, and a version that goes stale while placing fails the job', async () => {
      const { id, existing } = await siteWithMedia()
      const before = await load(id)
      const zip = await buildZip([{ name: '1.png', data: png(2, 2) }])
      const started = await start(id, zip)
      const parts = await uploadParts(started, zip)
      const stale = await complete(id, started, parts, 'JP', before.version - 1)
      expect(stale.status).toBe(409)
      expect(stale.body).toEqual({
        error: {
          code: 'error.conflict',
          message: 'Another change was saved in the meantime. Reload to see it.',
        },
      })
      const language = await complete(id, started, parts, 'KR', before.version)
      expect(language.status).toBe(400)
      expect(language.body.error.details).toEqual([
        { path: 'body.lang', code: 'validation.invalid', message: expect.any(String) },
      ])

      // The worker, run here so another save can land between its checks and its transaction.
      const jobId = randomUUID()
      const zipKey = `sites/${id}/bulk/${jobId}.zip`
      await s3.send(
        new PutObjectCommand({ Bucket: mediaBucket, Key: zipKey, Body: zip, ContentType: 'application/zip' }),
      )
      await BulkJobs.create({
        jobId,
        siteId: id,
        accountId: user.accountId,
        zipKey,
        lang: 'JP',
        version: before.version,
        expiresAt: Math.floor(Date.now() / 1000) + 3600,
      }).go()
      const write = sitesService.transaction.write.bind(sitesService.transaction)
      vi.spyOn(sitesService.transaction, 'write').mockImplementationOnce((...args) => {
        const transaction = write(...args)
        return {
          ...transaction,
          go: async (...options: Parameters<typeof transaction.go>) => {
            await Sites.patch({ siteId: id }).add({ version: 1 }).go()
            return transaction.go(...options)
          },
        } as typeof transaction
      })
      await processBulkJob(jobId)
      const job = await poll(jobId)
      expect(job).toEqual({
        job_id: jobId,
        status: 'failed',
        processed: 2,
        total: 2,
        report: [],
        code: 'error.conflict',
        message: 'Another change was saved in the meantime. Reload to see it.',
      })
      const after = await load(id)
      expect(after.version).toBe(before.version + 1)
      expect(after.creatives).toEqual(before.creatives)
      expect(await objectsUnder(`sites/${id}/uploads/`)).toEqual(await recordsOf(id))
      expect(await recordsOf(id)).toEqual([...existing].sort())
      expect(await exists(zipKey)).toBe(false)
      // Running the job again does nothing: it was claimed.
      await processBulkJob(jobId)
      expect((await poll(jobId)).status).toBe('failed')
    })

    it('refuses what is not a ZIP or too large before any upload, and aborts an upload', async () => {
      const id = await createSite()
      const notZip = await http.post(
        '/site/bulk-upload/start',
        { site_id: id, file_name: 'photos.rar', size: 10 },
        { token, lang: 'en' },
      )
      expect(notZip.status).toBe(400)
      expect(notZip.body).toEqual({
        error: { code: 'zip.notZip', message: "'photos.rar' is not a ZIP file." },
      })
      const big = await http.post(
        '/site/bulk-upload/start',
        { site_id: id, file_name: 'all.zip', size: 1_073_741_825 },
        { token, lang: 'en' },
      )
      expect(big.body).toEqual({
        error: { code: 'zip.tooLarge', message: "The ZIP file 'all.zip' is larger than 1024 MB." },
      })
      const zip = await buildZip([{ name: '1.png', data: png(2, 2) }])
      const started = await start(id, zip)
      const parts = await uploadParts(started, zip)
      const aborted = await http.post(
        '/site/bulk-upload/abort',
        { site_id: id, upload_id: started.upload_id, key: started.key },
        { token, lang: 'en' },
      )
      expect(aborted.status).toBe(200)
      expect(aborted.body).toEqual({ message: 'The ZIP upload was cancelled.' })
      const twice = await http.post(
        '/site/bulk-upload/abort',
        { site_id: id, upload_id: started.upload_id, key: started.key },
        { token },
      )
      expect(twice.status).toBe(200)
      const late = await complete(id, started, parts, 'JP', 1)
      expect(late.status).toBe(400)
      expect(late.body).toEqual({
        error: {
          code: 'zip.uploadFailed',
          message: 'The ZIP upload could not be completed. Please upload it again.',
        },
      })
      expect(await exists(started.key)).toBe(false)
    })
  })

  it('another tenant gets 404 on every upload route', async () => {
    const id = await createSite()
    const zip = await buildZip([{ name: '1.png', data: png(2, 2) }])
    const started = (
      await http.post(
        '/site/bulk-upload/start',
        { site_id: id, file_name: 'a.zip', size: zip.length },
        { token },
      )
    ).body as { upload_id: string; key: string; parts: Array<{ upload_url: string }> }
    const put = await fetch(started.parts[0]!.upload_url, { method: 'PUT', body: zip })
    const parts = [{ part_number: 1, etag: put.headers.get('etag') }]
    const done = await http.post(
      '/site/bulk-upload/complete',
      { site_id: id, upload_id: started.upload_id, key: started.key, parts, lang: 'JP', version: 1 },
      { token },
    )
    expect(done.status).toBe(202)
    const as = { token: otherToken }
    const calls = [
      http.post(
        '/site/generate-urls',
        { site_id: id, files: [{ file_name: 'a.png', content_type: 'image/png', size: 1 }] },
        as,
      ),
      http.post(
        '/site/generate-logo-url',
        { site_id: id, purpose: 'logo', file_name: 'a.png', content_type: 'image/png', size: 1 },
        as,
      ),
      http.post(
        '/site/confirm-upload',
        { site_id: id, key: `sites/${id}/uploads/${randomUUID()}.png`, file_name: 'a.png' },
        as,
      ),
      http.post('/site/bulk-upload/start', { site_id: id, file_name: 'a.zip', size: 10 }, as),
      http.post(
        '/site/bulk-upload/complete',
        { site_id: id, upload_id: started.upload_id, key: started.key, parts, lang: 'JP', version: 1 },
        as,
      ),
      http.post(
        '/site/bulk-upload/abort',
        { site_id: id, upload_id: started.upload_id, key: started.key },
        as,
      ),
      http.get(`/site/bulk-upload/${done.body.job_id}`, as),
      http.get(`/site/bulk-upload/${randomUUID()}`, { token }),
    ]
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(404)
      expect(response.body).toEqual({ error: { code: 'error.notFound', message: expect.any(String) } })
    }
    // The owner's job ran to its end, untouched by the other tenant's calls.
    const deadline = Date.now() + 20_000
    let job = (await http.get(`/site/bulk-upload/${done.body.job_id}`, { token })).body
    while (job.status === 'processing' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100))
      job = (await http.get(`/site/bulk-upload/${done.body.job_id}`, { token })).body
    }
    expect(job).toMatchObject({ status: 'done', code: 'zip.placed' })
    expect(await objectsUnder(`sites/${id}/uploads/`)).toHaveLength(1)
  })
})
