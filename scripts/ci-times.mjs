#!/usr/bin/env node
/**
 * Runs the phases of `npm test` one after another, as `npm test` does, and prints how long each
 * took: the per-phase rows of docs/benchmarks.md "CI duration". Stops at the first phase that fails
 * (its output is shown; the others' only when it fails).
 *
 *   CI=true node scripts/ci-times.mjs             every phase
 *   CI=true node scripts/ci-times.mjs unit web    some phases (names below)
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const PHASES = [
  ['lint', 'npm run lint'],
  ['typecheck', 'npm run typecheck'],
  ['unit/web/site', 'npm run test:unit'],
  ['integration', 'npm run test:integration'],
  ['infra', 'npm run test:infra'],
  ['browser', 'npm run test:browser'],
]

const wanted = process.argv.slice(2)
const chosen = wanted.length
  ? PHASES.filter(([name]) => wanted.some((w) => name.split('/').includes(w) || name === w))
  : PHASES
if (!chosen.length) {
  process.stderr.write(`No phase named ${wanted.join(', ')}; phases: ${PHASES.map(([n]) => n).join(', ')}\n`)
  process.exit(2)
}

const format = (ms) =>
  `${Math.floor(ms / 60_000)} min ${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')} s`
const rows = []
let failed = false
const started = performance.now()
for (const [name, command] of chosen) {
  const t0 = performance.now()
  const run = spawnSync('bash', ['-c', command], {
    cwd: join(import.meta.dirname, '..'),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  })
  const ms = performance.now() - t0
  rows.push([name, format(ms), run.status === 0 ? 'ok' : `failed (${run.status})`])
  if (run.status !== 0) {
    process.stdout.write(run.stdout)
    process.stderr.write(run.stderr)
    failed = true
    break
  }
}
rows.push(['total', format(performance.now() - started), failed ? 'stopped' : 'ok'])
process.stdout.write('\n| phase | time | result |\n| --- | --- | --- |\n')
for (const row of rows) process.stdout.write(`| ${row.join(' | ')} |\n`)
process.exit(failed ? 1 : 0)
