import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

/** Playwright cannot download its own browser here: it drives the system Chromium. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `No Chromium at ${CHROMIUM}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH. Browser tests cannot run without it.`,
  )
}

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '../test-results',
  use: {
    ...devices['Desktop Chrome'],
    locale: 'ja-JP',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      // As root in a sandboxed machine with no network: no Chrome sandbox, no background traffic.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
})
