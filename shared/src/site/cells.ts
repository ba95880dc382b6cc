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
