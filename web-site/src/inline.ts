import type { CellModel, PageModel } from './model.ts'
import { openingCell, openingIndex } from './opening.ts'
import type { PublishInput } from './types.ts'

/**
 * The first creative inside the page (docs/decisions/0042-media-for-phones.md). A phone on a slow connection
 * spends three round trips before the page's first byte (DNS, TCP, the request) and one more for the first
 * creative, even preloaded. A page that fits TCP's first window with its first creative's AVIF inside saves
 * that last round trip: the creative paints with the page. So when the first creative's largest AVIF is small
 * and the page with it still fits, the page carries it as a `data:` URL in its AVIF source, and drops the
 * preload (which would fetch the same picture again). Browsers without AVIF take the JPEG or WebP
 * sources as before; a page that would not fit is rendered as before, with the preload.
 */

/** The largest AVIF worth reading to inline (an AVIF of the 2× frame is ~5–8 KB for graphics). */
export const INLINE_MAX_BYTES = 10_000

/**
 * The page's first creative (its start cell's when it has one, ./opening.ts) when it is shown as a
 * picture (not a video, not members-only).
 */
const firstPicture = (
  model: PageModel,
): (CellModel & { picture: NonNullable<CellModel['picture']> }) | undefined => {
  const cell = openingCell(model)
  return cell && !cell.locked && !cell.video && cell.picture
    ? (cell as CellModel & { picture: NonNullable<CellModel['picture']> })
    : undefined
}

/** The first creative's AVIF the page could carry: its largest, when its size is known and small. */
const inlineFile = (input: PublishInput, model: PageModel) => {
  const cell = firstPicture(model)
  const key = cell?.creative.mediaKey
  const avif = (key ? (input.renditions?.[key]?.images ?? []) : [])
    .filter((image) => image.format === 'avif')
    .sort((a, b) => b.width - a.width)[0]
  return cell && avif && avif.bytes !== undefined && avif.bytes <= INLINE_MAX_BYTES
    ? { cell, avif }
    : undefined
}

/** The storage keys of the AVIF files these page models could carry (the publisher reads them). */
export const inlineCandidates = (input: PublishInput, models: readonly PageModel[]): string[] => [
  ...new Set(models.flatMap((model) => inlineFile(input, model)?.avif.key ?? [])),
]

/**
 * The page model with its first creative's AVIF source replaced by the file's bytes (in
 * `input.inline`, base64), or undefined when there is nothing to inline. The render stays free of
 * Node: whether the page still fits is the publisher's measure (`input.inline.fits`,
 * first-window.ts).
 */
export const withInlineFirst = (input: PublishInput, model: PageModel): PageModel | undefined => {
  const found = inlineFile(input, model)
  const base64 = found && input.inline?.files[found.avif.key]
  if (!found || !base64) return undefined
  const { cell, avif } = found
  const sources = cell.picture.sources.map((source) =>
    source.type === 'image/avif'
      ? {
          type: source.type,
          srcSet: `data:image/avif;base64,${base64} ${avif.width}w`,
        }
      : source,
  )
  const first = { ...cell, picture: { ...cell.picture, sources } }
  const at = openingIndex(model)
  return {
    ...model,
    rows: model.rows.map((row, i) => (i === at.row ? row.map((c, j) => (j === at.column ? first : c)) : row)),
  }
}

/** Whether a source is carried inside the page. */
export const isInline = (srcSet: string): boolean => srcSet.startsWith('data:')
