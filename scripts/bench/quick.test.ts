import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { expectFinite } from '../../test/support/figures.ts'
import type { BenchContext } from './script.ts'

/*
 * The benchmarks that need no stack, in their quick mode (docs/decisions/0075-bench-quick-modes.md):
 * each measures a tiny case, and what it returns and prints must parse into its figures. No figure
 * is judged (no timing assertion). The stack benchmarks' quick modes run in the integration project
 * (test/integration/bench-quick.test.ts), the console's in the browser tests
 * (test/e2e/bench-console.spec.ts).
 */

const ROOT = join(import.meta.dirname, '..', '..')

const quick = () => {
  const printed: string[] = []
  const ctx: BenchContext = { quick: true, print: (text) => printed.push(text) }
  return { ctx, output: () => printed.join('') }
}

describe('benchmarks without a stack, in quick mode', () => {
  it('bench:media-encode: one photo and a small phone photo, each way', { timeout: 60_000 }, async () => {
    const { benchMediaEncode } = await import('./media-encode.ts')
    const { ctx, output } = quick()
    const figures = await benchMediaEncode(ctx)
    expectFinite(figures)
    expect(figures.rounds).toBe(1)
    expect(figures.rows.map((row) => row.label)).toEqual([
      'one demo photo (702 × 1070 JPEG)',
      'a 600 × 400 phone photo (orientation 6)',
    ])
    for (const row of figures.rows) {
      expect(row.eachFromSourceMs).toBeGreaterThan(0)
      expect(row.decodedOnceMs).toBeGreaterThan(0)
      expect(row.bytesRatio).toBeGreaterThan(0)
    }
    const rows = output().match(
      /each file from the source +[\d,]+ ms · decoded once +[\d,]+ ms · [\d.]+× · bytes [\d.]+×$/gm,
    )
    expect(rows).toHaveLength(2)
  })

  it('bench:preview: the demo 3 × 3 drawn once by the preview and the publish render', async () => {
    const { benchPreview } = await import('./preview.ts')
    const { ctx, output } = quick()
    const figures = await benchPreview(ctx)
    expectFinite(figures)
    expect(figures.rows.map((row) => row.site)).toEqual(['demo 3 × 3'])
    expect(figures.rows[0]!.htmlKb).toBeGreaterThan(0)
    expect(output()).toMatch(/^\| demo 3 × 3 \| [\d.]+ \| [\d.]+ \| [\d.]+× \| \d+ \|$/m)
  })

  it('bench:site: one Lighthouse run of the fixture site (the script itself, RUNS=1)', {
    timeout: 120_000,
  }, async () => {
    // Run as its script (`npm run bench:site` with BENCH_SITE=fixture RUNS=1): the file's modes are
    // its environment variables, and its output is what is read.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts', 'bench', 'site.ts')],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          BENCH_SITE: 'fixture',
          RUNS: '1',
          BENCH_URL: '',
          BENCH_TAGS: '',
          BENCH_REPORT: '',
          BENCH_EXPERIMENT: '',
          BENCH_MATCH: '',
        },
        timeout: 110_000,
      },
    )
    expect(stdout).toMatch(/^Measuring http:\/\/\S+\/$/m)
    expect(stdout).toMatch(/^Lighthouse [\d.]+, mobile preset, 1 run\(s\), median:$/m)
    const figures = Object.fromEntries(
      [...stdout.matchAll(/^ {2}(\w+) +(-?[\d.]+(?:e-?\d+)?)$/gm)].map((m) => [m[1], Number(m[2])]),
    )
    expect(Object.keys(figures)).toEqual(
      expect.arrayContaining(['performance', 'accessibility', 'fcpMs', 'lcpMs', 'cls', 'transferKb']),
    )
    expectFinite(figures)
    expect(figures.performance).toBeGreaterThanOrEqual(0)
    expect(figures.performance).toBeLessThanOrEqual(100)
  })
})
