/**
 * `npm run bench:summary`: the master's summary against the site list, with many tenants.
 * Starts the local stack on free ports (in-memory DynamoDB, temporary folders), creates
 * BENCH_ACCOUNTS accounts through the API (default 500: a tenth OEMs, the rest their direct users,
 * exactly as the console creates them), then measures `GET /summary` and `GET /site` as MASTER at
 * c=1 and c=10, rounds alternating, and prints p50/p99 (median of the rounds) and the ratio.
 * Target (issue 14): the summary's p99 at c=10 within 2× of the site list's.
 * Quick mode (`npm test`, docs/decisions/0075-bench-quick-modes.md): 2 accounts, 1 round, a few requests.
 */
import { randomUUID } from 'node:crypto'
import { runOnOwnStack, runsAsScript, type StackBenchContext } from './context.ts'
import { fmt, median, runLoad } from './load.ts'

export interface SummaryFigures {
  accounts: number
  rounds: number
  summary: { users: number; sites: number }
  /** p50 and p99 (ms, median of the rounds) per request and concurrency. */
  rows: { request: string; p50: number; p99: number }[]
  /** p99 ratio summary / site list per concurrency. */
  ratios: Record<'1' | '10', number>
}

export const benchSummary = async ({ stack, quick, print }: StackBenchContext): Promise<SummaryFigures> => {
  const ACCOUNTS = quick ? 2 : Number(process.env.BENCH_ACCOUNTS ?? 500)
  const ROUNDS = quick ? 1 : Number(process.env.BENCH_ROUNDS ?? 5)
  const REQUESTS = quick ? ({ 1: 4, 10: 10 } as const) : ({ 1: 40, 10: 200 } as const)
  const api = stack.urls.api.replace('localhost', '127.0.0.1')
  // The accounts' emails are this run's own (the quick mode shares a stack with other tests).
  const run = randomUUID().slice(0, 8)
  const post = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
    const json = (await response.json()) as Record<string, unknown>
    if (response.status >= 300) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(json)}`)
    return json
  }
  const token = (await post('/auth/login', { login_id: 'master@example.com', password: 'Master#Local1' }))
    .access_token as string

  const oems = Math.max(1, Math.round(ACCOUNTS / 10))
  const started = Date.now()
  const oemIds: string[] = []
  const create = async (i: number, type: 'OEM_MASTER' | 'USER', parentId?: string) =>
    (
      await post(
        '/users',
        {
          account_type: type,
          ...(parentId ? { parent_id: parentId } : {}),
          email: `bench-${run}-${type.toLowerCase()}-${i}@example.com`,
          company_name: `Bench ${i}`,
          contact_name: `Bench ${i}`,
        },
        token,
      )
    ).id as string
  const inBatches = async (n: number, each: (i: number) => Promise<void>) => {
    for (let i = 0; i < n; i += 8)
      await Promise.all(Array.from({ length: Math.min(8, n - i) }, (_, j) => each(i + j)))
  }
  await inBatches(oems, async (i) => {
    oemIds.push(await create(i, 'OEM_MASTER'))
  })
  await inBatches(ACCOUNTS - oems, (i) => create(i, 'USER', oemIds[i % oemIds.length]).then(() => undefined))
  print(`created ${ACCOUNTS} accounts in ${fmt((Date.now() - started) / 1000)} s\n`)

  const headers = { authorization: `Bearer ${token}` }
  const summaryOnce = (await (await fetch(`${api}/summary`, { headers })).json()) as {
    users: { total: number }
    sites: { total: number }
  }
  print(`summary: ${summaryOnce.users.total} users, ${summaryOnce.sites.total} sites\n`)

  const figures: Record<string, { p50: number[]; p99: number[] }> = {}
  for (let round = 1; round <= ROUNDS; round++) {
    for (const concurrency of [1, 10] as const) {
      for (const path of ['/summary', '/site']) {
        const result = await runLoad({
          requests: [{ url: `${api}${path}`, headers }],
          concurrency,
          count: REQUESTS[concurrency],
          maxMs: 30_000,
        })
        if (Object.keys(result.statuses).some((s) => s !== '200'))
          throw new Error(`${path}: ${JSON.stringify(result.statuses)}`)
        const key = `${path} c=${concurrency}`
        figures[key] ??= { p50: [], p99: [] }
        figures[key].p50.push(result.p50)
        figures[key].p99.push(result.p99)
      }
    }
  }
  print(`\n${ACCOUNTS} accounts, median of ${ROUNDS} rounds (ms)\n`)
  print('| request | p50 | p99 |\n| --- | --- | --- |\n')
  const rows = Object.entries(figures).map(([key, f]) => ({
    request: `GET ${key}`,
    p50: median(f.p50),
    p99: median(f.p99),
  }))
  for (const row of rows) print(`| ${row.request} | ${fmt(row.p50)} | ${fmt(row.p99)} |\n`)
  const ratios = { '1': 0, '10': 0 }
  for (const c of [1, 10] as const) {
    const ratio = median(figures[`/summary c=${c}`]!.p99) / median(figures[`/site c=${c}`]!.p99)
    ratios[c] = ratio
    print(`p99 ratio summary / site at c=${c}: ${fmt(ratio, 2)}×${c === 10 ? ' (target ≤ 2)' : ''}\n`)
  }
  return {
    accounts: ACCOUNTS,
    rounds: ROUNDS,
    summary: { users: summaryOnce.users.total, sites: summaryOnce.sites.total },
    rows,
    ratios,
  }
}

if (runsAsScript(import.meta.url)) await runOnOwnStack(benchSummary)
