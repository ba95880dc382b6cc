/**
 * Cell references (SPEC §3 Other): one to three capital letters for the column, then the row
 * number 1–100. Columns count like spreadsheet columns: A = 0, Z = 25, AA = 26.
 */
export const CELL_PATTERN = /^([A-Z]{1,3})([1-9]\d?|100)$/

export interface Cell {
  /** Zero-based row (the number in the reference, minus one). */
  row: number
  /** Zero-based column (the letters). */
  column: number
}

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

/** The default position (SPEC §9). */
export const DEFAULT_POSITION = 'A1'
