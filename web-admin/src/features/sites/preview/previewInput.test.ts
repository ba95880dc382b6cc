import { describe, expect, it } from 'vitest'
import { landingCellOf } from './previewInput.ts'

const cells = (...positions: string[]) => positions.map((position) => ({ position }))

describe('landingCellOf: the cell the view log records first', () => {
  it('is the wanted cell when the language has it', () => {
    expect(landingCellOf(cells('A1', 'B1', 'A2'), 'A2')).toBe('A2')
  })

  it('is otherwise the first creative row by row, where the page opens', () => {
    expect(landingCellOf(cells('B2', 'A2', 'B1'), 'A1')).toBe('B1')
    expect(landingCellOf(cells('B10', 'C2', 'AA1'), undefined)).toBe('AA1')
    expect(landingCellOf([], 'A1')).toBeUndefined()
  })
})
