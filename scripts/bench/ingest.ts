/**
 * `npm run bench:ingest`: analytics ingest through the local gateway. Starts the local stack on
 * free ports (the seed publishes the demo site), then posts BENCH_POSTS beacons of 10 events each
 * (a visitor's session: views, swipes, dwells, a click on the demo's 3 × 3 grid) at c=10 from a
 * worker thread, as the site edge forwards them (origin secret, one viewer address per 100 posts,
 * so no client meets its per-minute limit), in BENCH_ROUNDS rounds after BENCH_WARMUP POSTs;
 * prints events/s (median) and checks that the day's counters grew by exactly what was sent. Target (issue 14): ≥ 2,000
 * events/s with 10 events per POST. Each POST's 22 counters are 5 table writes (one per cell and
 * the page's `*`, `cellWritesOf`).
 * Quick mode (`npm test`, docs/decisions/0075-bench-quick-modes.md): 10 POSTs, 1 round, no warm-up.
 */
import { randomInt } from 'node:crypto'
import { AnalyticsBody, keysToCamel } from '@swipe/shared'
import { jstDay } from '@swipe/shared/time/jst'
import { runOnOwnStack, runsAsScript, type StackBenchContext, stackNow } from './context.ts'
import { fmt, type LoadRequest, median, runLoad } from './load.ts'

export interface IngestFigures {
  posts: number
  rounds: number
  eventsPerPost: number
  counters: number
  writesPerPost: number
  /** Events per second, each round. */
  rates: number[]
  medianEventsPerSecond: number
  /** POSTs answered 204. */
  accepted: number
  /** Counters that did not grow by exactly what was sent. */
  wrong: number
  /** The stack's day in Japan changed during the run: the counts are of two days. */
  dayChanged: boolean
}

export const benchIngest = async ({
  stack,
  demo,
  quick,
  print,
}: StackBenchContext): Promise<IngestFigures> => {
  const POSTS = quick ? 10 : Number(process.env.BENCH_POSTS ?? 1500)
  const ROUNDS = quick ? 1 : Number(process.env.BENCH_ROUNDS ?? 5)
  /** POSTs sent before measuring (JIT of the gateway and of DynamoDB Local), not in the figures. */
  const WARMUP = quick ? 0 : Number(process.env.BENCH_WARMUP ?? 500)
  // The handler modules read their configuration at load: imported once the stack's env is set.
  const { readDailyStats } = await import('../../functions/src/analytics/service.ts')
  const { cellWritesOf, countersOf } = await import('../../functions/src/analytics/counters.ts')
  const siteId = demo.siteId
  // The day is the stack's (its handlers' clock, which tests may have moved ahead).
  const at = stackNow(stack)
  const session = [
    { event: 'view', position: 'A1' },
    { event: 'dwell', position: 'A1', duration_ms: 1200 },
    { event: 'swipe', from: 'A1', to: 'B1' },
    { event: 'view', position: 'B1' },
    { event: 'dwell', position: 'B1', duration_ms: 800 },
    { event: 'swipe', from: 'B1', to: 'B2' },
    { event: 'view', position: 'B2' },
    { event: 'click', position: 'B2', target: 'link' },
    { event: 'dwell', position: 'B2', duration_ms: 2500 },
    { event: 'swipe', from: 'B2', to: 'C2' },
  ].map((e) => ({ site: siteId, lang: 'ja', at, ...e }))
  const body = JSON.stringify({ events: session })
  const parsed = AnalyticsBody.parse(keysToCamel(JSON.parse(body)))
  const perPost = countersOf(parsed)
  const writesPerPost = cellWritesOf(parsed).length
  const url = `${stack.urls.api.replace('localhost', '127.0.0.1')}/analytics/events`
  // Quick: viewer addresses of this run's own (the stack's rate windows are shared with other tests).
  const base = quick ? randomInt(1, 250) << 16 : 0
  const requests: LoadRequest[] = Array.from({ length: Math.ceil((POSTS * ROUNDS) / 100) }, (_, j) => {
    const i = base + j
    return {
      url,
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        // A phone's browser: robots' requests are not counted.
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
        'x-origin-verify': stack.env.ORIGIN_VERIFY_SECRET!,
        'x-viewer-address': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      },
      body,
    }
  }).flatMap((r) => Array.from({ length: 100 }, () => r))

  if (WARMUP > 0)
    await runLoad({
      requests: Array.from({ length: WARMUP }, (_, i) => ({
        ...requests[0]!,
        headers: { ...requests[0]!.headers, 'x-viewer-address': `10.255.${(i >> 8) & 255}.${i & 255}` },
      })),
      concurrency: 10,
      count: WARMUP,
      maxMs: 60_000,
    })
  const day = jstDay(stackNow(stack))
  const before = await readDailyStats(siteId, day)
  let accepted = 0
  const rates: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const result = await runLoad({
      requests: requests.slice(round * POSTS, (round + 1) * POSTS),
      concurrency: 10,
      count: POSTS,
      maxMs: 60_000,
    })
    accepted += result.statuses['204'] ?? 0
    if (Object.keys(result.statuses).some((s) => s !== '204'))
      print(`round ${round + 1}: ${JSON.stringify(result.statuses)}\n`)
    rates.push(result.perSecond * session.length)
  }
  const after = await readDailyStats(siteId, day)
  const wrong = [...perPost].filter(
    ([key, amount]) => (after[key] ?? 0) - (before[key] ?? 0) !== amount * accepted,
  )
  print(
    `\n${ROUNDS} rounds × ${POSTS} POSTs of ${session.length} events (${perPost.size} counters in ${writesPerPost} writes each), c=10: ${fmt(median(rates), 0)} events/s (median; rounds ${rates.map((r) => fmt(r, 0)).join(', ')})\n`,
  )
  print(
    wrong.length
      ? `COUNTS WRONG for ${wrong.length} counters, e.g. ${wrong[0]![0]}\n`
      : `counts exact: ${perPost.size} counters each grew by ${accepted} × its per-POST amount (${accepted} POSTs accepted)\n`,
  )
  return {
    posts: POSTS,
    rounds: ROUNDS,
    eventsPerPost: session.length,
    counters: perPost.size,
    writesPerPost,
    rates,
    medianEventsPerSecond: median(rates),
    accepted,
    wrong: wrong.length,
    dayChanged: jstDay(stackNow(stack)) !== day,
  }
}

if (runsAsScript(import.meta.url))
  await runOnOwnStack(async (ctx) => {
    const figures = await benchIngest(ctx)
    if (figures.wrong || figures.dayChanged) process.exitCode = 1
  })
