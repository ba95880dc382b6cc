/**
 * The system Chromium the browser tests and the benchmarks drive (Playwright cannot download its
 * own browser here), and the flags it needs as root on a machine with no network: no Chrome
 * sandbox, no background traffic.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
