import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'
import { createGzip } from 'node:zlib'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.mp4': 'video/mp4',
  '.svg': 'image/svg+xml',
}

/**
 * A static server for a rendered release, as the edge serves it: `/` and `/en/` answer the
 * folder's index.html, text is gzipped (CloudFront, and the local stack's edge, answer Brotli to a
 * browser that accepts it: infra/local/edge.ts `encodingFor`), hashed assets are cached for a year.
 * Development and browser checks only. Port 0 picks a free port.
 */
export const serveRelease = async (dir: string, port = 0): Promise<{ url: string; server: Server }> => {
  const root = normalize(dir)
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!.split('#')[0]!)
    let file = normalize(join(root, path))
    if (!file.startsWith(root + sep) && file !== root) {
      res.writeHead(403).end()
      return
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
    else if (!extname(file)) file = join(file, 'index.html')
    if (!existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream'
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': /\.[0-9a-f]{12}\.(js|json)$/.test(file)
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=0, must-revalidate',
    }
    const gzip = /text|json|svg/.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
    if (gzip) headers['content-encoding'] = 'gzip'
    res.writeHead(200, headers)
    if (req.method === 'HEAD') {
      res.end()
      return
    }
    const stream = createReadStream(file)
    ;(gzip ? stream.pipe(createGzip()) : stream).pipe(res)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const { port: actual } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${actual}`, server }
}
