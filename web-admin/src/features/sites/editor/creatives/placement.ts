import { type FilePlacement, type Grid, naturalNameCompare, placeFiles } from '@swipe/shared/site/cells'
import { i18n, tShared } from '../../../../i18n/index.ts'
import { fileProblem } from '../../../../lib/files.ts'
import { MEDIA_RULE } from '../upload.ts'

/** A file and the cell it goes to, with a note when it did not go where its name says. */
export interface Placement {
  file: File
  position: string
  note?: string
}

/** A file that is not sent, and why (naming the file). */
export interface Refusal {
  file: File
  message: string
}

/** Name order as people read it: `2.png` before `10.png`. */
export const byName = (a: File, b: File): number => naturalNameCompare(a.name, b.name)

/**
 * Where dropped files start: the selected cell, else the first cell without media; -1 when every
 * cell is filled and none is selected.
 */
export const startIndex = (
  positions: readonly string[],
  selected: string | null,
  filled: ReadonlySet<string>,
): number => (selected ? positions.indexOf(selected) : positions.findIndex((p) => !filled.has(p)))

export interface PlacementContext {
  /** Cells that have media in the current language. */
  filled: ReadonlySet<string>
  /** The selected cell: free files start there, and it counts as free (dropping on it replaces its media). */
  selected?: string | null
  /** A replacement for one chosen cell: the file goes there whatever its name. */
  target?: string
}

const refusalOf = (file: File, place: Exclude<FilePlacement, { status: 'placed' }>): Refusal => ({
  file,
  message:
    place.status === 'duplicate'
      ? tShared('zip.cellTwice', { file: file.name, cell: place.position })
      : i18n.t('siteContent.upload.noCell', { file: file.name }),
})

/**
 * Where several dropped or picked files go, by the one rule of `placeFiles` (shared, also used by
 * the ZIP upload): a file named after a cell (`A1.png`, `b2.jpg`, `A1_春.png`) goes to that cell;
 * the others fill the cells without media in name order, from the selected cell on. Files the
 * client refuses (type, size: SPEC §5) take no cell; a file that finds no cell is refused too.
 */
export const planPlacement = (
  files: readonly File[],
  grid: Grid,
  { filled, selected = null, target }: PlacementContext,
): { placements: Placement[]; refused: Refusal[] } => {
  const placements: Placement[] = []
  const refused: Refusal[] = []
  const accepted: File[] = []
  for (const file of [...files].sort(byName)) {
    const problem = fileProblem(file, MEDIA_RULE)
    if (problem) refused.push({ file, message: problem })
    else accepted.push(file)
  }
  if (target) {
    const [file, ...rest] = accepted
    if (file) placements.push({ file, position: target })
    for (const extra of rest) refused.push(refusalOf(extra, { status: 'noCell' }))
    return { placements, refused }
  }
  const occupied = [...filled].filter((cell) => cell !== selected)
  const places = placeFiles(
    accepted.map((file) => file.name),
    grid,
    occupied,
    selected ? { start: selected } : {},
  )
  accepted.forEach((file, index) => {
    const place = places[index]!
    if (place.status !== 'placed') refused.push(refusalOf(file, place))
    else
      placements.push({
        file,
        position: place.position,
        ...(place.outside
          ? {
              note: tShared('zip.cellOutside', {
                file: file.name,
                cell: place.outside,
                position: place.position,
              }),
            }
          : {}),
      })
  })
  placements.sort((a, b) => byName(a.file, b.file))
  return { placements, refused }
}
