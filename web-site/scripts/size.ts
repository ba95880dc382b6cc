import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { fixtureSite, realisticSite } from '../src/fixture.ts'
import { renderSitePages } from '../src/render.tsx'
import type { PublishInput } from '../src/types.ts'

/**
 * `npm run -w @swipe/web-site size`: renders fixture sites and prints what a visitor downloads
 * before any image: each page's HTML (CSS inlined) and the scripts (the swipe page's, and the form
 * pages' own), raw, gzipped and brotli'd, and the cells file the island fetches after the first
 * paint (docs/decisions/0074-first-screen-first.md).
 * Budgets (issue 6): first HTML ≤ 14 KB compressed, all JavaScript ≤ 40 KB gzipped.
 * A measurement, not a test.
 */
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(9)

const report = (label: string, input: PublishInput) => {
  console.info(`\n${label}`)
  console.info(`  ${'file'.padEnd(34)}${'raw'.padStart(9)}${'gzip'.padStart(9)}${'brotli'.padStart(9)}`)
  for (const file of renderSitePages(input)) {
    // One language's form pages stand for the others'; of the data files, the default language's
    // cells file (fetched after the first paint, docs/decisions/0074-first-screen-first.md).
    if (
      (file.path.startsWith('data/') && !file.path.startsWith('data/cells.ja.')) ||
      file.path === 'ja/index.html' ||
      /^\w\w\/.+\//.test(file.path)
    )
      continue
    const body = typeof file.body === 'string' ? Buffer.from(file.body) : file.body
    const gzip = gzipSync(body, { level: 9 }).length
    const brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
    console.info(`  ${file.path.padEnd(34)}${kb(body.length)}${kb(gzip)}${kb(brotli)}`)
  }
}

report('Fixture site: 3 × 3, JP + EN, 2 popup CTAs, 1 product, menu, SNS, company tabs', fixtureSite())
report(
  'Largest plan: 10 × 10 (100 creatives), same features on every cell',
  fixtureSite({ rows: 10, columns: 10 }),
)
report(
  'A creator’s 10 × 10 in four languages: distinct texts per cell, renditions (the fixture’s realisticSite)',
  realisticSite(),
)
