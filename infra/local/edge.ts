import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http'
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib'
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { API_BASE_PATH } from '@swipe/shared/contract/routes'
import { assignArm, visitorKeyCookie, visitorKeyOf } from '@swipe/shared/experiments/model'
import { matchedCell, SWIPE_PAGE_PATH, startPagePath } from '@swipe/shared/site/message-match'
import { ACCESS_LOG_HEADER, accessLogLine } from '../../functions/src/billing/access-log.ts'
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../../functions/src/edge/origin-headers.ts'
import {
  bucketHostMap,
  type HostMap,
  type HostTarget,
  normaliseHost,
  objectKeyFor,
  pathFormKey,
  pathFormObjectKeyFor,
  pathFormOf,
  readHostMapStamp,
} from '../../functions/src/platform/services/host-map.ts'
import { SITE_NOT_FOUND_PAGE, SITE_SECURITY_HEADERS } from '../lib/sites/headers.ts'
import { localCredentials } from './dynamodb.ts'
import { HOST } from './ports.ts'
import type { Running } from './process.ts'

export { SITE_SECURITY_HEADERS }

/** Content types the edge sends compressed when the client accepts it (as CloudFront's compression). */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml)|image\/svg\+xml)/

/**
 * The encoding of a compressible answer: Brotli when the client accepts it, else gzip, else none.
 * CloudFront does the same for the sites' cache policies, which enable both (infra/lib/sites.ts
 * `enableAcceptEncodingBrotli`), and prefers Brotli when a request accepts both.
 */
export const encodingFor = (acceptEncoding: string | undefined): 'br' | 'gzip' | undefined => {
  const accepted = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (name) accepted.set(name, q ? Number(q.slice(2)) : 1)
  }
  if ((accepted.get('br') ?? 0) > 0) return 'br'
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip'
  return undefined
}

/** Compresses once per cached object, as CloudFront keeps each encoding it made. */
const compressed = (found: ReleaseObject, encoding: 'br' | 'gzip'): Buffer => {
  if (encoding === 'gzip') {
    found.gzipped ??= gzipSync(found.body)
    return found.gzipped
  }
  found.brotli ??= brotliCompressSync(found.body, {
    params: {
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: found.body.length,
    },
  })
  return found.brotli
}

export interface EdgeOptions {
  port: number
  s3Endpoint: string
  sitesBucket: string
  /**
   * The local gateway (`http://host:port`): `/api/v1/*` on every site host goes there, as the
   * sites distribution routes it to API Gateway, so a page's API calls are same-origin.
   */
  apiOrigin?: string
  /** The origin secret the API checks before it believes `X-Viewer-Address`. */
  originSecret?: string
  /**
   * The host map's stamp file (the stack's `HOSTMAP_STAMP_FILE`, written by every bucket host map
   * of functions/src/platform/services/host-map.ts): with one, the edge keeps the map in memory and drops it whenever the
   * stamp changes; without one (or with `cacheHostMap: false`, the benchmark's baseline) it reads
   * the map from the bucket on every request.
   */
  hostMapStamp?: string
  cacheHostMap?: boolean
  /**
   * The access log, as CloudFront's standard logging writes it (functions/src/billing/access-log.ts):
   * for every page document it serves from the bucket (an HTML answer) the edge adds a line, after
   * answering, to a gzipped log object under `cloudfront/sites/` of `bucket` (one per batch) and
   * hands its key to `deliver` — what S3's notification does for the log Lambda on AWS
   * (functions/src/billing/page-views.ts). Files are not logged: they never count. Its times are
   * `now`'s: the stack's platform clock (functions/src/platform), which the handlers read too.
   */
  accessLog?: {
    bucket: string
    deliver: (bucket: string, key: string) => Promise<unknown>
    now: () => number
  }
  log?: (line: string) => void
}

/** The log object's key, as CloudFront names its files: `<prefix><distribution>.<yyyy-mm-dd-hh>.<unique>.gz`. */
const logObjectKey = (at: number) =>
  `cloudfront/sites/LOCAL.${new Date(at).toISOString().slice(0, 13).replace('T', '-')}.${randomUUID()}.gz`

/** The viewer's address as CloudFront logs it (`c-ip`): the socket's, without the IPv4-mapped prefix. */
const viewerAddress = (req: IncomingMessage) => req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? ''

/**
 * The host map as the edge reads it: answers (found or not) kept in memory for as long as the
 * stamp file holds the content it held when they were read. Each lookup reads the stamp first, so
 * a flip that returned before a request arrived (a site made private, a new release) is what
 * that request sees; an answer read while a flip was under way is not kept. At most `maxEntries`
 * hosts are kept (unknown Host headers must not grow it without bound).
 */
export const cachedHostMap = (map: Pick<HostMap, 'get'>, stampFile: string, maxEntries = 10_000) => {
  let stamp = readHostMapStamp(stampFile)
  const entries = new Map<string, HostTarget | undefined>()
  const current = () => {
    const now = readHostMapStamp(stampFile)
    if (now !== stamp) {
      entries.clear()
      stamp = now
    }
    return now
  }
  return {
    async get(host: string): Promise<HostTarget | undefined> {
      const key = normaliseHost(host)
      const seen = current()
      if (entries.has(key)) return entries.get(key)
      const found = await map.get(key)
      if (current() === seen) {
        if (entries.size >= maxEntries) entries.clear()
        entries.set(key, found)
      }
      return found
    },
  }
}

/**
 * s3rver rewrites an object in place, so a read that meets a rewrite of the host map (a publish
 * flipping it) can be cut off or see half a JSON document; S3 replaces objects atomically. Such a
 * read is simply tried again, as often as CloudFront would retry an origin.
 */
const withRetries = async <T>(read: () => Promise<T>, attempts = 3): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read()
    } catch (error) {
      if (attempt >= attempts) throw error
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt))
    }
  }
}

interface ReleaseObject {
  object: { ContentType?: string | undefined; CacheControl?: string | undefined; ETag?: string | undefined }
  body: Buffer
  gzipped?: Buffer
  brotli?: Buffer
}

/**
 * The objects of published releases, kept in memory as CloudFront's edge caches keep them. Only
 * release files are looked up through it (keys under `sites/<siteId>/<releaseId>/`, written once
 * before any host points at them and never rewritten), so a hit is never stale; the host map
 * is checked on every request (`cachedHostMap`), so a site that stops being served stops at once.
 * Least recently used objects leave first once the cache passes its size.
 */
const releaseCache = (maxBytes = 64 * 1024 * 1024, maxObjectBytes = 4 * 1024 * 1024) => {
  const entries = new Map<string, ReleaseObject>()
  let bytes = 0
  return {
    get(key: string) {
      const entry = entries.get(key)
      if (entry) {
        entries.delete(key)
        entries.set(key, entry)
      }
      return entry
    },
    keep(key: string, entry: ReleaseObject) {
      if (entry.body.length > maxObjectBytes) return entry
      entries.set(key, entry)
      bytes += entry.body.length
      for (const [oldest, old] of entries) {
        if (bytes <= maxBytes) break
        entries.delete(oldest)
        bytes -= old.body.length
      }
      return entry
    },
  }
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * The release a visitor is served from (issue 34), as the host-router function picks it: the
 * target's own, or while an experiment runs the arm of the visitor's `sl_ab` key. A visitor
 * without a well-formed key gets a new one, set as the cookie with this answer (the
 * variant-cookie function's part on AWS).
 */
const servedPrefix = (target: HostTarget, req: IncomingMessage, res: ServerResponse): string => {
  const experiment = target.experiment
  if (!experiment) return target.prefix
  let key = visitorKeyOf(req.headers.cookie)
  if (!key) {
    key = randomBytes(16).toString('base64url')
    res.setHeader('set-cookie', visitorKeyCookie(key, false))
  }
  const arm = assignArm(
    experiment.id,
    key,
    experiment.arms.map((a) => a.weight),
    sha256Hex,
  )
  return experiment.arms[arm]?.prefix ?? target.prefix
}

/**
 * The object a request on a site's own host is served from: the path's, or — for a swipe page whose
 * UTM value has a message-match rule of the live release (issue 34 part 5) — that cell's start page,
 * as the host-router function rewrites it.
 */
const pageKey = (target: HostTarget, prefix: string, path: string): string | undefined => {
  const key = objectKeyFor(prefix, path)
  const [pathname = '/', query = ''] = path.split('?')
  const cell = key && SWIPE_PAGE_PATH.test(pathname) ? matchedCell(query, target.matches) : undefined
  return key && cell ? startPagePath(key, cell) : key
}

/**
 * What CloudFront's API origins add to every request (infra/lib/sites.ts): the viewer's address,
 * from the socket, and the origin secret that lets the API believe it. Whatever the client sent
 * under these names is dropped first, so neither can be forged through the edge.
 */
export const edgeHeaders = (req: IncomingMessage, originSecret: string | undefined) => {
  const {
    host: _host,
    [VIEWER_ADDRESS_HEADER]: _viewer,
    [ORIGIN_VERIFY_HEADER]: _verify,
    ...headers
  } = req.headers
  const address = viewerAddress(req)
  return {
    ...headers,
    ...(address ? { [VIEWER_ADDRESS_HEADER]: `${address}:${req.socket.remotePort ?? 0}` } : {}),
    ...(originSecret ? { [ORIGIN_VERIFY_HEADER]: originSecret } : {}),
  }
}

/** Forwards a request to the API as CloudFront does (`edgeHeaders`, Host replaced) and streams the answer back. */
const proxy = (origin: string, req: IncomingMessage, res: ServerResponse, originSecret?: string) =>
  new Promise<void>((resolve, reject) => {
    const target = new URL(req.url ?? '/', origin)
    const upstream = request(
      target,
      { method: req.method ?? 'GET', headers: { ...edgeHeaders(req, originSecret), host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
        answer.on('end', resolve)
        answer.on('error', reject)
      },
    )
    upstream.on('error', reject)
    req.pipe(upstream)
  })

/**
 * The local stand-in for CloudFront + the host-routing function: looks the Host header up in the
 * host map and serves the object of the mapped release from the sites bucket, with the security
 * headers of the response-headers policy; a host without a published site gets the not-found
 * page; folders (`/`, `/en/`, `/en`) serve their index.html. On a host that is not in the map (the
 * shared sites host), `/sites/{siteId}/…` serves that site's path-form pages.
 */
export const startEdge = async (options: EdgeOptions): Promise<Running> => {
  const s3 = new S3Client({
    endpoint: options.s3Endpoint,
    region: 'ap-northeast-1',
    credentials: localCredentials,
    forcePathStyle: true,
  })
  const stampFile = options.hostMapStamp
  const bucketMap = bucketHostMap(s3, options.sitesBucket)
  const hosts = stampFile && options.cacheHostMap !== false ? cachedHostMap(bucketMap, stampFile) : bucketMap
  const releaseObjects = releaseCache()
  // Presigned URLs of members-only media are https on AWS; the local S3 emulator is plain http,
  // so served pages admit its origin where CloudFront's admit https.
  const s3Origin = new URL(options.s3Endpoint).origin
  const pageHeaders = {
    ...SITE_SECURITY_HEADERS,
    'content-security-policy': SITE_SECURITY_HEADERS['content-security-policy']
      .replace("img-src 'self' data: https:", `img-src 'self' data: https: ${s3Origin}`)
      .replace("media-src 'self' https:", `media-src 'self' https: ${s3Origin}`),
  }
  /**
   * The access log (`EdgeOptions.accessLog`), written as CloudFront does: after the answer, in
   * batches — the lines of the requests served while the previous file was being written and
   * counted make the next file — so a page load never waits for it and a burst of loads makes a few
   * files, not one per page. Files are written and delivered one at a time, in the order the pages
   * were served. Never fails a page: a file that cannot be written is logged and dropped.
   */
  const pendingLines: string[] = []
  let draining: Promise<void> | undefined
  const LINES_PER_FILE = 1000
  const drainLog = async () => {
    const accessLog = options.accessLog
    while (accessLog && pendingLines.length) {
      const lines = pendingLines.splice(0, LINES_PER_FILE)
      const key = logObjectKey(accessLog.now())
      try {
        await s3.send(
          new PutObjectCommand({
            Bucket: accessLog.bucket,
            Key: key,
            Body: gzipSync(`${ACCESS_LOG_HEADER}${lines.join('\n')}\n`),
            ContentType: 'application/gzip',
          }),
        )
        await accessLog.deliver(accessLog.bucket, key)
      } catch (error) {
        options.log?.(`edge: access log: ${String(error)}`)
      }
    }
  }
  const logRequest = (req: IncomingMessage, status: number, contentType: string, bytes: number) => {
    const accessLog = options.accessLog
    if (!accessLog) return
    const purpose = req.headers['sec-purpose'] ?? req.headers.purpose
    pendingLines.push(
      accessLogLine({
        at: accessLog.now(),
        address: viewerAddress(req),
        method: req.method ?? 'GET',
        host: (req.headers.host ?? '').toLowerCase().replace(/:\d+$/, ''),
        path: (req.url ?? '/').split('?')[0] ?? '/',
        status,
        userAgent: String(req.headers['user-agent'] ?? ''),
        contentType,
        purpose: String(purpose ?? ''),
        bytes,
        requestId: randomUUID(),
      }),
    )
    draining ??= drainLog().finally(() => {
      draining = undefined
    })
  }
  const notFound = (res: ServerResponse) => {
    res.writeHead(404, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      ...SITE_SECURITY_HEADERS,
    })
    res.end(SITE_NOT_FOUND_PAGE)
  }
  const server = createServer(async (req, res) => {
    try {
      if (options.apiOrigin && (req.url ?? '').startsWith(`${API_BASE_PATH}/`)) {
        await proxy(options.apiOrigin, req, res, options.originSecret)
        return
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD', ...SITE_SECURITY_HEADERS })
        res.end()
        return
      }
      const found = await withRetries(async () => {
        const path = req.url ?? '/'
        const target = await hosts.get(req.headers.host ?? '')
        const pathForm = target ? undefined : pathFormOf(path)
        const shared = pathForm && (await hosts.get(pathFormKey(pathForm.siteId)))
        const key = target
          ? pageKey(target, servedPrefix(target, req, res), path)
          : shared && pathFormObjectKeyFor(servedPrefix(shared, req, res), pathForm.rest)
        if (!key) return undefined
        const cached = releaseObjects.get(key)
        if (cached) return cached
        try {
          const object = await s3.send(new GetObjectCommand({ Bucket: options.sitesBucket, Key: key }))
          const body = Buffer.from((await object.Body?.transformToByteArray()) ?? new Uint8Array())
          return releaseObjects.keep(key, {
            object: { ContentType: object.ContentType, CacheControl: object.CacheControl, ETag: object.ETag },
            body,
          })
        } catch (error) {
          if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey')
            return undefined
          throw error
        }
      })
      if (!found) return notFound(res)
      const { object } = found
      const contentType = object.ContentType ?? 'application/octet-stream'
      // CloudFront compresses text responses for clients that accept it; so does the local edge.
      const encoding = COMPRESSIBLE.test(contentType)
        ? encodingFor(req.headers['accept-encoding'])
        : undefined
      const body = encoding ? compressed(found, encoding) : found.body
      res.writeHead(200, {
        'content-type': contentType,
        'content-length': String(body.length),
        'cache-control': object.CacheControl ?? 'no-cache',
        ...(object.ETag ? { etag: object.ETag } : {}),
        ...(encoding ? { 'content-encoding': encoding } : {}),
        vary: 'accept-encoding',
        ...pageHeaders,
      })
      res.end(req.method === 'HEAD' ? undefined : body)
      if (contentType.startsWith('text/html')) logRequest(req, 200, contentType, body.length)
    } catch (error) {
      options.log?.(`edge: ${String(error)}`)
      if (res.headersSent) {
        res.destroy()
        return
      }
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
          // The lines of the last pages served are written and counted before the edge stops.
          void (draining ?? Promise.resolve()).finally(() => {
            s3.destroy()
            resolve()
          })
        })
      }),
  }
}
