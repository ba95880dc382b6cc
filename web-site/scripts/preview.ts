import { rmSync } from 'node:fs'
import { fixtureSite } from '../src/fixture.ts'
import { writeRelease } from './release.ts'
import { serveRelease } from './serve.ts'

/**
 * `npm run -w @swipe/web-site preview`: renders the fixture site with the seed images into a
 * temporary folder and serves it (PORT, default 4173). Open it in a phone-sized window with touch
 * emulation; Ctrl+C stops it.
 */
const now = new Date().toISOString()
const dir = writeRelease(fixtureSite({ now }))
const { url, server } = await serveRelease(dir, Number(process.env.PORT ?? 4173))
console.info(`Swipe page preview: ${url}/  (English: ${url}/en/)\nRelease folder: ${dir}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    server.close()
    rmSync(dir, { recursive: true, force: true })
    process.exit(0)
  })
