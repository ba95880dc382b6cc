/**
 * `npm run bench:preview` (issue 16): how long the editor's live preview takes to draw a draft,
 * against the publish render of the same site measured in the same run. Both are the web-site
 * renderer in this process (the console runs the same code in the browser): the preview renders
 * one language's page (`renderPreview`), the publish render every page of every language
 * (`renderSitePages`), so the per-language figure is the fair comparison. Sites: the demo 3 × 3
 * and the largest grid (10 × 10), two languages each. Median of 15 runs after 3 warm-ups.
 * Quick mode (`npm test`, docs/decisions/0075-bench-quick-modes.md): the demo 3 × 3 only, 1 run, no
 * warm-up.
 */
import { fixtureSite } from '../../web-site/src/fixture.ts'
import { renderPreview } from '../../web-site/src/preview.tsx'
import { renderSitePages } from '../../web-site/src/render.tsx'
import { median } from './load.ts'
import { type BenchContext, runsAsScript, scriptContext } from './script.ts'

export interface PreviewFigures {
  /** Per site: ms (medians), their ratio and the preview's HTML in KB. */
  rows: { site: string; previewMs: number; publishPerLanguageMs: number; ratio: number; htmlKb: number }[]
}

export const benchPreview = async ({ quick, print }: BenchContext): Promise<PreviewFigures> => {
  const RUNS = quick ? 1 : 15
  const WARM = quick ? 0 : 3
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

  print(
    '| site | preview, one language (ms) | publish, per language (ms) | preview / publish | preview HTML (KB) |\n',
  )
  print('| --- | ---: | ---: | ---: | ---: |\n')
  const sites = [
    ['demo 3 × 3', { rows: 3, columns: 3 }],
    ['largest 10 × 10', { rows: 10, columns: 10 }],
  ] as const
  const rows: PreviewFigures['rows'] = []
  for (const [label, size] of quick ? sites.slice(0, 1) : sites) {
    const input = fixtureSite(size)
    const languages = input.site.languages.length
    const now = Date.parse('2026-11-22T03:00:00.000Z')
    const options = { lang: 'JP', membership: 'locked', showCta: true, now } as const
    const preview = time(() => renderPreview(input, options))
    const publish = time(() => renderSitePages(input)) / languages
    const bytes = Buffer.byteLength(renderPreview(input, options)) / 1000
    rows.push({
      site: label,
      previewMs: preview,
      publishPerLanguageMs: publish,
      ratio: preview / publish,
      htmlKb: bytes,
    })
    print(
      `| ${label} | ${preview.toFixed(1)} | ${publish.toFixed(1)} | ${(preview / publish).toFixed(2)}× | ${bytes.toFixed(0)} |\n`,
    )
  }
  return { rows }
}

if (runsAsScript(import.meta.url)) await benchPreview(scriptContext())
