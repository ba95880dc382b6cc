import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

/** Lighthouse's version, as the benchmarks print it beside their figures. */
export const lighthouseVersion = (): string =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../node_modules/lighthouse/package.json'), 'utf8'))
    .version

/**
 * The system Chromium (CHROMIUM_PATH), headless with a DevTools port for Lighthouse and a fresh
 * profile; resolves once the DevTools endpoint answers. `stop` ends it and removes the profile.
 */
export const startChromium = async (): Promise<{ port: number; stop: () => Promise<void> }> => {
  const port = await freePort()
  const profile = mkdtempSync(join(tmpdir(), 'swipe-bench-chrome-'))
  const chrome = spawn(
    CHROMIUM,
    [
      '--headless=new',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      // DevTools also over fds 3 and 4, unused but for their end: when this process ends however
      // it ends (a test run stopped by a signal included), the OS closes them and the browser
      // shuts down with its helpers, instead of outliving the benchmark in a group of its own.
      '--remote-debugging-pipe',
    ],
    // A process group of its own: stopping ends the browser and its helper processes together.
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'], detached: true },
  )
  const stop = async () => {
    const exited = new Promise((resolve) => chrome.once('exit', resolve))
    try {
      process.kill(-chrome.pid!, 'SIGTERM')
    } catch {
      chrome.kill()
    }
    await exited
    // A helper may still be closing a file of the profile for a moment after the browser exits.
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
  }
  for (let i = 0; ; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/json/version`)
      return { port, stop }
    } catch (error) {
      if (i > 50) {
        await stop()
        throw error
      }
      await new Promise((r) => setTimeout(r, 200))
    }
  }
}
