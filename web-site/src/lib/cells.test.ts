import { CELL_POSITION, cellPosition } from '@swipe/shared/schemas/site-builder'
import { describe, expect, it } from 'vitest'
import { CELL_PATTERN, cellReference, parseCell } from './cells.ts'

describe('cell references (SPEC §3: 1–3 capital letters, row 1–100)', () => {
  it.each([
    ['A1', { row: 0, column: 0 }],
    ['B2', { row: 1, column: 1 }],
    ['Z100', { row: 99, column: 25 }],
    ['AA1', { row: 0, column: 26 }],
    ['AB10', { row: 9, column: 27 }],
    ['ZZZ99', { row: 98, column: 18277 }],
  ])('%s is %o', (reference, cell) => {
    expect(parseCell(reference)).toEqual(cell)
    expect(cellReference(cell.row, cell.column)).toBe(reference)
  })

  it.each(['', 'a1', 'A0', 'A101', 'AAAA1', '1A', 'A01', 'A1 ', 'B-2', 'A1000'])(
    'refuses %j',
    (reference) => {
      expect(parseCell(reference)).toBeUndefined()
    },
  )

  it('agrees with the shared schema’s pattern and cell names', () => {
    for (const reference of ['A1', 'Z26', 'AA100', 'ABC7', 'A0', 'A101', 'a1', 'AAAA1', 'A01'])
      expect(CELL_PATTERN.test(reference), reference).toBe(CELL_POSITION.test(reference))
    for (let row = 0; row < 100; row += 7)
      for (let column = 0; column < 26; column += 5)
        expect(cellReference(row, column)).toBe(cellPosition(row, column))
  })
})
