import { existsSync } from 'node:fs'

/**
 * Debian's Chromium headless shell (`apt-get install chromium-headless-shell`), the same Blink as
 * the browser without its windowing layers: what Playwright itself runs headless tests in. The
 * browser journeys used 0.91× the CPU in it than in the full browser in headless mode
 * (docs/decisions/0059-ci-in-lanes.md). The full browser stands in where it is not installed.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

/**
 * The system Chromium the browser tests and the benchmarks drive (Playwright cannot download its
 * own browser here), and the flags it needs as root on a machine with no network: no Chrome
 * sandbox, no background traffic.
 */
export const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
