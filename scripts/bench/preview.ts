/**
 * `npm run bench:preview` (issue 16): how long the editor's live preview takes to draw a draft,
 * against the publish render of the same site measured in the same run. Both are the web-site
 * renderer in this process (the console runs the same code in the browser): the preview renders
 * one language's page (`renderPreview`), the publish render every page of every language
 * (`renderSitePages`), so the per-language figure is the fair comparison. Sites: the demo 3 × 3
 * and the largest grid (10 × 10), two languages each. Median of 15 runs after 3 warm-ups.
 */
import { fixtureSite } from '../../web-site/src/fixture.ts'
import { renderPreview } from '../../web-site/src/preview.tsx'
import { renderSitePages } from '../../web-site/src/render.tsx'
import { median } from './load.ts'

const RUNS = 15
const WARM = 3
const time = (work: () => unknown) => {
  for (let i = 0; i < WARM; i++) work()
  const runs: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now()
    work()
    runs.push(performance.now() - start)
  }
  return median(runs)
}

console.info(
  '| site | preview, one language (ms) | publish, per language (ms) | preview / publish | preview HTML (KB) |',
)
console.info('| --- | ---: | ---: | ---: | ---: |')
for (const [label, size] of [
  ['demo 3 × 3', { rows: 3, columns: 3 }],
  ['largest 10 × 10', { rows: 10, columns: 10 }],
] as const) {
  const input = fixtureSite(size)
  const languages = input.site.languages.length
  const now = Date.parse('2026-11-22T03:00:00.000Z')
  const options = { lang: 'JP', membership: 'locked', showCta: true, now } as const
  const preview = time(() => renderPreview(input, options))
  const publish = time(() => renderSitePages(input)) / languages
  const bytes = Buffer.byteLength(renderPreview(input, options)) / 1000
  console.info(
    `| ${label} | ${preview.toFixed(1)} | ${publish.toFixed(1)} | ${(preview / publish).toFixed(2)}× | ${bytes.toFixed(0)} |`,
  )
}
