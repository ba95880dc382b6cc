/**
 * `npm run bench:edge`: the local site edge's throughput on one published file against a bare
 * Node server answering the same bytes from memory, in the same run. Starts the local stack on
 * free ports (the seed publishes the demo site), a second edge on the same bucket that reads the
 * host map from S3 on every request (the edge as it was before the host-map cache) and the bare
 * server; then rounds of BENCH_REQUESTS requests at c=10 from a worker thread, alternating the
 * three, and prints requests/s (median of BENCH_ROUNDS) and the ratios. Target (issue 14): the
 * edge at ≥ 50 % of the bare server.
 * Quick mode (`npm test`, docs/decisions/0075-bench-quick-modes.md): 1 round of 20 requests.
 */
import { createServer, get } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startEdge } from '../../infra/local/edge.ts'
import { runOnOwnStack, runsAsScript, type StackBenchContext } from './context.ts'
import { fmt, median, runLoad } from './load.ts'

export interface EdgeFigures {
  bytes: number
  contentType: string
  rounds: number
  /** Requests per second (median of the rounds) and the share of the bare server's, per server. */
  rows: { server: string; perSecond: number; ofBarePercent: number }[]
}

export const benchEdge = async ({ stack, demo, quick, print }: StackBenchContext): Promise<EdgeFigures> => {
  const ROUNDS = quick ? 1 : Number(process.env.BENCH_ROUNDS ?? 5)
  const REQUESTS = quick ? 20 : Number(process.env.BENCH_REQUESTS ?? 4000)
  const stops: Array<() => Promise<unknown>> = []
  try {
    const host = new URL(demo.url).host
    const edgeUrl = `${stack.urls.edge}/`
    const first = await new Promise<{ status: number; type: string; body: Buffer }>((resolve, reject) =>
      get(edgeUrl, { headers: { host } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type']),
            body: Buffer.concat(chunks),
          }),
        )
      }).on('error', reject),
    )
    if (first.status !== 200) throw new Error(`edge: ${first.status}`)
    const { body, type: contentType } = first

    const bare = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': contentType, 'content-length': String(body.length) })
      res.end(body)
    })
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
    stops.push(() => new Promise((resolve) => bare.close(resolve)))
    const barePort = (bare.address() as AddressInfo).port

    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const uncachedPort = (probe.address() as AddressInfo).port
    await new Promise((resolve) => probe.close(resolve))
    const uncached = await startEdge({
      port: uncachedPort,
      s3Endpoint: stack.urls.s3,
      sitesBucket: stack.env.SITES_BUCKET!,
      cacheHostMap: false,
    })
    stops.push(() => uncached.stop())

    const targets = {
      'bare Node server': `http://127.0.0.1:${barePort}/`,
      'edge, host map cached': edgeUrl,
      'edge, host map read per request (before)': `${uncached.url}/`,
    }
    const rates: Record<string, number[]> = {}
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [name, url] of Object.entries(targets)) {
        const result = await runLoad({
          requests: [{ url, headers: { host } }],
          concurrency: 10,
          count: name.includes('before') ? Math.ceil(REQUESTS / 10) : REQUESTS,
          maxMs: 20_000,
        })
        if (Object.keys(result.statuses).some((s) => s !== '200'))
          throw new Error(`${name}: ${JSON.stringify(result.statuses)}`)
        rates[name] = [...(rates[name] ?? []), result.perSecond]
      }
    }
    const bareRate = median(rates['bare Node server']!)
    print(
      `\n${body.length} bytes (${contentType}), c=10, median of ${ROUNDS} rounds\n| server | requests/s | of bare |\n| --- | --- | --- |\n`,
    )
    const rows = Object.entries(rates).map(([server, values]) => ({
      server,
      perSecond: median(values),
      ofBarePercent: (median(values) / bareRate) * 100,
    }))
    for (const row of rows)
      print(`| ${row.server} | ${fmt(row.perSecond, 0)} | ${fmt(row.ofBarePercent, 1)} % |\n`)
    return { bytes: body.length, contentType, rounds: ROUNDS, rows }
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined)
  }
}

if (runsAsScript(import.meta.url)) await runOnOwnStack(benchEdge)
