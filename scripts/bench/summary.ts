/**
 * `npm run bench:summary`: the master's summary against the site list, with many tenants.
 * Starts the local stack on free ports (in-memory DynamoDB, temporary folders), creates
 * BENCH_ACCOUNTS accounts through the API (default 500: a tenth OEMs, the rest their direct users,
 * exactly as the console creates them), then measures `GET /summary` and `GET /site` as MASTER at
 * c=1 and c=10, rounds alternating, and prints p50/p99 (median of the rounds) and the ratio.
 * Target (issue 14): the summary's p99 at c=10 within 2× of the site list's.
 */
import { startTestStack } from '../../test/support/stack.ts'
import { fmt, median, runLoad } from './load.ts'

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 500)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const REQUESTS = { 1: 40, 10: 200 } as const

const stack = await startTestStack({ admin: false })
try {
  Object.assign(process.env, stack.env)
  const api = stack.urls.api.replace('localhost', '127.0.0.1')
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
          email: `bench-${type.toLowerCase()}-${i}@example.com`,
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
  process.stdout.write(`created ${ACCOUNTS} accounts in ${fmt((Date.now() - started) / 1000)} s\n`)

  const headers = { authorization: `Bearer ${token}` }
  const summaryOnce = (await (await fetch(`${api}/summary`, { headers })).json()) as {
    users: { total: number }
    sites: { total: number }
  }
  process.stdout.write(`summary: ${summaryOnce.users.total} users, ${summaryOnce.sites.total} sites\n`)

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
  process.stdout.write(`\n${ACCOUNTS} accounts, median of ${ROUNDS} rounds (ms)\n`)
  process.stdout.write('| request | p50 | p99 |\n| --- | --- | --- |\n')
  for (const [key, f] of Object.entries(figures))
    process.stdout.write(`| GET ${key} | ${fmt(median(f.p50))} | ${fmt(median(f.p99))} |\n`)
  for (const c of [1, 10]) {
    const ratio = median(figures[`/summary c=${c}`]!.p99) / median(figures[`/site c=${c}`]!.p99)
    process.stdout.write(
      `p99 ratio summary / site at c=${c}: ${fmt(ratio, 2)}×${c === 10 ? ' (target ≤ 2)' : ''}\n`,
    )
  }
} finally {
  await stack.stop()
}
