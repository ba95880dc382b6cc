import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium.ts'

export { CHROMIUM }

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
  // A hang detector, not a speed check: the longest journeys (site-builder, preview-share) take
  // 43–51 s here under the full run's load, too close to a 60 s limit on a slower CI machine.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // `npm run ci:times` asks for a JSON report beside the list (scripts/ci-times.mjs reads it).
  reporter: process.env.CI_TIMES_PLAYWRIGHT_JSON
    ? [['list'], ['json', { outputFile: process.env.CI_TIMES_PLAYWRIGHT_JSON }]]
    : [['list']],
  outputDir: '../test-results',
  use: {
    ...devices['Desktop Chrome'],
    locale: 'ja-JP',
    // Pages are opened as by a visitor who asks for reduced motion. The demo site's pulsing CTA and
    // fading arrows are infinite animations, which kept one core busy in headless Chromium for as
    // long as the page was open (1.00 core idle on the demo site, 0 with this); CI's other lanes
    // shared it. The specs that look at motion or the first frames ask for it (`no-preference`).
    reducedMotion: 'reduce',
    // A failed test keeps its trace: each action's DOM snapshot, network and console, without the
    // screencast. Recording the screencast made Chromium composite and encode frames for the whole
    // run, passing tests included (two journeys: 97 → 84 CPU-s with the stack, 0.87×).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
})
