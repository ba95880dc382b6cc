import { i18n } from '../../../../i18n/index.ts'
import { fileProblem } from '../../../../lib/files.ts'
import { MEDIA_RULE } from '../upload.ts'

/** A file and the cell it goes to. */
export interface Placement {
  file: File
  position: string
}

/** A file that is not sent, and why (naming the file). */
export interface Refusal {
  file: File
  message: string
}

/** Name order as people read it: `2.png` before `10.png`. */
export const byName = (a: File, b: File): number =>
  a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' })

/**
 * Where dropped files start: the selected cell, else the first cell without media; -1 when every
 * cell is filled and none is selected.
 */
export const startIndex = (
  positions: readonly string[],
  selected: string | null,
  filled: ReadonlySet<string>,
): number => (selected ? positions.indexOf(selected) : positions.findIndex((p) => !filled.has(p)))

/**
 * Puts files in name order into consecutive cells from `start`. Files the client refuses (type,
 * size: SPEC §5) take no cell; files beyond the last cell are refused too.
 */
export const planPlacement = (
  files: readonly File[],
  positions: readonly string[],
  start: number,
): { placements: Placement[]; refused: Refusal[] } => {
  const placements: Placement[] = []
  const refused: Refusal[] = []
  let next = start
  for (const file of [...files].sort(byName)) {
    const problem = fileProblem(file, MEDIA_RULE)
    const position = next >= 0 ? positions[next] : undefined
    if (problem) refused.push({ file, message: problem })
    else if (!position)
      refused.push({ file, message: i18n.t('siteContent.upload.noCell', { file: file.name }) })
    else {
      placements.push({ file, position })
      next += 1
    }
  }
  return { placements, refused }
}
