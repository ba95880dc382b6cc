import { creatorToken } from '../../test/support/accounts.ts'
import { api } from '../../test/support/api.ts'
import { createLargestSite, LARGEST_SITE, largestSiteCreatives } from '../../test/support/sites.ts'
import { startTestStack } from '../../test/support/stack.ts'
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
 */
const ROUNDS = Math.min(Math.max(Number(process.env.BENCH_ROUNDS ?? 30), 1), 100)
const BUDGET_MS = Math.min(Number(process.env.BENCH_SECONDS ?? 180), 600) * 1000
const WARM_UP = 3
const LANGUAGES = LARGEST_SITE.languages

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

const stack = await startTestStack({ admin: false })
try {
  Object.assign(process.env, stack.env)
  const http = api(stack.urls.api.replace('localhost', '127.0.0.1'))
  const { loadSiteItems, readSiteItems, sitesService } = await import('../../functions/src/data/sites.ts')

  const token = await creatorToken(http, 'pro_multi')
  // The editor's load presigns every media key; no bytes are needed for that.
  const { siteId, version, keys } = await createLargestSite(http, token, 'ベンチ')
  const saved = await http.call('PUT', `/site/${siteId}`, {
    token,
    body: {
      version,
      global_setting: {
        id: siteId,
        name: 'ベンチ',
        number_horizontal: 10,
        number_vertical: 10,
        default_language: 'JP',
        languages: [...LANGUAGES],
        popup_ctas: [],
      },
      creatives: largestSiteCreatives(keys, 'bench'),
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

  const row = (label: string, values: number[]) =>
    `${label.padEnd(52)} median ${fmt(median(values), 1).padStart(7)} ms   p95 ${fmt(percentile(values, 95), 1).padStart(7)} ms`
  process.stdout.write(
    `\nsite read of the largest site (${items} items: ${fetched.creatives.length} creatives), ${rounds} rounds\n`,
  )
  process.stdout.write(`${row('plain ElectroDB query (baseline)', runs.raw)}\n`)
  process.stdout.write(`${row('loadSiteItems (query + migrate + parse)', runs.model)}\n`)
  process.stdout.write(`${row('readSiteItems alone (migrate + parse)', runs.parse)}\n`)
  process.stdout.write(`${row('GET /api/v1/site/{id} through the gateway', runs.get)}\n`)
  const ratio = median(runs.model) / median(runs.raw)
  const perItem = (median(runs.parse) * 1000) / items
  process.stdout.write(`ratio loadSiteItems / plain query (medians): ${fmt(ratio, 2)}×\n`)
  process.stdout.write(`model cost per item (readSiteItems median / items): ${fmt(perItem, 1)} µs\n`)
  process.stdout.write(
    `model share of the editor's load (readSiteItems / GET medians): ${fmt((100 * median(runs.parse)) / median(runs.get), 0)} %\n`,
  )
} finally {
  await stack.stop()
}
