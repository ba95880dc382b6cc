import { randomUUID } from 'node:crypto'
import { request } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { PutObjectCommand } from '@aws-sdk/client-s3'
import { beforeAll, describe, expect, it } from 'vitest'
import { useStackEnv } from '../support/env.ts'

const { urls, env } = useStackEnv()

/** fetch() cannot set Host, so talk HTTP directly, as a browser on that host would. */
const get = (host: string, path: string, headers: Record<string, string> = {}) =>
  new Promise<{
    status: number
    headers: Record<string, string | string[] | undefined>
    body: string
    raw: Buffer
  }>((resolve, reject) => {
    const { hostname, port } = new URL(urls.edge)
    const req = request({ hostname, port, path, method: 'GET', headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          raw: Buffer.concat(chunks),
        }),
      )
    })
    req.on('error', reject)
    req.end()
  })

describe('local site edge', () => {
  const siteId = randomUUID()
  const host = `${randomUUID()}.sites.localhost`
  const prefix = `sites/${siteId}/r1`

  beforeAll(async () => {
    const { s3, sitesBucket } = await import('../../functions/src/platform/services/s3.ts')
    const { bucketHostMap } = await import('../../functions/src/platform/services/host-map.ts')
    await s3.send(
      new PutObjectCommand({
        Bucket: sitesBucket,
        Key: `${prefix}/index.html`,
        Body: '<!doctype html><title>home</title>',
        ContentType: 'text/html; charset=utf-8',
      }),
    )
    await s3.send(
      new PutObjectCommand({
        Bucket: sitesBucket,
        Key: `${prefix}/en/index.html`,
        Body: '<!doctype html><title>english</title>',
        ContentType: 'text/html; charset=utf-8',
      }),
    )
    for (const [key, body, type] of [
      ['_p/index.html', '<!doctype html><title>path home</title>', 'text/html; charset=utf-8'],
      [
        '_p/en/register/index.html',
        '<!doctype html><title>path register</title>',
        'text/html; charset=utf-8',
      ],
      ['media/a.txt', 'shared file', 'text/plain; charset=utf-8'],
    ] as const)
      await s3.send(
        new PutObjectCommand({ Bucket: sitesBucket, Key: `${prefix}/${key}`, Body: body, ContentType: type }),
      )
    const { pathFormKey } = await import('../../functions/src/platform/services/host-map.ts')
    await bucketHostMap(s3, sitesBucket, env.HOSTMAP_STAMP_FILE).put(host, { siteId, prefix })
    await bucketHostMap(s3, sitesBucket, env.HOSTMAP_STAMP_FILE).put(pathFormKey(siteId), { siteId, prefix })
    expect(env.SITES_BUCKET).toBe(sitesBucket)
  })

  it('serves the mapped release by Host header', async () => {
    const home = await get(`${host}:3001`, '/')
    expect(home.status).toBe(200)
    expect(home.body).toBe('<!doctype html><title>home</title>')
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(home.headers['x-content-type-options']).toBe('nosniff')
    expect(home.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    const english = await get(host.toUpperCase(), '/en')
    expect(english.status).toBe(200)
    expect(english.body).toBe('<!doctype html><title>english</title>')
  })

  it('compresses text as CloudFront does: Brotli when accepted, else gzip, else none', async () => {
    const plain = await get(host, '/')
    expect(plain.headers['content-encoding']).toBeUndefined()
    // The sites' cache policies enable both (infra/lib/sites.ts); a browser accepts both: Brotli.
    const br = await get(host, '/', { 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toBe('accept-encoding')
    expect(brotliDecompressSync(br.raw).toString('utf8')).toBe('<!doctype html><title>home</title>')
    const zipped = await get(host, '/', { 'accept-encoding': 'gzip, deflate, br;q=0' })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(zipped.raw).toString('utf8')).toBe('<!doctype html><title>home</title>')
  })

  it('serves the /sites/{siteId}/ path form on the shared sites host', async () => {
    const shared = 'sites.localhost:3001'
    const home = await get(shared, `/sites/${siteId}/`)
    expect(home.status).toBe(200)
    expect(home.body).toBe('<!doctype html><title>path home</title>')
    expect(home.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect((await get(shared, `/sites/${siteId}`)).body).toBe('<!doctype html><title>path home</title>')
    expect((await get(shared, `/sites/${siteId}/en/register`)).body).toBe(
      '<!doctype html><title>path register</title>',
    )
    // Files are the release's own, shared by both forms.
    expect((await get(shared, `/sites/${siteId}/media/a.txt`)).body).toBe('shared file')
    // Another site id, the bare root and a site's own host answer 404.
    expect((await get(shared, `/sites/${randomUUID()}/`)).status).toBe(404)
    expect((await get(shared, '/')).status).toBe(404)
    expect((await get(host, `/sites/${siteId}/`)).status).toBe(404)
  })

  it('answers 404 with a page for an unknown host', async () => {
    const response = await get(`${randomUUID()}.sites.localhost`, '/')
    expect(response.status).toBe(404)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.body).toContain('ページが見つかりません')
  })

  it('answers 404 for a missing object and refuses path traversal', async () => {
    expect((await get(host, '/nothing-here.html')).status).toBe(404)
    expect((await get(host, '/%2e%2e/%2e%2e/_hostmap/x.json')).status).toBe(404)
  })

  it('routes /api/v1/* on any site host to the API, as the sites distribution does', async () => {
    for (const siteHost of [host, `${randomUUID()}.sites.localhost`]) {
      const response = await get(siteHost, '/api/v1/health')
      expect(response.status).toBe(200)
      expect(response.headers['content-type']).toMatch(/^application\/json/)
      expect(JSON.parse(response.body)).toMatchObject({ status: 'ok' })
    }
  })
})
