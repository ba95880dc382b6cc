/**
 * Grid cells and their references (SPEC §3 Other): the one home of the grid's arithmetic for the
 * API, the publish render, the visitor island and the editor.
 *
 * A reference is one to three capital letters for the column, then the row number 1–100. Columns
 * count like spreadsheet columns: A = 0, Z = 25, AA = 26. A site's grid is `numberHorizontal` rows
 * by `numberVertical` columns; its cells are numbered row by row from 1 (A1 = 1, B1 = 2, …, A2 =
 * columns + 1): the creative's order and what popup CTAs' sheets name.
 */
export const CELL_PATTERN = /^([A-Z]{1,3})([1-9]\d?|100)$/

export interface Cell {
  /** Zero-based row (the number in the reference, minus one). */
  row: number
  /** Zero-based column (the letters). */
  column: number
}

/** A grid's size. */
export interface Grid {
  rows: number
  columns: number
}

/** The grid of a stored site: `numberHorizontal` rows by `numberVertical` columns. */
export const siteGrid = (site: { numberHorizontal: number; numberVertical: number }): Grid => ({
  rows: site.numberHorizontal,
  columns: site.numberVertical,
})

/** Whether a text is a cell reference (any grid). */
export const isCellReference = (reference: string | null | undefined): reference is string =>
  CELL_PATTERN.test(reference ?? '')

/** The row and column of a reference such as `B2`, or undefined when it is not one. */
export const parseCell = (reference: string | null | undefined): Cell | undefined => {
  const match = CELL_PATTERN.exec(reference ?? '')
  if (!match) return undefined
  let column = 0
  for (const letter of match[1]!) column = column * 26 + letter.charCodeAt(0) - 64
  return { row: Number(match[2]) - 1, column: column - 1 }
}

/** The reference of a zero-based row and column: (0, 0) is A1, (1, 27) is AB2. */
export const cellReference = (row: number, column: number): string => {
  let letters = ''
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters
  return `${letters}${row + 1}`
}

/** Whether a reference names a cell inside the grid; anything that is no reference is outside. */
export const isInGrid = (reference: string | null | undefined, grid: Grid): boolean => {
  const cell = parseCell(reference)
  return Boolean(cell && cell.row < grid.rows && cell.column < grid.columns)
}

/**
 * A cell's page order in a grid of `columns` columns: row-major from 1 (A1 = 1, B1 = 2, …);
 * 0 when the text is no cell reference.
 */
export const cellOrder = (reference: string | null | undefined, columns: number): number => {
  const cell = parseCell(reference)
  return cell ? cell.row * columns + cell.column + 1 : 0
}

/** The cell of a page order (from 1) in the grid, or undefined when the grid has no such page. */
export const cellAtOrder = (order: number, grid: Grid): string | undefined => {
  if (!Number.isInteger(order) || order < 1 || order > grid.rows * grid.columns) return undefined
  return cellReference(Math.floor((order - 1) / grid.columns), (order - 1) % grid.columns)
}

/** Every cell of a grid in page order (A1, B1, …, A2, …). */
export const gridCells = (grid: Grid): string[] =>
  Array.from({ length: grid.rows * grid.columns }, (_, i) =>
    cellReference(Math.floor(i / grid.columns), i % grid.columns),
  )

/** The default position (SPEC §9). */
export const DEFAULT_POSITION = 'A1'

/**
 * The cell a file's name names: a leading cell reference, in any case, followed by something that
 * is neither a letter nor a digit, or by nothing (`A1.png`, `b2.jpg`, `A1_春.png`, `C3`). Folders
 * are ignored (`photos/A1.png`). `A1b.png`, `A10x.png` and `IMG_0001.jpg` name no cell.
 */
export const cellOfFileName = (name: string): string | undefined => {
  const base = name.split(/[/\\]/).pop() ?? name
  const match = /^([A-Za-z]{1,3})(\d{1,3})(?![\p{L}\p{N}])/u.exec(base)
  if (!match) return undefined
  const reference = `${match[1]!.toUpperCase()}${match[2]}`
  return isCellReference(reference) ? reference : undefined
}

/**
 * Made on first use: a collator costs about 20 ms of ICU set-up, which every Lambda importing this
 * module would otherwise pay at its cold start (docs/decisions/0073-cold-starts-near-the-floor.md).
 */
let nameCollator: Intl.Collator | undefined

/** Natural name order: `2.png` before `10.png`, case aside; byte order settles ties. */
export const naturalNameCompare = (a: string, b: string): number => {
  nameCollator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
  return nameCollator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0)
}

/** Where one file goes, by `placeFiles`. */
export type FilePlacement =
  | {
      status: 'placed'
      position: string
      /** The file's name named this cell (it may replace the cell's media). */
      named: boolean
      /** The cell the name named when that cell is not in the usable grid: the file filled a free cell instead. */
      outside?: string
    }
  /** Another file (earlier in name order) names the same cell: the file is not placed. */
  | { status: 'duplicate'; position: string }
  /** No free cell was left for it (outside says which cell it named, when it named one outside). */
  | { status: 'noCell'; outside?: string }

export interface PlaceOptions {
  /** Free cells are filled from this cell on (page order); the start of the grid when absent. */
  start?: string
  /** Only the first `cells` cells of the grid take files (the owner's plan); all of them when absent. */
  cells?: number
}

/**
 * The one placement rule for several files at once (the editor's drop and file picker, the ZIP
 * bulk upload; docs/decisions/0016-site-uploads.md "Cell-named uploads"):
 * - a file whose name names a cell of the grid goes to that cell, whether it has media or not;
 *   a second file naming the same cell is not placed (`duplicate`);
 * - every other file, in natural name order, fills the cells that are neither `occupied` nor
 *   named by a file, in page order from `start`;
 * - a name that names a cell outside the grid counts as an ordinary name (`s1.jpg` is a slide,
 *   not column S), and its result says which cell it named (`outside`), so the caller reports it.
 * The result has one entry per name, in the order of `names`.
 */
export const placeFiles = (
  names: readonly string[],
  grid: Grid,
  occupied: Iterable<string> = [],
  options: PlaceOptions = {},
): FilePlacement[] => {
  const usable = gridCells(grid).slice(0, options.cells ?? grid.rows * grid.columns)
  const inGrid = new Set(usable)
  const taken = new Set<string>()
  const result: FilePlacement[] = new Array(names.length)
  const order = names
    .map((name, index) => ({ name, index }))
    .sort((a, b) => naturalNameCompare(a.name, b.name))
  const ordinary: Array<{ index: number; outside?: string }> = []
  for (const { name, index } of order) {
    const cell = cellOfFileName(name)
    if (cell && inGrid.has(cell)) {
      if (taken.has(cell)) result[index] = { status: 'duplicate', position: cell }
      else {
        taken.add(cell)
        result[index] = { status: 'placed', position: cell, named: true }
      }
    } else ordinary.push(cell ? { index, outside: cell } : { index })
  }
  const blocked = new Set([...occupied, ...taken])
  const from = Math.max(0, options.start ? usable.indexOf(options.start) : 0)
  const free = usable.slice(from).filter((cell) => !blocked.has(cell))
  ordinary.forEach(({ index, outside }, i) => {
    const position = free[i]
    const note = outside ? { outside } : {}
    result[index] = position
      ? { status: 'placed', position, named: false, ...note }
      : { status: 'noCell', ...note }
  })
  return result
}
