import { beforeAll, describe, expect, it } from 'vitest'
import type { DemoSite, StackBenchContext } from '../../scripts/bench/context.ts'
import { useStackEnv, useStackPlatform } from '../support/env.ts'
import { expectFinite } from '../support/figures.ts'

/*
 * Every benchmark that needs a stack, in its quick mode (docs/decisions/0075-bench-quick-modes.md),
 * on this project's running, seeded stack: each measures a tiny case, and what it returns and
 * prints must parse into its figures. Nothing here judges a figure (no timing assertion); a
 * benchmark that no longer runs against today's code fails here instead of on the next person
 * who measures. Each benchmark's accounts and sites are its own; the demo site is left published
 * as the seed left it.
 */

const stack = useStackEnv()
// The publishes (bench:publish, bench:media) flip the stack's host map from this worker.
useStackPlatform()

let demo: DemoSite
beforeAll(async () => {
  const { findDemoSite } = await import('../../scripts/bench/context.ts')
  demo = await findDemoSite()
})

/** A quick context whose printed text is kept. */
const quick = () => {
  const printed: string[] = []
  const ctx: StackBenchContext = { stack, demo, quick: true, print: (text) => printed.push(text) }
  return { ctx, output: () => printed.join('') }
}

/** A printed figure ("1,234.5") as a number. */
const figure = (text: string | undefined) => Number(String(text).replaceAll(',', ''))

/** The printed lines matching `pattern`, each as its captured figures (all finite). */
const printedRows = (output: string, pattern: RegExp) =>
  output
    .split('\n')
    .map((line) => pattern.exec(line))
    .filter((match) => match !== null)
    .map((match) => {
      const values = match.slice(1).map(figure)
      for (const v of values) expect(Number.isFinite(v), `${match[0]}`).toBe(true)
      return values
    })

const QUICK_TIMEOUT = 120_000

describe('benchmarks in quick mode against the test stack', () => {
  it('bench:summary: two accounts, the summary and the site list at c=1 and c=10', {
    timeout: QUICK_TIMEOUT,
  }, async () => {
    const { benchSummary } = await import('../../scripts/bench/summary.ts')
    const { ctx, output } = quick()
    const figures = await benchSummary(ctx)
    expectFinite(figures)
    expect(figures.accounts).toBe(2)
    expect(figures.rows.map((row) => row.request)).toEqual([
      'GET /summary c=1',
      'GET /site c=1',
      'GET /summary c=10',
      'GET /site c=10',
    ])
    expect(figures.summary.users).toBeGreaterThanOrEqual(2)
    expect(figures.ratios['10']).toBeGreaterThan(0)
    expect(
      printedRows(output(), /^\| GET \/(?:summary|site) c=\d+ \| ([\d.,]+) \| ([\d.,]+) \|$/),
    ).toHaveLength(4)
    expect(printedRows(output(), /^p99 ratio summary \/ site at c=\d+: ([\d.,]+)×/)).toHaveLength(2)
  })

  it('bench:ingest: ten POSTs to the demo site, its counters grown by exactly what was sent', {
    timeout: QUICK_TIMEOUT,
  }, async () => {
    const { benchIngest } = await import('../../scripts/bench/ingest.ts')
    const { ctx, output } = quick()
    const figures = await benchIngest(ctx)
    expectFinite(figures)
    expect(figures.accepted).toBe(10)
    expect(figures.rates).toHaveLength(1)
    expect(figures.medianEventsPerSecond).toBeGreaterThan(0)
    // Across midnight in Japan the counts are of two days; the benchmark says so instead.
    if (!figures.dayChanged) {
      expect(figures.wrong).toBe(0)
      expect(output()).toContain(`counts exact: ${figures.counters} counters each grew by 10 ×`)
    }
    expect(printedRows(output(), /c=10: ([\d.,]+) events\/s \(median; rounds ([\d.,]+)\)$/)).toHaveLength(1)
  })

  it('bench:edge: the demo page through the edge, the uncached edge and a bare server', {
    timeout: QUICK_TIMEOUT,
  }, async () => {
    const { benchEdge } = await import('../../scripts/bench/edge.ts')
    const { ctx, output } = quick()
    const figures = await benchEdge(ctx)
    expectFinite(figures)
    expect(figures.contentType).toMatch(/^text\/html/)
    expect(figures.bytes).toBeGreaterThan(0)
    expect(figures.rows.map((row) => row.server)).toEqual([
      'bare Node server',
      'edge, host map cached',
      'edge, host map read per request (before)',
    ])
    expect(figures.rows[0]!.ofBarePercent).toBe(100)
    for (const row of figures.rows) expect(row.perSecond).toBeGreaterThan(0)
    expect(printedRows(output(), /^\| (?:bare|edge)[^|]* \| ([\d.,]+) \| ([\d.,]+) % \|$/)).toHaveLength(3)
  })

  it('bench:analytics: every report of a 2 × 2 site over two months', {
    timeout: QUICK_TIMEOUT,
  }, async () => {
    const { benchAnalytics } = await import('../../scripts/bench/analytics.ts')
    const { ctx, output } = quick()
    const figures = await benchAnalytics(ctx)
    expectFinite(figures)
    expect(figures.items).toBeGreaterThan(0)
    expect(figures.reports).toHaveLength(8)
    expect(figures.reports.at(-1)!.name).toBe('monthly PDF report')
    expect(printedRows(output(), /^ {2}.+ p50 ([\d.,]+) ms {3}max ([\d.,]+) ms$/)).toHaveLength(8)
    expect(printedRows(output(), /^slowest report: ([\d.,]+) ms/)).toHaveLength(1)
  })

  it('bench:close: two accounts closed serially and fanned out', { timeout: QUICK_TIMEOUT }, async () => {
    const { benchClose } = await import('../../scripts/bench/close.ts')
    const { ctx, output } = quick()
    const figures = await benchClose(ctx)
    expectFinite(figures)
    expect(figures.rows.map((row) => [row.accounts, row.mode])).toEqual([
      [2, 'serial'],
      [2, 'fanned out'],
    ])
    expect(figures.rows[0]!.atOnce).toBe(1)
    for (const row of figures.rows) expect(row.requestsPerAccount).toBeGreaterThan(0)
    expect(
      printedRows(
        output(),
        /^ +2 {2}(?:serial|fanned out) +(\d+) +([\d.,]+) +([\d.,]+) +([\d.,]+) +([\d.,]+) +–$/,
      ),
    ).toHaveLength(2)
  })

  it('bench:publish: a 2 × 2 site published, republished, rolled back and checked', {
    timeout: QUICK_TIMEOUT,
  }, async () => {
    const { benchPublish } = await import('../../scripts/bench/publish.ts')
    const { ctx, output } = quick()
    const figures = await benchPublish(ctx)
    expectFinite(figures)
    expect(figures.creatives).toBe(4)
    expect(figures.filesStored).toBeGreaterThan(0)
    expect(figures.rows.map((row) => row.label)).toEqual([
      'before the store',
      'first publish',
      'first publish before any job ran',
      'republish after one text edit',
      'rollback',
      'pre-publish checklist',
    ])
    expect(figures.republishSteps).toHaveLength(3)
    // Not a timing: a publish of stored media copies none.
    expect(figures.checks.find((check) => check.label.startsWith('no media copied'))?.ok).toBe(true)
    expect(printedRows(output(), / ([\d.,]+) ms {3}HEAD +(\d+) {3}COPY +(\d+) {3}PUT +(\d+)$/)).toHaveLength(
      5,
    )
    expect(printedRows(output(), /^ratio first publish before \/ with the store: ([\d.,]+)×$/)).toHaveLength(
      1,
    )
  })

  it('bench:read: a 2 × 2 site read through the model and the gateway', {
    timeout: QUICK_TIMEOUT,
  }, async () => {
    const { benchSiteRead } = await import('../../scripts/bench/site-read.ts')
    const { ctx, output } = quick()
    const figures = await benchSiteRead(ctx)
    expectFinite(figures)
    expect(figures.creatives).toBe(4)
    expect(figures.rounds).toBe(1)
    expect(figures.rows).toHaveLength(4)
    expect(printedRows(output(), /median +([\d.,]+) ms {3}p95 +([\d.,]+) ms$/)).toHaveLength(4)
    expect(
      printedRows(output(), /^model cost per item \(readSiteItems median \/ items\): ([\d.,]+) µs$/),
    ).toHaveLength(1)
  })

  it('bench:media: one Lighthouse run of the demo site before and after renditions', {
    timeout: QUICK_TIMEOUT,
  }, async () => {
    const { benchMedia } = await import('../../scripts/bench/media.ts')
    const { ctx, output } = quick()
    const figures = await benchMedia(ctx)
    expectFinite(figures)
    expect(figures.runs).toBe(1)
    expect(figures.ready).toBeGreaterThan(0)
    for (const row of [figures.before, figures.after]) {
      expect(row.performance).toBeGreaterThanOrEqual(0)
      expect(row.performance).toBeLessThanOrEqual(100)
      expect(row.lcpMs).toBeGreaterThan(0)
    }
    expect(printedRows(output(), /^ {2}\w+ +([\d.]+) +([\d.]+)$/)).toHaveLength(5)
    // The demo is published with its renditions again, as the seed left it.
    const { MediaRenditions } = await import('../../functions/src/data/media-renditions.ts')
    const records = (await MediaRenditions.query.byKey({ siteId: demo.siteId }).go({ pages: 'all' })).data
    expect(records.filter((r) => r.state === 'ready')).toHaveLength(figures.ready)
  })
})
