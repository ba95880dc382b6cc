import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { EXAMPLE_DESTINATIONS, EXAMPLE_VENDORS } from '@swipe/shared/site/tags-vendors'
import { fixtureSite, realisticSite } from '@swipe/web-site/fixture'
import { SEED_ASSETS, writeRelease } from '../../web-site/scripts/release.ts'
import { serveRelease } from '../../web-site/scripts/serve.ts'
import { lighthouseVersion, startChromium } from './chromium.ts'

/**
 * `npm run bench:site`: Lighthouse (mobile, its default simulated slow 4G and CPU slowdown) in the
 * system Chromium (CHROMIUM_PATH) on the first page of the demo site, as the seed publishes it and
 * the local site edge serves it by Host (a whole local stack on free ports, stopped afterwards).
 * `BENCH_SITE=fixture` measures the renderer's fixture site on a plain static server instead;
 * with `BENCH_TAGS=opt-in` or `BENCH_TAGS=notice-only`, that site with every ad tag vendor on
 * (shared/src/site/tags-vendors.ts; offline, a vendor's host fails at once); `BENCH_TAGS=all` adds
 * every server-side conversion destination (opt-in: they need consent).
 * Prints the figures docs/benchmarks.md quotes; a measurement, not a test. RUNS=n repeats
 * (default 5) and reports the median. `BENCH_URL=<url>` measures a page already served (a running
 * `npm start`); `BENCH_REPORT=<file>` keeps the last run's Lighthouse JSON for a closer look.
 * `BENCH_EXPERIMENT=1` (issue 34) measures the demo site alternately without an experiment and
 * with one running (the live version 1 %, the seeded test variant 99 %: a first visit gets its key
 * and the variant's page from the edge), and prints both medians and their difference.
 * `BENCH_MATCH=1` (issue 34 part 5) measures the demo page alternately plain and opened by an ad's
 * link (`?utm_content=line`, the seeded rule: the edge serves B2's start page); another value is
 * taken as the query.
 * `BENCH_SITE=pair` (issue 35 item 2) publishes, beside the demo, a 10 × 10 site in four languages
 * with distinct texts through the same publisher on the same stack, and measures the two pages
 * alternately: both medians (LCP, TBT, CLS, accessibility…) and their difference, and an empty
 * page in the same rounds (the floor of this machine and Lighthouse's simulation).
 * Lighthouse runs in a thread of its own (./lighthouse-worker.mjs), and each page is loaded once
 * before the measured runs.
 */
const runs = Number(process.env.RUNS ?? 5)

/**
 * `BENCH_SITE=pair` (issue 35 item 2): beside the seeded demo, the largest plan's site as a creator
 * fills it: 10 × 10 creatives in four languages, each with its own texts (the renderer's
 * `realisticSite`), on the seed's nine images uploaded as a creator's (their web renditions made
 * as the media job makes them), stored through the same entities and published through the same
 * publisher as the demo, owned by the demo's owner. Returns its page's URL.
 */
const publishLargeSite = async (demoUrl: string): Promise<string> => {
  const { PutObjectCommand } = await import('@aws-sdk/client-s3')
  const { Creatives, SiteSettings, Sites } = await import('../../functions/src/data/sites.ts')
  const { createSiteInSlot } = await import('../../functions/src/domain/plans.ts')
  const { reencodeSite } = await import('../../functions/src/sites/media.ts')
  const { publishSite } = await import('../../functions/src/publishing/publish.ts')
  const { s3, mediaBucket } = await import('../../functions/src/platform/services/s3.ts')
  const { siteUrl } = await import('../../functions/src/platform/services/urls.ts')
  const { PRODUCT_DEFAULTS } = await import('@swipe/shared/site/model-defaults')
  const demo = (await Sites.query.byUuid({ siteUuid: new URL(demoUrl).hostname.split('.')[0]! }).go()).data[0]
  if (!demo) throw new Error(`No site for ${demoUrl}`)
  const input = realisticSite({ rows: 10, columns: 10 })
  const siteId = randomUUID()
  // One upload per seed image, shared by the creatives that show it (the fixture shows the nine in turn).
  const uploads = new Map<string, string>()
  const uploadOf = async (file: string) => {
    let key = uploads.get(file)
    if (!key) {
      key = `sites/${siteId}/media/${randomUUID()}.jpg`
      await s3.send(
        new PutObjectCommand({
          Bucket: mediaBucket,
          Key: key,
          Body: readFileSync(join(SEED_ASSETS, file)),
          ContentType: 'image/jpeg',
        }),
      )
      uploads.set(file, key)
    }
    return key
  }
  for (const c of input.creatives) {
    const mediaKey = await uploadOf(input.media[c.mediaKey!]!.split('/').pop()!)
    await Creatives.create({
      siteId,
      lang: c.lang,
      position: c.position,
      order: c.order!,
      mediaKey,
      mediaType: 'image',
      imageAlt: c.imageAlt!,
      mainText: c.mainText!,
      linkButtonText: c.linkButtonText!,
      linkDestinationUrl: c.linkDestinationUrl!,
      isInternalLink: false,
      linkTextColor: c.linkTextColor!,
      price: c.price!,
      snsConfig: c.snsConfig!,
      showCompany: c.showCompany!,
      imageLinkPoints: (c.imageLinkPoints ?? []).map((p) => ({ ...p, isInternalLink: false })),
      products: (c.products ?? []).map((p, i) => ({
        ...PRODUCT_DEFAULTS,
        id: `${c.position}-${i}`,
        productName: p.productName,
        imagePath: mediaKey,
        price: p.price,
        description: p.description,
        linkButtonUrl: p.linkButtonUrl,
        linkButtonText: p.linkButtonText,
      })),
    }).go()
  }
  for (const s of input.settings)
    await SiteSettings.create({ siteId, lang: s.lang, seo: s.seo, sns: s.sns ?? [], company: s.company }).go()
  await createSiteInSlot(
    { quantitySite: Number.MAX_SAFE_INTEGER },
    {
      siteId,
      ownerId: demo.ownerId,
      tenantIds: demo.tenantIds,
      siteUuid: randomUUID(),
      name: 'ベンチ 10 × 10 × 4',
      status: 'DRAFT',
      numberHorizontal: 10,
      numberVertical: 10,
      defaultLanguage: 'JP',
      languages: ['JP', 'EN', 'CN', 'KR'],
      displayLanguageIcon: true,
      displayGlobalMenu: false,
    },
  )
  await reencodeSite(siteId)
  await publishSite(siteId, {})
  const site = (await Sites.get({ siteId }).go()).data
  if (!site) throw new Error('The large site was not stored')
  return siteUrl(site)
}

/** The page to measure and how to stop what serves it (`large`: the pair's second page). */
const target = async (): Promise<{ url: string; large?: string; stop: () => Promise<void> }> => {
  if (process.env.BENCH_URL) return { url: process.env.BENCH_URL, stop: async () => {} }
  if (process.env.BENCH_SITE === 'fixture') {
    const input = fixtureSite({ now: new Date().toISOString() })
    const consent = process.env.BENCH_TAGS
    if (consent === 'opt-in' || consent === 'notice-only')
      (input.site as { adTags?: unknown }).adTags = { vendors: EXAMPLE_VENDORS, consent }
    if (consent === 'all')
      (input.site as { adTags?: unknown }).adTags = {
        vendors: EXAMPLE_VENDORS,
        consent: 'opt-in',
        conversions: EXAMPLE_DESTINATIONS,
      }
    const dir = writeRelease(input)
    const { url, server } = await serveRelease(dir)
    return {
      url: `${url}/`,
      stop: async () => {
        server.close()
        rmSync(dir, { recursive: true, force: true })
      },
    }
  }
  const pair = process.env.BENCH_SITE === 'pair'
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'
  // The stack's modules read the environment at load: imported once it is set.
  const { freePorts } = await import('../../infra/local/ports.ts')
  const { startLocalStack } = await import('../../infra/local/stack.ts')
  const dataDir = mkdtempSync(join(tmpdir(), 'swipe-bench-stack-'))
  const stack = await startLocalStack({
    ports: await freePorts(),
    dataDir,
    persist: false,
    admin: false,
    seed: true,
    log: () => {},
  })
  const url = stack.seeded?.url
  if (!url) throw new Error('The seed published no demo site')
  return {
    url,
    ...(pair ? { large: await publishLargeSite(url) } : {}),
    stop: async () => {
      await stack.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

const site = await target()
console.info(`Measuring ${site.url}`)
const chrome = await startChromium()
const { port } = chrome

/**
 * Lighthouse runs in a thread of its own (./lighthouse-worker.mjs), apart from the stack's edge
 * that answers the page: sharing one event loop, the edge's answers waited for Lighthouse's own
 * work during the load, and its simulation counts the origin's median answer time as server latency.
 */
const lighthouseThread = new Worker(new URL('./lighthouse-worker.mjs', import.meta.url))
let lighthouseRuns = 0
type LighthouseResult = Exclude<Awaited<ReturnType<typeof import('lighthouse').default>>, undefined>['lhr']
const runLighthouse = (url: string) =>
  new Promise<LighthouseResult>((resolve, reject) => {
    const id = ++lighthouseRuns
    const answer = (message: { id: number; lhr?: LighthouseResult; error?: string }) => {
      if (message.id !== id) return
      lighthouseThread.off('message', answer)
      lighthouseThread.off('error', died)
      if (message.lhr) resolve(message.lhr)
      else reject(new Error(message.error ?? 'Lighthouse returned no result'))
    }
    // A thread that dies takes its run with it, rather than leaving the benchmark waiting.
    const died = (error: Error) => {
      lighthouseThread.off('message', answer)
      reject(error)
    }
    lighthouseThread.on('message', answer)
    lighthouseThread.once('error', died)
    lighthouseThread.postMessage({ id, url, port })
  })

/** One Lighthouse run of the page: the figures docs/benchmarks.md quotes. */
const measure = async (url = site.url): Promise<Record<string, number>> => {
  const lhr = await runLighthouse(url)
  if (process.env.BENCH_REPORT) writeFileSync(process.env.BENCH_REPORT, JSON.stringify(lhr))
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  // Lighthouse's estimate of the origin's server latency (the median answer time of the page's
  // requests to it), which its simulation adds to every request, and the first HTML as sent.
  const diagnostics = (lhr.audits.diagnostics?.details as { items?: Record<string, number>[] } | undefined)
    ?.items?.[0]
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: audit('cumulative-layout-shift'),
    speedIndexMs: Math.round(audit('speed-index')),
    transferKb: Math.round(audit('total-byte-weight') / 102.4) / 10,
    documentKb: Math.round((diagnostics?.mainDocumentTransferSize ?? Number.NaN) / 102.4) / 10,
    serverMs: Math.round(diagnostics?.maxServerLatency ?? Number.NaN),
  }
}

/** A page of one heading on a loopback server: the floor of what Lighthouse measures here. */
const serveEmptyPage = async () => {
  const html =
    '<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>空</title><meta name="description" content="空のページ"></head><body><h1>空のページ</h1></body></html>'
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' })
    res.end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port: emptyPort } = server.address() as { port: number }
  return { url: `http://127.0.0.1:${emptyPort}/`, server }
}

/**
 * One load of each page before the measured ones, its figures dropped: the first request of a page
 * meets cold caches (the edge's release objects and their gzip, the stack's modules), which a
 * page served for a while never does.
 */
const warmUp = async (...urls: string[]) => {
  for (const url of urls) await runLighthouse(url)
}

const median = (results: readonly Record<string, number>[], key: string) => {
  const sorted = results.map((r) => r[key]!).sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/**
 * `BENCH_EXPERIMENT=1`: starts and stops an experiment on the demo site through the service the
 * API uses (this process runs the stack), between the live version and the seeded test variant.
 */
const experimentSwitch = async () => {
  const { Experiments } = await import('../../functions/src/data/experiments.ts')
  const { Sites } = await import('../../functions/src/data/sites.ts')
  const { createExperiment, endExperiment } = await import('../../functions/src/sites/experiment-service.ts')
  const { latestVersion } = await import('../../functions/src/publishing/versions.ts')
  const siteUuid = new URL(site.url).hostname.split('.')[0]!
  const row = (await Sites.query.byUuid({ siteUuid }).go()).data[0]
  if (!row) throw new Error(`No site for ${site.url}`)
  const seeded = (await Experiments.query.bySite({ siteId: row.siteId }).go()).data.at(-1)
  const live = await latestVersion(row.siteId)
  if (!seeded || !live) throw new Error('The seed made no test variant')
  return {
    start: () =>
      createExperiment(
        row,
        {
          name: 'bench',
          arms: [
            { versionId: live.versionId, weight: 1 },
            { versionId: seeded.arms[1]!.versionId, weight: 99 },
          ],
          goal: { type: 'link' },
          autoPromote: false,
          minDays: 7,
        },
        undefined,
        Date.now(),
      ),
    stop: (experiment: Awaited<ReturnType<typeof createExperiment>>) =>
      endExperiment(experiment, 'stopped', Date.now()),
  }
}

try {
  /** Prints two alternating series' medians side by side, with the difference. */
  const compare = (names: [string, string], a: Record<string, number>[], b: Record<string, number>[]) => {
    console.info(
      `Lighthouse ${lighthouseVersion()}, mobile preset, ${runs} run(s) each, alternating, median:`,
    )
    console.info(
      `  ${'metric'.padEnd(14)} ${names[0].padStart(14)} ${names[1].padStart(14)} ${'difference'.padStart(11)}`,
    )
    for (const key of Object.keys(a[0]!)) {
      const x = median(a, key)
      const y = median(b, key)
      console.info(
        `  ${key.padEnd(14)} ${String(x).padStart(14)} ${String(y).padStart(14)} ${String(Math.round((y - x) * 1000) / 1000).padStart(11)}`,
      )
    }
  }
  if (site.large) {
    // Issue 35 item 2: first paint independent of grid size, the demo and the large site alternating.
    console.info(`  and ${site.large}`)
    const demo: Record<string, number>[] = []
    const large: Record<string, number>[] = []
    // What this machine and Lighthouse's simulation give any page: a page of one heading, served on
    // loopback, measured in the same rounds (the floor the LCP target sits on).
    const empty = await serveEmptyPage()
    const floor: Record<string, number>[] = []
    try {
      await warmUp(site.url, site.large, empty.url)
      for (let i = 0; i < runs; i++) {
        demo.push(await measure())
        large.push(await measure(site.large))
        floor.push(await measure(empty.url))
      }
    } finally {
      empty.server.close()
    }
    compare(['3 × 3 demo', '10 × 10 × 4'], demo, large)
    const lcpFloor = median(floor, 'lcpMs')
    console.info(
      `  an empty page: LCP ${lcpFloor} ms, FCP ${median(floor, 'fcpMs')} ms; the demo ${(median(demo, 'lcpMs') / lcpFloor).toFixed(2)}× and the 10 × 10 × 4 ${(median(large, 'lcpMs') / lcpFloor).toFixed(2)}× its LCP`,
    )
  } else if (process.env.BENCH_EXPERIMENT) {
    const switcher = await experimentSwitch()
    await warmUp(site.url)
    const without: Record<string, number>[] = []
    const withExperiment: Record<string, number>[] = []
    for (let i = 0; i < runs; i++) {
      without.push(await measure())
      const running = await switcher.start()
      withExperiment.push(await measure())
      await switcher.stop(running)
    }
    compare(['no experiment', 'variant page'], without, withExperiment)
  } else if (process.env.BENCH_MATCH) {
    // Message match (issue 34 part 5): the page as an ad with `BENCH_MATCH` as its query opens it
    // (the demo's rule: `utm_content=line` opens on B2), against the plain page, alternating.
    const plain: Record<string, number>[] = []
    const matched: Record<string, number>[] = []
    const query = process.env.BENCH_MATCH === '1' ? 'utm_content=line' : process.env.BENCH_MATCH
    await warmUp(site.url, `${site.url}${site.url.includes('?') ? '&' : '?'}${query}`)
    for (let i = 0; i < runs; i++) {
      plain.push(await measure())
      matched.push(await measure(`${site.url}${site.url.includes('?') ? '&' : '?'}${query}`))
    }
    compare(['plain page', 'start page'], plain, matched)
  } else {
    const results: Record<string, number>[] = []
    if (runs > 1) await warmUp(site.url)
    for (let i = 0; i < runs; i++) results.push(await measure())
    console.info(`Lighthouse ${lighthouseVersion()}, mobile preset, ${runs} run(s), median:`)
    for (const key of Object.keys(results[0]!)) console.info(`  ${key.padEnd(14)} ${median(results, key)}`)
  }
} finally {
  await lighthouseThread.terminate()
  await chrome.stop()
  await site.stop()
}
