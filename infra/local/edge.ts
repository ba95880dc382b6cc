import { createServer } from 'node:http'
import { GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3'
import { bucketHostMap, objectKeyFor } from '../../functions/src/lib/host-map.ts'
import { localCredentials } from './dynamodb.ts'
import { HOST } from './ports.ts'
import type { Running } from './process.ts'

/** Headers every site response carries, as the CloudFront response-headers policy adds them. */
export const SITE_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
}

const notFoundPage = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>ページが見つかりません / Not found</title></head><body style="font-family:system-ui,sans-serif;text-align:center;padding:3rem 1rem;color:#202020"><h1>ページが見つかりません</h1><p>お探しのサイトは存在しないか、公開されていません。</p><p lang="en">This site does not exist or is not published.</p></body></html>`

export interface EdgeOptions {
  port: number
  s3Endpoint: string
  sitesBucket: string
  log?: (line: string) => void
}

/**
 * The local stand-in for CloudFront + the host-routing function: looks the Host header up in the
 * host map and serves the object of the mapped release from the sites bucket.
 */
export const startEdge = async (options: EdgeOptions): Promise<Running> => {
  const s3 = new S3Client({
    endpoint: options.s3Endpoint,
    region: 'ap-northeast-1',
    credentials: localCredentials,
    forcePathStyle: true,
  })
  const hosts = bucketHostMap(s3, options.sitesBucket)
  const notFound = (res: import('node:http').ServerResponse) => {
    res.writeHead(404, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      ...SITE_SECURITY_HEADERS,
    })
    res.end(notFoundPage)
  }
  const server = createServer(async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD', ...SITE_SECURITY_HEADERS })
        res.end()
        return
      }
      const target = await hosts.get(req.headers.host ?? '')
      const key = target && objectKeyFor(target.prefix, req.url ?? '/')
      if (!key) return notFound(res)
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket: options.sitesBucket, Key: key }))
        const body = Buffer.from((await object.Body?.transformToByteArray()) ?? new Uint8Array())
        res.writeHead(200, {
          'content-type': object.ContentType ?? 'application/octet-stream',
          'content-length': String(body.length),
          'cache-control': object.CacheControl ?? 'no-cache',
          ...(object.ETag ? { etag: object.ETag } : {}),
          ...SITE_SECURITY_HEADERS,
        })
        res.end(req.method === 'HEAD' ? undefined : body)
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey')
          return notFound(res)
        throw error
      }
    } catch (error) {
      options.log?.(`edge: ${String(error)}`)
      res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', ...SITE_SECURITY_HEADERS })
      res.end('Bad gateway')
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, HOST, () => resolve())
  })
  return {
    name: 'edge',
    url: `http://${HOST}:${options.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => {
          s3.destroy()
          resolve()
        })
      }),
  }
}
