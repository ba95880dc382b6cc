#!/usr/bin/env node
/**
 * Where CI's time goes. Runs the phases of `npm test` one after another (each alone, so each
 * figure is that phase's own) and prints, as tables: seconds per phase with the CPU seconds it used
 * (CPU ÷ wall = how many of the cores it kept busy: a phase near 1 leaves the second core free for
 * another), then the slowest files of every vitest project and the slowest Playwright specs and
 * tests. A phase that fails shows its output; the others still run (it measures; `npm test` judges).
 *
 *   npm run ci:times                              every phase
 *   npm run ci:times -- unit web browser          some phases (names below)
 *   npm run ci:times -- --read                    print the tables of the last run again
 *   npm run ci:times -- --dir /tmp/x --top 15     where the reports go; rows per table
 *
 * The reports (vitest's and Playwright's JSON reporters, and phases.json) stay in --dir
 * (default node_modules/.cache/ci-times; not test-results/, which Playwright empties).
 * On a shared machine the seconds move with the load; compare phases and files measured in the
 * same run, by their relative sizes.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = join(import.meta.dirname, '..')

/** name, command (run by bash in the repository root; `$REPORT` is the JSON report's path), report. */
const vitest = (name, ...projects) => [
  name,
  `npx vitest run ${projects.map((p) => `--project ${p}`).join(' ')} --reporter=default --reporter=json --outputFile.json="$REPORT"`,
  `${name}.json`,
]
const PHASES = [
  ['lint', 'npm run lint'],
  ['typecheck', 'npm run typecheck'],
  vitest('unit', 'unit'),
  vitest('web', 'web', 'web-isolated'),
  vitest('site', 'site'),
  vitest('integration', 'integration'),
  vitest('infra', 'infra'),
  ['browser', 'npx playwright test -c test/playwright.config.ts', 'browser.json'],
]

const args = process.argv.slice(2)
const option = (flag, fallback) => {
  const at = args.indexOf(flag)
  if (at < 0) return fallback
  const [value] = args.splice(at, 2).slice(1)
  return value
}
const dir = join(root, option('--dir', 'node_modules/.cache/ci-times'))
const top = Number(option('--top', '10'))
const readOnly = args.includes('--read')
const wanted = args.filter((a) => a !== '--read')
const chosen = wanted.length ? PHASES.filter(([name]) => wanted.includes(name)) : PHASES
if (!chosen.length) {
  process.stderr.write(`No phase named ${wanted.join(', ')}; phases: ${PHASES.map(([n]) => n).join(', ')}\n`)
  process.exit(2)
}
mkdirSync(dir, { recursive: true })

/** CPU seconds of this process's waited-for children (and theirs): /proc/self/stat cutime + cstime. */
const childCpu = () => {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')
    return (Number(fields[13]) + Number(fields[14])) / 100
  } catch {
    return Number.NaN
  }
}

const phasesFile = join(dir, 'phases.json')
let measured = existsSync(phasesFile) ? JSON.parse(readFileSync(phasesFile, 'utf8')) : {}
let failed = false
if (!readOnly) {
  measured = { ...measured }
  for (const [name, command, report] of chosen) {
    process.stderr.write(`ci-times: ${name} …\n`)
    const cpu0 = childCpu()
    const t0 = performance.now()
    const run = spawnSync('bash', ['-c', command], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      env: {
        ...process.env,
        CI: process.env.CI ?? 'true',
        ...(report ? { REPORT: join(dir, report), CI_TIMES_PLAYWRIGHT_JSON: join(dir, report) } : {}),
      },
    })
    const wall = (performance.now() - t0) / 1000
    const cpu = childCpu() - cpu0
    measured[name] = { wall, cpu, status: run.status, at: new Date().toISOString() }
    writeFileSync(phasesFile, JSON.stringify(measured, null, 2))
    if (run.status !== 0) {
      process.stdout.write(run.stdout)
      process.stderr.write(run.stderr)
      failed = true
    }
  }
}

const s = (x) => (Number.isFinite(x) ? x.toFixed(1) : '—')
const table = (title, head, rows) => {
  process.stdout.write(`\n${title}\n\n| ${head.join(' | ')} |\n| ${head.map(() => '---').join(' | ')} |\n`)
  for (const row of rows) process.stdout.write(`| ${row.join(' | ')} |\n`)
}

const phaseRows = PHASES.filter(([name]) => measured[name]).map(([name]) => {
  const m = measured[name]
  return [name, s(m.wall), s(m.cpu), s(m.cpu / m.wall), m.status === 0 ? 'ok' : `failed (${m.status})`, m.at]
})
const total = PHASES.reduce((sum, [name]) => sum + (measured[name]?.wall ?? 0), 0)
phaseRows.push(['total (one after another)', s(total), '', '', '', ''])
table('Phases', ['phase', 'wall s', 'CPU s', 'cores busy', 'result', 'measured at'], phaseRows)

for (const [name, , report] of PHASES) {
  const file = report && join(dir, report)
  if (!file || !existsSync(file)) continue
  const json = JSON.parse(readFileSync(file, 'utf8'))
  if (name === 'browser') {
    // Playwright: suites per file (nested describes), specs, tests, results (one per retry).
    const tests = []
    const walk = (suite, fileName) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests ?? [])
          tests.push({
            file: fileName,
            title: spec.title,
            ms: (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0),
            status: t.results?.at(-1)?.status ?? 'skipped',
          })
      for (const child of suite.suites ?? []) walk(child, fileName)
    }
    for (const suite of json.suites ?? []) walk(suite, suite.file ?? suite.title)
    const files = new Map()
    for (const t of tests) files.set(t.file, (files.get(t.file) ?? 0) + t.ms)
    const sum = tests.reduce((a, t) => a + t.ms, 0)
    table(
      `browser: slowest spec files (${files.size} files, ${tests.length} tests, ${s(sum / 1000)} s in tests)`,
      ['file', 's'],
      [...files]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([f, ms]) => [f, s(ms / 1000)]),
    )
    table(
      'browser: slowest tests',
      ['test', 's', 'status'],
      tests
        .sort((a, b) => b.ms - a.ms)
        .slice(0, top)
        .map((t) => [`${t.file} › ${t.title}`.slice(0, 110), s(t.ms / 1000), t.status]),
    )
    continue
  }
  // vitest: testResults per file (startTime/endTime), assertionResults per test (duration).
  const files = (json.testResults ?? []).map((f) => ({
    file: relative(root, f.name),
    ms: (f.endTime ?? 0) - (f.startTime ?? 0),
    tests: f.assertionResults ?? [],
  }))
  const sum = files.reduce((a, f) => a + f.ms, 0)
  table(
    `${name}: slowest files (${files.length} files, ${json.numTotalTests ?? '?'} tests, ${s(sum / 1000)} s in files)`,
    ['file', 's', 'tests'],
    files
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top)
      .map((f) => [f.file, s(f.ms / 1000), f.tests.length]),
  )
  const tests = files.flatMap((f) =>
    f.tests.map((t) => ({ file: f.file, title: t.fullName ?? t.title, ms: t.duration ?? 0 })),
  )
  table(
    `${name}: slowest tests`,
    ['test', 's'],
    tests
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top)
      .map((t) => [`${t.file} › ${t.title}`.slice(0, 110), s(t.ms / 1000)]),
  )
}
process.exit(failed ? 1 : 0)
