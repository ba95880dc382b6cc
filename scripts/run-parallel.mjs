#!/usr/bin/env node
/**
 * Runs npm scripts in lanes: the scripts of one lane one after another, the lanes side by side.
 * `npm test` uses it to keep both cores busy (package.json; the lanes and why: docs/benchmarks.md
 * "CI duration").
 *
 *   node scripts/run-parallel.mjs lint typecheck test:unit -- test:integration test:browser
 *
 * Lanes are separated by `--`. Each script's output is kept and printed whole when it ends, under
 * a header with its name, time and result, so two lanes' lines never interleave; a line says when
 * each starts. The first script that fails stops everything (the other lanes' running scripts get
 * SIGTERM, with their process groups, and print only their last lines: they did not fail) and the
 * exit code is 1; with `--keep-going` the other lanes finish and every failure is listed at the end.
 * A failure ends the output with the failed script's last lines again (a runner's summary and its
 * errors), so a log read from its end — a CI page — shows why.
 */
import { spawn } from 'node:child_process'

const args = process.argv.slice(2)
const keepGoing = args.includes('--keep-going')
const lanes = [[]]
for (const arg of args.filter((a) => a !== '--keep-going')) {
  if (arg === '--') lanes.push([])
  else lanes.at(-1).push(arg)
}
const chosen = lanes.filter((lane) => lane.length)
if (!chosen.length) {
  process.stderr.write('usage: run-parallel.mjs [--keep-going] script… [-- script…]…\n')
  process.exit(2)
}

const started = performance.now()
const seconds = (t0) => `${((performance.now() - t0) / 1000).toFixed(0)} s`
const running = new Set()
const failures = []
let stopping = false
/** Each failed script's output, for the summary at the end. */
const failedOutput = new Map()
/** How much of a stopped script's output is printed, and of a failed one's at the end. */
const STOPPED_TAIL = 20
const FAILURE_TAIL = 150

const tail = (text, lines) => {
  const all = text.trimEnd().split('\n')
  return all.length <= lines
    ? all.join('\n')
    : [`… (${all.length - lines} lines above)`, ...all.slice(-lines)].join('\n')
}

const print = (text) => process.stdout.write(text.endsWith('\n') || !text ? text : `${text}\n`)

/** Runs one npm script in its own process group; resolves to whether it passed. */
const run = (script) =>
  new Promise((resolve) => {
    const t0 = performance.now()
    print(`▶ ${script} started (${seconds(started)} into the run)`)
    const child = spawn('npm', ['run', '--silent', script], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
    })
    const output = []
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    const entry = { script, child }
    running.add(entry)
    child.on('close', (code, signal) => {
      running.delete(entry)
      const ok = code === 0
      const result = ok ? 'ok' : signal ? `stopped (${signal})` : `failed (exit ${code})`
      const bar = '─'.repeat(Math.max(4, 72 - script.length))
      const text = Buffer.concat(output).toString()
      const stopped = !ok && signal !== null && stopping
      if (!ok && !stopped) failedOutput.set(script, text)
      print(`\n── ${script} ${bar}\n${stopped ? tail(text, STOPPED_TAIL) : text}`)
      print(`── ${script}: ${result} in ${seconds(t0)}\n`)
      resolve(ok)
    })
  })

const stopOthers = () => {
  stopping = true
  for (const { child } of running) {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {}
  }
}

const lane = async (scripts) => {
  for (const script of scripts) {
    if (stopping) return
    const ok = await run(script)
    if (!ok) {
      if (!stopping) failures.push(script)
      if (!keepGoing) stopOthers()
      return
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopOthers()
    process.exit(130)
  })

await Promise.all(chosen.map(lane))
for (const [script, text] of failedOutput)
  print(
    `\n── why ${script} failed (its last ${FAILURE_TAIL} lines) ${'─'.repeat(20)}\n${tail(text, FAILURE_TAIL)}`,
  )
print(
  failures.length
    ? `✗ failed: ${failures.join(', ')} (${seconds(started)} in all)`
    : `✓ ${chosen.flat().join(', ')} passed in ${seconds(started)}`,
)
process.exit(failures.length ? 1 : 0)
