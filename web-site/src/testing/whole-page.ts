import { slideLabel } from '../blocks/cell-parts.ts'
import type { RenderedFile } from '../types.ts'

/**
 * Tests only. The cells file a swipe page names (`data-cells`, docs/decisions/0074-first-screen-first.md)
 * among a release's files, parsed; none when the page names none.
 */
export const cellsFileOf = (
  files: readonly RenderedFile[],
  html: string,
): { path: string; cells: Record<string, string> } | undefined => {
  const url = / data-cells="([^"]+)"/.exec(html)?.[1]
  if (!url) return undefined
  const file = files.find((f) => f.path.startsWith('data/cells.') && url.endsWith(`/${f.path}`))
  if (!file) throw new Error(`The release has no ${url}`)
  return { path: file.path, cells: JSON.parse(String(file.body)) as Record<string, string> }
}

/**
 * Tests only. A swipe page of a release as the island leaves it once its cells file is in: each
 * empty slide holds its cell's markup from the file and its label, and the page names the file no
 * more: the page as it was rendered before the first screen came first.
 */
export const wholePage = (files: readonly RenderedFile[], path = 'index.html'): string => {
  const html = String(files.find((f) => f.path === path)?.body ?? '')
  const file = cellsFileOf(files, html)
  if (!file) return html
  return html
    .replace(/ data-cells="[^"]+"/, '')
    .replace(
      /(<div class="c[^"]*" id="([A-Z]+\d+)" role="group" aria-roledescription="slide")( data-o="(\d+)"[^>]*>)(<\/div>)/g,
      (_, open: string, position: string, rest: string, order: string, close: string) =>
        `${open} aria-label="${slideLabel(position, order)}"${rest}${file.cells[position] ?? ''}${close}`,
    )
}
