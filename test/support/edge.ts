import { type IncomingHttpHeaders, request } from 'node:http'

/** An answer of the local site edge. */
export interface EdgeResponse {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
  text: string
}

/**
 * A GET to the local site edge as a browser on `host` would send it. fetch() cannot set Host, so
 * this talks HTTP to the edge directly.
 */
export const edgeGet = (
  edgeUrl: string,
  host: string,
  path: string,
  headers: Record<string, string> = {},
  /** The loopback address to connect from (another visitor's address: 127.0.0.2, …). */
  localAddress?: string,
): Promise<EdgeResponse> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(edgeUrl)
    const options = { hostname, port, path, method: 'GET', headers: { host, ...headers }, localAddress }
    const req = request(options, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const body = Buffer.concat(chunks)
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') })
      })
    })
    req.on('error', reject)
    req.end()
  })

/** A page of a published site through the local edge, by the site's URL. */
export const livePage = (edgeUrl: string, siteUrl: string, path = '/') =>
  edgeGet(edgeUrl, new URL(siteUrl).host, path)
