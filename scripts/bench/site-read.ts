import { creatorToken } from '../../test/support/accounts.ts'
import { api } from '../../test/support/api.ts'
import { createGridSite, gridSiteCreatives } from '../../test/support/sites.ts'
import { runOnOwnStack, runsAsScript, type StackBenchContext } from './context.ts'
import { benchSiteSize } from './grid-site.ts'
import { fmt, median } from './load.ts'

/**
 * `npm run bench:read`: what reading every stored item through the site model costs
 * (docs/decisions/0004-site-model.md). On the largest site a plan allows
 * (10 × 10 cells in four languages: 400 creatives, test/support/sites.ts), in one run of a local
 * stack on free ports, interleaved round by round so both sides share the machine's load:
 *
 * - the plain ElectroDB query of the site's partition (the baseline) against `loadSiteItems`,
 *   the same query with every item migrated and parsed by the model;
 * - `readSiteItems` alone on items already fetched (the model's CPU cost without DynamoDB);
 * - `GET /api/v1/site/{id}` through the local gateway (the editor's whole load, for scale).
 *
 * Prints medians and p95 of BENCH_ROUNDS rounds (default 30, at most 100, and no longer than
 * BENCH_SECONDS, default 180 s, of measuring). A measurement, not a test.
 * Quick mode (`npm test`, docs/decisions/0075-bench-quick-modes.md): a 2 × 2 site in one language,
 * 1 round, no warm-up.
 */

/** Nearest-rank percentile. */
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

const timed = async (work: () => Promise<unknown> | unknown) => {
  const started = performance.now()
  await work()
  return performance.now() - started
}

export interface SiteReadFigures {
  items: number
  creatives: number
  rounds: number
  /** Median and p95 (ms) per read. */
  rows: { read: string; median: number; p95: number }[]
  modelOverPlain: number
  microsecondsPerItem: number
  modelSharePercent: number
}

export const benchSiteRead = async ({ stack, quick, print }: StackBenchContext): Promise<SiteReadFigures> => {
  const ROUNDS = quick ? 1 : Math.min(Math.max(Number(process.env.BENCH_ROUNDS ?? 30), 1), 100)
  const BUDGET_MS = Math.min(Number(process.env.BENCH_SECONDS ?? 180), 600) * 1000
  const WARM_UP = quick ? 0 : 3
  const size = benchSiteSize(quick)
  const http = api(stack.urls.api.replace('localhost', '127.0.0.1'))
  const { loadSiteItems, readSiteItems, sitesService } = await import('../../functions/src/data/sites.ts')

  const token = await creatorToken(http, 'pro_multi')
  // The editor's load presigns every media key; no bytes are needed for that.
  const { siteId, version, keys } = await createGridSite(http, token, 'ベンチ', size)
  const saved = await http.call('PUT', `/site/${siteId}`, {
    token,
    body: {
      version,
      global_setting: {
        id: siteId,
        name: 'ベンチ',
        number_horizontal: size.columns,
        number_vertical: size.rows,
        default_language: 'JP',
        languages: [...size.languages],
        popup_ctas: [],
      },
      creatives: gridSiteCreatives(size, keys, 'bench'),
    },
  })
  if (saved.status !== 200)
    throw new Error(`save: ${saved.status} ${JSON.stringify(saved.body).slice(0, 300)}`)

  const raw = () => sitesService.collections.siteItems({ siteId }).go({ pages: 'all' })
  const fetched = (await raw()).data
  const items =
    fetched.sites.length + fetched.creatives.length + fetched.menus.length + fetched.settings.length
  const model = await loadSiteItems(siteId)
  if (model.creatives.length !== fetched.creatives.length) throw new Error('the model read lost creatives')
  const get = async () => {
    const answer = await http.get(`/site/${siteId}`, { token })
    if (answer.status !== 200) throw new Error(`GET /site/{id}: ${answer.status}`)
  }

  const runs = { raw: [] as number[], model: [] as number[], parse: [] as number[], get: [] as number[] }
  for (let i = 0; i < WARM_UP; i++) {
    await raw()
    await loadSiteItems(siteId)
    readSiteItems(fetched)
    await get()
  }
  const started = performance.now()
  let rounds = 0
  while (rounds < ROUNDS && performance.now() - started < BUDGET_MS) {
    // Alternate which side goes first, so neither always follows the other's garbage.
    if (rounds % 2 === 0) {
      runs.raw.push(await timed(raw))
      runs.model.push(await timed(() => loadSiteItems(siteId)))
    } else {
      runs.model.push(await timed(() => loadSiteItems(siteId)))
      runs.raw.push(await timed(raw))
    }
    runs.parse.push(await timed(() => readSiteItems(fetched)))
    runs.get.push(await timed(get))
    rounds++
  }

  const rows = [
    { read: 'plain ElectroDB query (baseline)', values: runs.raw },
    { read: 'loadSiteItems (query + migrate + parse)', values: runs.model },
    { read: 'readSiteItems alone (migrate + parse)', values: runs.parse },
    { read: 'GET /api/v1/site/{id} through the gateway', values: runs.get },
  ].map(({ read, values }) => ({ read, median: median(values), p95: percentile(values, 95) }))
  print(
    `\nsite read of the ${quick ? '2 × 2 site' : 'largest site'} (${items} items: ${fetched.creatives.length} creatives), ${rounds} rounds\n`,
  )
  for (const row of rows)
    print(
      `${row.read.padEnd(52)} median ${fmt(row.median, 1).padStart(7)} ms   p95 ${fmt(row.p95, 1).padStart(7)} ms\n`,
    )
  const ratio = median(runs.model) / median(runs.raw)
  const perItem = (median(runs.parse) * 1000) / items
  const share = (100 * median(runs.parse)) / median(runs.get)
  print(`ratio loadSiteItems / plain query (medians): ${fmt(ratio, 2)}×\n`)
  print(`model cost per item (readSiteItems median / items): ${fmt(perItem, 1)} µs\n`)
  print(`model share of the editor's load (readSiteItems / GET medians): ${fmt(share, 0)} %\n`)
  return {
    items,
    creatives: fetched.creatives.length,
    rounds,
    rows,
    modelOverPlain: ratio,
    microsecondsPerItem: perItem,
    modelSharePercent: share,
  }
}

if (runsAsScript(import.meta.url)) await runOnOwnStack(benchSiteRead)
