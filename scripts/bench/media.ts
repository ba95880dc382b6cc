import lighthouse from 'lighthouse'
import { lighthouseVersion, startChromium } from './chromium.ts'
import { runOnOwnStack, runsAsScript, type StackBenchContext } from './context.ts'

/**
 * `npm run bench:media` (issue 22): the demo site's first page before and after web renditions, in
 * the same run, on one local stack (free ports, stopped afterwards), measured as `bench:site` does
 * (Lighthouse mobile preset — simulated slow 4G, 4× CPU — in the system Chromium, median of RUNS,
 * default 5). "Before": the demo published with its originals, as every site was before this
 * change (its rendition records set aside, then the site republished). "After": the same site
 * republished with its renditions. For each it prints LCP, the performance score, the bytes of the
 * first creative (the A1 image the page downloads, whichever format and width the browser chose)
 * and the image bytes of the first screen (every image requested before the load event; the
 * island warms the neighbours only after it), both counting a first creative the page carries
 * inside (`inThePageKb`, web-site inline.ts). A measurement, not a test.
 * Quick mode (`npm test`, docs/decisions/0075-bench-quick-modes.md): one Lighthouse run each.
 */

type Row = {
  lcpMs: number
  performance: number
  firstCreativeKb: number
  firstScreenImageKb: number
  inThePageKb: number
}

export interface MediaFigures {
  url: string
  runs: number
  /** Media of the demo site with renditions, of all its media. */
  ready: number
  media: number
  before: Row
  after: Row
}

export const benchMedia = async ({ stack, demo, quick, print }: StackBenchContext): Promise<MediaFigures> => {
  const runs = quick ? 1 : Number(process.env.RUNS ?? 5)
  const { url, siteId } = demo

  // The stack's modules read the environment it set: imported now.
  const { MediaRenditions } = await import('../../functions/src/data/media-renditions.ts')
  const { publishSite } = await import('../../functions/src/publishing/publish.ts')
  const records = (await MediaRenditions.query.byKey({ siteId }).go({ pages: 'all' })).data
  const ready = records.filter((r) => r.state === 'ready')
  print(`Demo site ${siteId}: ${ready.length} of ${records.length} media with renditions\n`)

  /** Publishes the demo with (`true`) or without its renditions. */
  const publishWith = async (renditions: boolean) => {
    for (const record of ready)
      await MediaRenditions.patch({ siteId, key: record.key })
        .set(renditions ? { state: 'ready' } : { state: 'failed', code: 'media.failed' })
        .go()
    await publishSite(siteId)
  }

  /**
   * The page's own HTML through the edge (by Host): the first creative's candidate URLs, and the
   * bytes of a picture the page carries inside (a `data:` source, web-site inline.ts).
   */
  const firstCreative = async (): Promise<{ urls: Set<string>; inPageBytes: number }> => {
    const { request } = await import('node:http')
    const page = new URL(url)
    const edge = new URL(stack.urls.edge)
    const html = await new Promise<string>((resolve, reject) => {
      const req = request(
        { hostname: edge.hostname, port: edge.port, path: page.pathname, headers: { host: page.host } },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
        },
      )
      req.on('error', reject)
      req.end()
    })
    const start = html.indexOf('id="A1"')
    const cell = html.slice(start, html.indexOf('</div>', start))
    const found = new Set<string>()
    let inPageBytes = 0
    for (const [, value] of cell.matchAll(/(?:src|srcSet|srcset)="([^"]+)"/g)) {
      const inline = /^data:image\/avif;base64,([^ ]+)/.exec(value!)
      if (inline) inPageBytes = Buffer.from(inline[1]!, 'base64').length
      else
        for (const entry of value!.split(','))
          if (entry.trim().startsWith('/')) found.add(new URL(entry.trim().split(' ')[0]!, url).href)
    }
    return { urls: found, inPageBytes }
  }

  const chrome = await startChromium()
  const { port } = chrome
  const measure = async (): Promise<Row> => {
    const { urls: first, inPageBytes } = await firstCreative()
    // A first creative inside the page counts with the images (a browser with AVIF fetches no other).
    const inThePageKb = Math.round(inPageBytes / 102.4) / 10
    const rows: Row[] = []
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // Each run from an empty cache, as a first visit.
        disableStorageReset: false,
      })
      const lhr = result?.lhr
      if (!lhr) throw new Error('Lighthouse returned no result')
      const requests =
        (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] })?.items ?? []
      const metrics = (lhr.audits.metrics?.details as { items?: Record<string, number>[] })?.items?.[0] ?? {}
      const loadAt = metrics.observedLoad ?? Number.POSITIVE_INFINITY
      const images = requests.filter(
        (r) => r.resourceType === 'Image' && typeof r.url === 'string' && !String(r.url).startsWith('data:'),
      )
      const kb = (items: Record<string, unknown>[]) =>
        Math.round(items.reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0) / 102.4) / 10
      rows.push({
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        firstCreativeKb:
          Math.round((kb(images.filter((r) => first.has(String(r.url)))) + inThePageKb) * 10) / 10,
        firstScreenImageKb:
          Math.round(
            (kb(images.filter((r) => Number(r.networkRequestTime ?? 0) <= loadAt)) + inThePageKb) * 10,
          ) / 10,
        inThePageKb,
      })
    }
    const median = (key: keyof Row) => {
      const sorted = rows.map((r) => r[key]).sort((a, b) => a - b)
      return sorted[Math.floor(sorted.length / 2)]!
    }
    return {
      lcpMs: median('lcpMs'),
      performance: median('performance'),
      firstCreativeKb: median('firstCreativeKb'),
      firstScreenImageKb: median('firstScreenImageKb'),
      inThePageKb,
    }
  }

  // The demo's renditions come back even when a measurement fails (a test's stack is shared).
  let setAside = false
  try {
    setAside = true
    await publishWith(false)
    const before = await measure()
    await publishWith(true)
    setAside = false
    const after = await measure()
    print(`Lighthouse ${lighthouseVersion()}, mobile preset, ${runs} run(s) each, median; ${url}\n`)
    print('                      before (originals)   after (renditions)\n')
    for (const key of [
      'lcpMs',
      'performance',
      'firstCreativeKb',
      'firstScreenImageKb',
      'inThePageKb',
    ] as const)
      print(`  ${key.padEnd(20)}${String(before[key]).padStart(18)}${String(after[key]).padStart(21)}\n`)
    return { url, runs, ready: ready.length, media: records.length, before, after }
  } finally {
    await chrome.stop()
    if (setAside) await publishWith(true)
  }
}

if (runsAsScript(import.meta.url)) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN'
  console.info('Starting a local stack and seeding the demo site (its media get renditions)…')
  await runOnOwnStack(benchMedia)
}
