/// <reference types="node" />
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, extname, join, normalize, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { type Browser, chromium, type Page } from '@playwright/test'
import { CHROMIUM, CHROMIUM_ARGS } from '../../test/support/chromium.ts'

/**
 * `npm run bench:console`: the admin console's first load, in JavaScript bytes a browser downloads.
 * Builds the console for production (`vite build` into a temporary directory), serves the build
 * on 127.0.0.1 with gzip (as the CDN sends it) and an SPA fallback, and opens each route in a fresh
 * browser context (empty cache) of the system Chromium. The API is stubbed with `page.route`, so no
 * backend runs and nothing leaves 127.0.0.1. Prints one row per route (JS KB gzipped, requests,
 * budget) and exits 1 when a route is over budget. A measurement, not a test.
 *
 * RUNS=n opens each route n times (default 3) and reports the median; the byte counts are
 * deterministic, the repetition guards against a route that sometimes loads more (a race).
 * BENCH_VERBOSE=1 lists every script of the last run per route.
 */

const RUNS = Math.min(Math.max(Number(process.env.RUNS ?? 3) || 3, 1), 10)
const VERBOSE = process.env.BENCH_VERBOSE === '1'
const ADMIN_DIR = join(dirname(fileURLToPath(import.meta.url)), '..')
const API_PREFIX = '/api/v1'
/** Every route must be drawn within this time, or the run fails (a hang is not a figure). */
const ROUTE_TIMEOUT_MS = 30_000

const KB = 1024

interface Budgeted {
  name: string
  path: string
  budgetKb: number
  signedIn: boolean
  /** What shows when the route is drawn. */
  ready: (page: Page) => Promise<void>
}

const ROUTES: Budgeted[] = [
  {
    name: '/login',
    path: '/login',
    budgetKb: 200,
    signedIn: false,
    ready: async (page) => {
      await page.locator('input[type="password"]').waitFor({ timeout: ROUTE_TIMEOUT_MS })
    },
  },
  {
    name: '/master/summary (signed in)',
    path: '/master/summary',
    budgetKb: 350,
    signedIn: true,
    ready: async (page) => {
      // The sites card with its counts (the stub says 7 sites) inside the console layout.
      await page.locator('main section').first().waitFor({ timeout: ROUTE_TIMEOUT_MS })
      await page.getByText('7', { exact: true }).first().waitFor({ timeout: ROUTE_TIMEOUT_MS })
    },
  },
]

/** GET /auth/user-info as the API sends it (snake_case) for the platform operator. */
const USER_INFO = {
  id: 'acc-master',
  email: 'master@example.com',
  account_type: 'MASTER',
  parent_type: null,
  user_type_segment: 'master',
  company_name: 'Bench Inc.',
  contact_name: 'Bench',
  authority: 'EDIT',
  contract_status: 'ACTIVE',
  logo_url: null,
  main_color: null,
  text_color: null,
  admin_role: null,
}

const SUMMARY = {
  users: { total: 12, by_status: [{ status: 'ACTIVE', count: 12 }] },
  sites: { total: 7, by_status: [{ status: 'PUBLISHED', count: 7 }] },
}

const build = (outDir: string) => {
  const result = spawnSync(
    process.execPath,
    [
      join(ADMIN_DIR, '..', 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--config',
      join(ADMIN_DIR, 'vite.config.ts'),
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { stdio: 'inherit', env: { ...process.env, VITE_API_URL: `http://127.0.0.1:9${API_PREFIX}` } },
  )
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`)
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg'])

interface Served {
  path: string
  bytes: number
  raw: number
}

/** A static server of the build: gzip for text (level 9, what a CDN sends at most), index.html for unknown paths. */
const serve = async (root: string, log: Served[]): Promise<{ origin: string; server: Server }> => {
  const gzipped = new Map<string, Buffer>()
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    let file = normalize(join(root, decodeURIComponent(url.pathname)))
    if (!file.startsWith(root + sep) || !existsSync(file) || statSync(file).isDirectory())
      file = join(root, 'index.html')
    const ext = extname(file)
    const body = readFileSync(file)
    const gzip = COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
    let sent: Buffer = body
    if (gzip) {
      sent = gzipped.get(file) ?? gzipSync(body, { level: 9 })
      gzipped.set(file, sent)
    }
    res.writeHead(200, {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'content-length': sent.length,
      'cache-control': file.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
      ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
    })
    res.end(sent)
    log.push({ path: url.pathname, bytes: sent.length, raw: body.length })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { origin: `http://127.0.0.1:${port}`, server }
}

const json = (status: number, body: unknown) => ({
  status,
  contentType: 'application/json',
  headers: { 'access-control-allow-origin': '*' },
  body: JSON.stringify(body),
})

interface RouteFigures {
  jsBytes: number
  jsRaw: number
  jsRequests: number
  scripts: Served[]
  unstubbed: string[]
}

const measure = async (browser: Browser, origin: string, route: Budgeted, log: Served[]) => {
  const context = await browser.newContext({ locale: 'ja-JP' })
  const unstubbed: string[] = []
  try {
    if (route.signedIn) {
      await context.addInitScript((info) => {
        window.localStorage.setItem('accessToken', 'bench-access-token')
        window.localStorage.setItem('refreshToken', 'bench-refresh-token')
        window.localStorage.setItem('userInfo', JSON.stringify(info))
      }, USER_INFO)
    }
    // The API (and anything else not on the build's origin) never leaves the browser.
    await context.route(
      (url) => !url.href.startsWith(origin),
      async (handle) => {
        const url = new URL(handle.request().url())
        if (handle.request().method() === 'OPTIONS')
          return handle.fulfill({
            status: 204,
            headers: {
              'access-control-allow-origin': '*',
              'access-control-allow-headers': '*',
              'access-control-allow-methods': '*',
            },
          })
        const path = url.pathname.replace(/^.*?\/api\/v1/, '')
        if (path === '/auth/user-info') return handle.fulfill(json(200, USER_INFO))
        if (path === '/summary') return handle.fulfill(json(200, SUMMARY))
        // The summary's latest information card (issue 20): nothing to show.
        if (path === '/news/show') return handle.fulfill(json(200, { items: [] }))
        unstubbed.push(`${handle.request().method()} ${url.pathname}`)
        return handle.fulfill(json(404, { code: 'error.notFound', message: 'not found' }))
      },
    )
    const page = await context.newPage()
    log.length = 0
    await page.goto(`${origin}${route.path}`, { waitUntil: 'load', timeout: ROUTE_TIMEOUT_MS })
    await route.ready(page)
    await page.waitForLoadState('networkidle', { timeout: ROUTE_TIMEOUT_MS })
    const scripts = log.filter((entry) => entry.path.endsWith('.js'))
    return {
      jsBytes: scripts.reduce((sum, entry) => sum + entry.bytes, 0),
      jsRaw: scripts.reduce((sum, entry) => sum + entry.raw, 0),
      jsRequests: scripts.length,
      scripts: [...scripts],
      unstubbed,
    } satisfies RouteFigures
  } finally {
    await context.close()
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
const kb = (bytes: number) => (bytes / KB).toFixed(1)

const outDir = mkdtempSync(join(tmpdir(), 'swipe-bench-console-'))
let exitCode = 0
try {
  console.info(`Building the console (${ADMIN_DIR}) into ${outDir} …`)
  build(outDir)
  const log: Served[] = []
  const { origin, server } = await serve(outDir, log)
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  })
  try {
    const rows: string[][] = []
    for (const route of ROUTES) {
      const runs: RouteFigures[] = []
      for (let run = 0; run < RUNS; run++) runs.push(await measure(browser, origin, route, log))
      const bytes = median(runs.map((run) => run.jsBytes))
      const over = bytes > route.budgetKb * KB
      if (over) exitCode = 1
      const last = runs[runs.length - 1]!
      rows.push([
        route.name,
        kb(bytes),
        kb(median(runs.map((run) => run.jsRaw))),
        String(median(runs.map((run) => run.jsRequests))),
        `${route.budgetKb}`,
        `${((bytes / (route.budgetKb * KB)) * 100).toFixed(0)} %`,
        over ? 'OVER' : 'ok',
      ])
      if (last.unstubbed.length > 0)
        console.warn(`${route.name}: unstubbed API calls (answered 404): ${last.unstubbed.join(', ')}`)
      if (VERBOSE)
        for (const script of [...last.scripts].sort((a, b) => b.bytes - a.bytes))
          console.info(`  ${route.name}  ${kb(script.bytes).padStart(7)} KB gz  ${script.path}`)
    }
    const header = ['route', 'JS KB gz', 'JS KB raw', 'requests', 'budget KB gz', 'of budget', '']
    const widths = header.map((title, column) =>
      Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
    )
    const line = (cells: string[]) =>
      `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`
    console.info(`\nConsole first load, JavaScript transferred (gzip -9), median of ${RUNS} cold loads:\n`)
    console.info(line(header))
    console.info(line(widths.map((width) => '-'.repeat(width))))
    for (const row of rows) console.info(line(row))
  } finally {
    await browser.close()
    server.close()
  }
} catch (error) {
  console.error(error)
  exitCode = 2
} finally {
  rmSync(outDir, { recursive: true, force: true })
}
process.exit(exitCode)
