/**
 * `npm run bench:analytics`: the analytics reports of the largest grid over a year. Starts the
 * local stack on free ports, creates a 10 × 10 site in four languages as the seeded master (the
 * EP/OEM plan allows it), writes twelve months of counters for it as the collection leaves them
 * (a month roll-up item per cell, language and shard: 12 × 4 × 404 items, every metric set; plus
 * the day items of today), then times each report through the gateway over those twelve months
 * (BENCH_ROUNDS rounds, c=1) and prints p50 and max per report, and the uncounted first round
 * (whose first per-cell read compacts the closed months once). Target (issue 17): ≤ 1 s each.
 * Quick mode (`npm test`, docs/decisions/0075-bench-quick-modes.md): a 2 × 2 site in one language
 * over two months, 1 round.
 */

import { addMonths } from '@swipe/shared/time/calendar'
import { jstDay } from '@swipe/shared/time/jst'
import { runOnOwnStack, runsAsScript, type StackBenchContext, stackNow } from './context.ts'
import { fmt, median } from './load.ts'

export interface AnalyticsFigures {
  items: number
  rounds: number
  /** Per report: p50 and max of the counted rounds, and the uncounted first read (ms). */
  reports: { name: string; p50: number; max: number; first: number }[]
  slowest: number
}

export const benchAnalytics = async ({
  stack,
  quick,
  print,
}: StackBenchContext): Promise<AnalyticsFigures> => {
  const ROUNDS = quick ? 1 : Number(process.env.BENCH_ROUNDS ?? 5)
  const ROWS = quick ? 2 : 10
  const COLUMNS = quick ? 2 : 10
  const LANGUAGES = quick ? (['JP'] as const) : (['JP', 'EN', 'CN', 'KR'] as const)
  const MONTHS = quick ? 2 : 12
  const { SiteStats, STAT_METRICS, statField } = await import('../../functions/src/data/analytics.ts')
  const { STATS_SHARDS } = await import('../../functions/src/analytics/service.ts')
  const { gridCells } = await import('@swipe/shared/site/cells')
  const api = stack.urls.api.replace('localhost', '127.0.0.1')
  const login = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login_id: 'master@example.com', password: 'Master#Local1' }),
  })
  const token = ((await login.json()) as { access_token: string }).access_token
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const created = await fetch(`${api}/site`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: `bench ${ROWS} × ${COLUMNS} × ${LANGUAGES.length}`,
      number_horizontal: ROWS,
      number_vertical: COLUMNS,
      languages: LANGUAGES,
    }),
  })
  const site = (await created.json()) as { global_setting?: { id: string } }
  const siteId = site.global_setting?.id
  if (!siteId) throw new Error(`POST /site: ${created.status} ${JSON.stringify(site)}`)

  // Every metric of every cell (and `*`) of every language, shard and month: the worst case.
  // "Today" is the stack's (its handlers' clock, which tests may have moved ahead).
  const today = jstDay(stackNow(stack))
  const thisMonth = today.slice(0, 7)
  const months = Array.from({ length: MONTHS }, (_, i) => addMonths(thisMonth, i - (MONTHS - 1)))
  const positions = ['*', ...gridCells({ rows: ROWS, columns: COLUMNS })]
  const metrics = (seed: number) =>
    Object.fromEntries(STAT_METRICS.map((metric, i) => [statField(metric), ((seed * 31 + i * 7) % 97) + 1]))
  const items = [...months, today].flatMap((day) =>
    Array.from({ length: STATS_SHARDS }, (_, shard) =>
      LANGUAGES.flatMap((lang) =>
        positions.map((position, i) => ({ siteId, day, shard, lang, position, ...metrics(i + shard) })),
      ),
    ).flat(),
  )
  const started = Date.now()
  for (let i = 0; i < items.length; i += 25 * 8)
    await Promise.all(
      Array.from({ length: 8 }, (_, j) => items.slice(i + j * 25, i + (j + 1) * 25))
        .filter((chunk) => chunk.length)
        .map((chunk) => SiteStats.put(chunk as never).go()),
    )
  print(
    `wrote ${items.length} counter items (${MONTHS} months × ${STATS_SHARDS} shards × ${LANGUAGES.length} languages × ${positions.length} cells, and today) in ${fmt((Date.now() - started) / 1000)} s\n`,
  )

  const from = `${months[0]}-01`
  const period = `from=${from}&to=${today}`
  const reports = [
    ['lp (KPIs + previous year)', `/analysis/site/${siteId}/lp?${period}`],
    ['lp/chart monthly', `/analysis/site/${siteId}/lp/chart?${period}&unit=month`],
    [
      quick ? 'lp/chart daily' : 'lp/chart daily (366 points)',
      `/analysis/site/${siteId}/lp/chart?${period}&unit=day`,
    ],
    [
      quick ? 'pages (4 cells × 1 language)' : 'pages (400 cells × 4 languages)',
      `/analysis/site/${siteId}/pages?${period}`,
    ],
    ['ranking', `/analysis/site/${siteId}/ranking?${period}`],
    ['sources', `/analysis/site/${siteId}/sources?${period}`],
    ['pages CSV', `/analysis/site/${siteId}/pages/export-csv?${period}`],
    ['monthly PDF report', `/analysis/site/${siteId}/report/export-pdf?month=${thisMonth}`],
  ] as const
  const times: Record<string, number[]> = {}
  const first: Record<string, number> = {}
  for (let round = 0; round <= ROUNDS; round++)
    for (const [name, path] of reports) {
      const start = performance.now()
      const response = await fetch(`${api}${path}`, { headers })
      await response.arrayBuffer()
      const ms = performance.now() - start
      if (response.status !== 200) throw new Error(`${name}: ${response.status}`)
      // Round 0 warms the gateway and the Lambda modules up, and its first per-cell read compacts
      // the eleven closed months once: printed, not counted.
      if (round > 0) times[name] = [...(times[name] ?? []), ms]
      else first[name] = ms
    }
  print(`\nreports over ${from} – ${today} (${MONTHS} months), ${ROUNDS} rounds, c=1:\n`)
  let worst = 0
  const rows = reports.map(([name]) => {
    const list = times[name]!
    worst = Math.max(worst, ...list)
    print(`  ${name.padEnd(34)} p50 ${fmt(median(list))} ms   max ${fmt(Math.max(...list))} ms\n`)
    return { name, p50: median(list), max: Math.max(...list), first: first[name]! }
  })
  print(`\nslowest report: ${fmt(worst)} ms (target ≤ 1000 ms)\n`)
  print(`first reads (round 0, uncounted): ${rows.map((r) => `${r.name} ${fmt(r.first)} ms`).join('; ')}\n`)
  return { items: items.length, rounds: ROUNDS, reports: rows, slowest: worst }
}

if (runsAsScript(import.meta.url)) await runOnOwnStack(benchAnalytics)
