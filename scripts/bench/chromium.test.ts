import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * The benchmarks' browser (./chromium.ts) runs in a process group of its own, so `stop` ends it
 * with its helpers. That also kept it out of the group a test run is stopped by: a lane stopped
 * by a signal (scripts/run-parallel.mjs) left a browser running, which then took CPU from every
 * benchmark after it. The browser now also holds a DevTools pipe to the process that started
 * it, and ends when that process does, however it does.
 */

/** The pids of the processes whose command line names `profile` (the browser and its helpers). */
const processesOf = (profile: string): number[] =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(profile)
      } catch {
        return false // it ended while being read
      }
    })
    .map(Number)

const until = async (done: () => boolean, ms: number) => {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (done()) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return done()
}

describe('the benchmarks’ browser', () => {
  it('ends with the process that started it, even one killed without a chance to stop it', {
    timeout: 120_000,
  }, async () => {
    // A benchmark process that starts the browser, says where its profile is, and is then killed.
    const script = [
      `import { startChromium } from ${JSON.stringify(join(import.meta.dirname, 'chromium.ts'))}`,
      'const { port } = await startChromium()',
      'const version = await (await fetch("http://127.0.0.1:" + port + "/json/version")).json()',
      'process.stdout.write(JSON.stringify({ browser: version.Browser }) + "\\n")',
      'setInterval(() => {}, 1000)',
    ].join('\n')
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const line = await new Promise<string>((resolve, reject) => {
      let out = ''
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8')
        if (out.includes('\n')) resolve(out.split('\n')[0]!)
      })
      child.once('exit', (code) => reject(new Error(`the benchmark process ended first (${code})`)))
    })
    expect(JSON.parse(line).browser).toMatch(/^(Headless)?Chrome\//)
    // Its profile, from the browser's own command line.
    const profiles = readdirSync('/tmp').filter((name) => name.startsWith('swipe-bench-chrome-'))
    const profile = profiles
      .map((name) => join('/tmp', name))
      .find((path) => processesOf(`--user-data-dir=${path}`).length > 0)
    expect(profile).toBeDefined()
    expect(processesOf(`--user-data-dir=${profile}`).length).toBeGreaterThan(0)

    child.kill('SIGKILL')
    // Its shutdown can take many seconds on a machine as busy as a CI run (four lanes on two cores);
    // without the pipe it never comes.
    expect(await until(() => processesOf(`--user-data-dir=${profile}`).length === 0, 60_000)).toBe(true)
    if (profile && existsSync(profile)) rmSync(profile, { recursive: true, force: true })
  })
})
