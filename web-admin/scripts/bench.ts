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
import { ACTIONS, DEFAULT_PLANS, keysToCamel, keysToSnake, mayTake, menuAreasFor } from '@swipe/shared'
import { type Contract, contract, type RouteReplyBody } from '@swipe/shared/contract'
import { VITALS_MIN_SAMPLES, VITALS_WINDOW_DAYS } from '@swipe/shared/site/vitals-histogram'
import { addDays, addMonths } from '@swipe/shared/time/calendar'
import { type BenchContext, runsAsScript, scriptContext } from '../../scripts/bench/script.ts'
import { CHROMIUM, CHROMIUM_ARGS } from '../../test/support/chromium.ts'

/**
 * `npm run bench:console`: the admin console's first load, in JavaScript bytes a browser downloads.
 * Builds the console for production (`vite build` into a temporary directory), serves the build
 * on 127.0.0.1 with gzip (as the CDN sends it) and an SPA fallback, and opens each route in a fresh
 * browser context (empty cache) of the system Chromium. The API is stubbed with `page.route`, so no
 * backend runs and nothing leaves 127.0.0.1: every call the routes make is answered with data of the
 * contract's shape (`STUBS`, checked against the routes' response schemas before a run), so each
 * screen draws what it draws with data. What loads only when scrolled to (the summary's charts,
 * below the first screen of the default 1280×720 window) is not part of a first load. Prints one row per route (JS KB gzipped, requests,
 * budget) and exits 1 when a route is over budget. A measurement, not a test.
 *
 * RUNS=n opens each route n times (default 3) and reports the median; the byte counts are
 * deterministic, the repetition guards against a route that sometimes loads more (a race).
 * BENCH_VERBOSE=1 lists every script of the last run per route.
 *
 * Quick mode (`npm test`, docs/decisions/0075-bench-quick-modes.md): `benchConsole` on a build that
 * exists (the browser tests' stack builds the console once: test/e2e/bench-console.spec.ts), in a
 * browser already running, each route opened once.
 */

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

/** The stubs' platform operator: a MASTER account (staff), as GET /auth/user-info answers for it. */
const USER_INFO = {
  id: 'acc-master',
  email: 'master@example.com',
  accountType: 'MASTER',
  parentType: null,
  userTypeSegment: 'master',
  companyName: 'Bench Inc.',
  contactName: 'Bench',
  authority: 'EDIT',
  adminRole: null,
  contractStatus: 'ACTIVE',
  logoUrl: null,
  mainColor: null,
  textColor: null,
  // Derived as the API derives them (functions/src/auth/session.ts `userInfoOf`).
  menuAreas: [...menuAreasFor('MASTER', null)],
  allowedActions: ACTIONS.filter((action) =>
    mayTake(
      {
        accountId: 'acc-master',
        accountType: 'MASTER',
        parentType: null,
        ancestorIds: [],
        contractStatus: 'ACTIVE',
        authority: 'EDIT',
        adminRole: null,
      },
      action,
    ),
  ),
} satisfies RouteReplyBody<Contract['auth.userInfo']>

/**
 * The platform the stubs describe, one story across the summary and the dashboard: 12 accounts
 * (9 direct users, 2 OEM masters and an OEM admin) with 7 sites, all published; the billed
 * accounts on these plans (ids and prices of shared/plans.ts, so MRR follows the catalogue).
 */
const MONTH = '2026-11'
const TODAY = '2026-11-30'
const ACCOUNTS_ON_PLAN: Record<string, number> = {
  trial: 2,
  light: 3,
  standard: 2,
  standard_multi: 1,
  premium: 1,
  ep_oem: 2,
}
const SITES = 7
const PLANS = DEFAULT_PLANS.map((plan) => ({ ...plan, accounts: ACCOUNTS_ON_PLAN[plan.planId] ?? 0 }))
const MRR = PLANS.reduce((sum, plan) => sum + plan.price * plan.accounts, 0)
/** Registrations per month, oldest first, over the dashboard's 12 months (one account is older). */
const REGISTERED_TYPES = ['OEM_MASTER', 'OEM_ADMIN', 'USER', 'MASTER_USER'] as const
const REGISTERED: Record<string, Partial<Record<(typeof REGISTERED_TYPES)[number], number>>> = {
  '2026-01': { OEM_MASTER: 1, OEM_ADMIN: 1 },
  '2026-03': { USER: 2 },
  '2026-05': { USER: 1 },
  '2026-06': { OEM_MASTER: 1 },
  '2026-07': { USER: 2 },
  '2026-09': { USER: 1 },
  '2026-10': { USER: 1 },
  '2026-11': { USER: 1 },
}

/**
 * What each API call of the budgeted routes answers, by contract route: the bodies a handler of the
 * route would build (typed by the contract), sent snake_cased as the API edge sends them
 * (functions/src/edge/http.ts) and checked against the route's response schema before a run
 * (`checkStubs`), so a contract change fails the benchmark instead of answering a stale shape.
 */
const STUBS = {
  'auth.userInfo': USER_INFO,
  'accounts.summary': {
    users: { total: 12, byStatus: [{ status: 'ACTIVE', count: 12 }] },
    sites: { total: SITES, byStatus: [{ status: 'PUBLISH', count: SITES }] },
  },
  // The summary's latest information card (issue 20): nothing to show.
  'content.newsShow': { items: [] },
  // The platform dashboard (issue 18) below the counts: its four reads and the Web Vitals figure.
  'billing.dashboardRegistrations': {
    months: Array.from({ length: 12 }, (_, index) => addMonths(MONTH, index - 11)).map((month) => ({
      month,
      byType: REGISTERED_TYPES.map((accountType) => ({
        accountType,
        count: REGISTERED[month]?.[accountType] ?? 0,
      })),
    })),
  },
  'billing.dashboardSites': { accounts: 12, sites: { created: SITES, published: SITES } },
  'billing.dashboardAdoption': {
    plans: PLANS.map((plan) => ({ planId: plan.planId, name: plan.name, accounts: plan.accounts })),
  },
  'billing.dashboardRevenue': {
    month: MONTH,
    mrr: MRR,
    arr: MRR * 12,
    payingAccounts: PLANS.filter((plan) => plan.price > 0).reduce((sum, plan) => sum + plan.accounts, 0),
    // This month: one new Light account, one Standard account moved to its multilingual variant.
    movement: { new: 9_800, expansion: 10_000, contraction: 0, churn: 0 },
  },
  'analysis.vitalsDashboard': {
    days: VITALS_WINDOW_DAYS,
    from: addDays(TODAY, -(VITALS_WINDOW_DAYS - 1)),
    to: TODAY,
    minSamples: VITALS_MIN_SAMPLES,
    judged: 5,
    passing: 4,
    unjudged: 2,
    share: 4 / 5,
  },
} satisfies { [Id in keyof Contract]?: RouteReplyBody<Contract[Id]> }

type StubbedId = keyof typeof STUBS

/** `GET <path>` → the stub's body as sent on the wire (snake_case). */
const WIRE = new Map(
  (Object.keys(STUBS) as StubbedId[]).map((id) => [
    `${contract[id].method} ${contract[id].path}`,
    JSON.stringify(keysToSnake(STUBS[id])),
  ]),
)

/**
 * Each stub as the console reads it (the wire body camelCased, as web-admin/src/lib/api.ts does),
 * parsed by its route's response schema; throws naming every route whose stub the contract refuses.
 * Runs before every measurement, quick mode included.
 */
export const checkStubs = (stubs: Partial<Record<StubbedId, unknown>> = STUBS): void => {
  const refused: string[] = []
  for (const [id, body] of Object.entries(stubs) as [StubbedId, unknown][]) {
    const route = contract[id]
    const result = route.response.safeParse(keysToCamel(JSON.parse(JSON.stringify(keysToSnake(body)))))
    if (!result.success)
      refused.push(
        `${id} (${route.method} ${route.path}): ${JSON.stringify(result.error.issues).slice(0, 1000)}`,
      )
  }
  if (refused.length > 0)
    throw new Error(`bench:console: stubs the contract's response schemas refuse:\n${refused.join('\n')}`)
}

/** The stubbed API: `METHOD /path` below the API prefix → the body sent (snake_case JSON). */
export const stubWire = (): ReadonlyMap<string, string> => WIRE

const ja = (value: number) => value.toLocaleString('ja-JP')

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
      // The sites card with its count inside the console layout.
      await page.locator('main section').first().waitFor({ timeout: ROUTE_TIMEOUT_MS })
      await page.getByText(String(SITES), { exact: true }).first().waitFor({ timeout: ROUTE_TIMEOUT_MS })
      // The dashboard's cards drawn with the stubs' figures: MRR (revenue) and the Web Vitals share.
      await page.getByText(`¥${ja(MRR)}`, { exact: true }).waitFor({ timeout: ROUTE_TIMEOUT_MS })
      const vitals = STUBS['analysis.vitalsDashboard']
      await page
        .getByText(`${(vitals.share * 100).toFixed(1)}%`, { exact: true })
        .waitFor({ timeout: ROUTE_TIMEOUT_MS })
    },
  },
]

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

/** A JSON answer of the stubbed API; `body` is already serialised. */
const json = (status: number, body: string) => ({
  status,
  contentType: 'application/json',
  headers: { 'access-control-allow-origin': '*' },
  body,
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
      // As a script's text, so this file needs no DOM types (the browser tests' project has none).
      // The user info as the console keeps it after a sign-in (camelCase, web-admin/src/lib/session.ts).
      await context.addInitScript({
        content: [
          ['accessToken', 'bench-access-token'],
          ['refreshToken', 'bench-refresh-token'],
          ['userInfo', JSON.stringify(USER_INFO)],
        ]
          .map(
            ([key, value]) => `window.localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)})`,
          )
          .join(';\n'),
      })
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
        const wire = WIRE.get(`${handle.request().method()} ${path}`)
        if (wire !== undefined) return handle.fulfill(json(200, wire))
        unstubbed.push(`${handle.request().method()} ${url.pathname}`)
        return handle.fulfill(json(404, JSON.stringify({ code: 'error.notFound', message: 'not found' })))
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

export interface ConsoleFigures {
  runs: number
  /** Per route: JavaScript transferred (gzip -9) and raw, in bytes (medians), requests and the budget. */
  rows: {
    route: string
    jsBytes: number
    jsRaw: number
    requests: number
    budgetKb: number
    over: boolean
    /** API calls of the last run no stub answered (404): the route's figures may miss what they load. */
    unstubbed: string[]
  }[]
}

/**
 * Opens each route of the console build in `buildDir` (served here with gzip) RUNS times in a fresh
 * context of `browser`, prints the table and returns its figures.
 */
export const benchConsole = async ({
  quick,
  print,
  buildDir,
  browser,
}: BenchContext & { buildDir: string; browser: Browser }): Promise<ConsoleFigures> => {
  checkStubs()
  const RUNS = quick ? 1 : Math.min(Math.max(Number(process.env.RUNS ?? 3) || 3, 1), 10)
  const log: Served[] = []
  const { origin, server } = await serve(buildDir, log)
  try {
    const rows: string[][] = []
    const figures: ConsoleFigures['rows'] = []
    for (const route of ROUTES) {
      const runs: RouteFigures[] = []
      for (let run = 0; run < RUNS; run++) runs.push(await measure(browser, origin, route, log))
      const bytes = median(runs.map((run) => run.jsBytes))
      const over = bytes > route.budgetKb * KB
      const last = runs[runs.length - 1]!
      figures.push({
        route: route.name,
        jsBytes: bytes,
        jsRaw: median(runs.map((run) => run.jsRaw)),
        requests: median(runs.map((run) => run.jsRequests)),
        budgetKb: route.budgetKb,
        over,
        unstubbed: last.unstubbed,
      })
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
          print(`  ${route.name}  ${kb(script.bytes).padStart(7)} KB gz  ${script.path}\n`)
    }
    const header = ['route', 'JS KB gz', 'JS KB raw', 'requests', 'budget KB gz', 'of budget', '']
    const widths = header.map((title, column) =>
      Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
    )
    const line = (cells: string[]) =>
      `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |\n`
    print(`\nConsole first load, JavaScript transferred (gzip -9), median of ${RUNS} cold loads:\n\n`)
    print(line(header))
    print(line(widths.map((width) => '-'.repeat(width))))
    for (const row of rows) print(line(row))
    return { runs: RUNS, rows: figures }
  } finally {
    server.close()
  }
}

if (runsAsScript(import.meta.url)) {
  const outDir = mkdtempSync(join(tmpdir(), 'swipe-bench-console-'))
  let exitCode = 0
  try {
    console.info(`Building the console (${ADMIN_DIR}) into ${outDir} …`)
    build(outDir)
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    })
    try {
      const figures = await benchConsole({ ...scriptContext(), buildDir: outDir, browser })
      if (figures.rows.some((row) => row.over)) exitCode = 1
    } finally {
      await browser.close()
    }
  } catch (error) {
    console.error(error)
    exitCode = 2
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
  process.exit(exitCode)
}
