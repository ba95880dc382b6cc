import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { benchConsole } from '../../web-admin/scripts/bench.ts'
import { expect, test } from './fixtures.ts'

/*
 * `npm run bench:console` in its quick mode (docs/decisions/0075-bench-quick-modes.md): its routes
 * opened once each, in this run's browser, on the console build this run's stack already made
 * (test/support/stack.ts; global-setup.ts names its folder), instead of a build of its own. What it returns and prints must parse; no figure is judged (the budgets are
 * the script's to enforce).
 */
test('bench:console: each route of the console build opened once', async ({ browser }) => {
  const buildDir = process.env.E2E_ADMIN_BUILD_DIR ?? ''
  expect(existsSync(join(buildDir, 'index.html')), `a console build in ${buildDir}`).toBe(true)
  const printed: string[] = []
  const figures = await benchConsole({ quick: true, print: (text) => printed.push(text), buildDir, browser })
  expect(figures.runs).toBe(1)
  expect(figures.rows.map((row) => row.route)).toEqual(['/login', '/master/summary (signed in)'])
  for (const row of figures.rows) {
    expect(row.jsBytes).toBeGreaterThan(0)
    expect(row.jsRaw).toBeGreaterThan(row.jsBytes)
    expect(row.requests).toBeGreaterThan(0)
    expect(Number.isFinite(row.budgetKb)).toBe(true)
  }
  const rows = printed
    .join('')
    .split('\n')
    .filter((line) =>
      /^\| \/\S.* \| +[\d.]+ \| +[\d.]+ \| +\d+ \| +\d+ \| +\d+ % \| +(?:ok|OVER) \|$/.test(line),
    )
  expect(rows).toHaveLength(2)
})
