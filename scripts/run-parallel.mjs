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
 * SIGTERM, with their process groups, and print what they had) and the exit code is 1; with
 * `--keep-going` the other lanes finish and every failure is listed at the end.
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
      print(`\n── ${script} ${bar}\n${Buffer.concat(output).toString()}`)
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
print(
  failures.length
    ? `✗ failed: ${failures.join(', ')} (${seconds(started)} in all)`
    : `✓ ${chosen.flat().join(', ')} passed in ${seconds(started)}`,
)
process.exit(failures.length ? 1 : 0)
