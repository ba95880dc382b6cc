import { describe, expect, it } from 'vitest'
import {
  CELL_PATTERN,
  cellAtOrder,
  cellOfFileName,
  cellOrder,
  cellReference,
  gridCells,
  isCellReference,
  isInGrid,
  parseCell,
  placeFiles,
  siteGrid,
} from './cells.ts'

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
    expect(isCellReference(reference)).toBe(true)
  })

  it.each(['', 'a1', 'A0', 'A101', 'AAAA1', '1A', 'A01', 'A1 ', 'B-2', 'A1000'])(
    'refuses %j',
    (reference) => {
      expect(parseCell(reference)).toBeUndefined()
      expect(isCellReference(reference)).toBe(false)
      expect(CELL_PATTERN.test(reference)).toBe(false)
    },
  )

  it('refuses no reference at all', () => {
    expect(parseCell(undefined)).toBeUndefined()
    expect(parseCell(null)).toBeUndefined()
    expect(isCellReference(undefined)).toBe(false)
  })

  it('names the single-letter columns A–Z by row and column', () => {
    expect([cellReference(0, 0), cellReference(0, 1), cellReference(2, 25)]).toEqual(['A1', 'B1', 'Z3'])
  })
})

describe('a site’s grid (numberHorizontal rows × numberVertical columns)', () => {
  const grid = siteGrid({ numberHorizontal: 2, numberVertical: 3 })

  it('reads rows from numberHorizontal and columns from numberVertical', () => {
    expect(grid).toEqual({ rows: 2, columns: 3 })
  })

  it('lists its cells row by row', () => {
    expect(gridCells(grid)).toEqual(['A1', 'B1', 'C1', 'A2', 'B2', 'C2'])
    expect(gridCells({ rows: 1, columns: 1 })).toEqual(['A1'])
  })

  it.each([
    ['A1', true],
    ['C1', true],
    ['C2', true],
    ['D1', false],
    ['A3', false],
    ['AA1', false],
    ['A01', false],
    ['a1', false],
    ['', false],
    [undefined, false],
  ])('%s inside: %s', (reference, inside) => {
    expect(isInGrid(reference, grid)).toBe(inside)
  })

  it('numbers cells row-major from 1, and anything else 0', () => {
    expect(gridCells(grid).map((cell) => cellOrder(cell, grid.columns))).toEqual([1, 2, 3, 4, 5, 6])
    expect(cellOrder('AA1', 30)).toBe(27)
    expect(cellOrder('nope', 3)).toBe(0)
    expect(cellOrder(undefined, 3)).toBe(0)
  })

  it('finds the cell of each page order, and none outside the grid', () => {
    expect([1, 2, 3, 4, 5, 6].map((order) => cellAtOrder(order, grid))).toEqual(gridCells(grid))
    for (const order of [0, -1, 7, 1.5, Number.NaN]) expect(cellAtOrder(order, grid)).toBeUndefined()
  })
})

describe('cellOfFileName (a leading reference, any case, then no letter or digit)', () => {
  it.each([
    ['A1.png', 'A1'],
    ['b2.jpg', 'B2'],
    ['A1_春.png', 'A1'],
    ['a1-春キャンペーン.PNG', 'A1'],
    ['C10', 'C10'],
    ['photos/B2.mp4', 'B2'],
    ['AB3 (1).jpg', 'AB3'],
    ['A1春.png', undefined],
    ['A1b.png', undefined],
    ['A10x.jpg', undefined],
    ['IMG_0001.jpg', undefined],
    ['1.png', undefined],
    ['A0.png', undefined],
    ['A101.png', undefined],
    ['photo.png', undefined],
    ['ABCD1.png', undefined],
  ])('%s → %s', (name, cell) => {
    expect(cellOfFileName(name)).toBe(cell)
  })
})

describe('placeFiles (one rule for the editor and the ZIP)', () => {
  const grid = { rows: 2, columns: 2 }

  it('puts cell-named files in their cells whatever the order they come in', () => {
    expect(placeFiles(['B2.png', 'a2.png', 'B1.jpg', 'A1_春.png'], grid)).toEqual([
      { status: 'placed', position: 'B2', named: true },
      { status: 'placed', position: 'A2', named: true },
      { status: 'placed', position: 'B1', named: true },
      { status: 'placed', position: 'A1', named: true },
    ])
  })

  it('fills the free cells with the other files in natural name order, around named and occupied cells', () => {
    expect(placeFiles(['10.png', 'B1.png', '2.png'], { rows: 2, columns: 3 }, ['A1'])).toEqual([
      { status: 'placed', position: 'A2', named: false },
      { status: 'placed', position: 'B1', named: true },
      { status: 'placed', position: 'C1', named: false },
    ])
  })

  it('lets a named file replace an occupied cell', () => {
    expect(placeFiles(['A1.png', 'x.png'], grid, ['A1', 'B1'])).toEqual([
      { status: 'placed', position: 'A1', named: true },
      { status: 'placed', position: 'A2', named: false },
    ])
  })

  it('reports a named cell outside the grid and places the file in a free cell instead', () => {
    expect(placeFiles(['C1.png', 'A3.png', 's1.jpg'], grid, ['A1', 'B1'])).toEqual([
      { status: 'placed', position: 'B2', named: false, outside: 'C1' },
      { status: 'placed', position: 'A2', named: false, outside: 'A3' },
      { status: 'noCell', outside: 'S1' },
    ])
  })

  it('places only the first of two files naming one cell', () => {
    expect(placeFiles(['a1.png', 'A1.jpg'], grid)).toEqual([
      { status: 'duplicate', position: 'A1' },
      { status: 'placed', position: 'A1', named: true },
    ])
  })

  it('refuses what finds no free cell', () => {
    expect(placeFiles(['x.png', 'y.png'], grid, ['A1', 'B1', 'A2'])).toEqual([
      { status: 'placed', position: 'B2', named: false },
      { status: 'noCell' },
    ])
  })

  it('starts filling at the given cell, and uses only the cells a plan allows', () => {
    expect(
      placeFiles(['x.png', 'y.png', 'z.png'], grid, [], { start: 'B1' }).map(
        (p) => p.status === 'placed' && p.position,
      ),
    ).toEqual(['B1', 'A2', 'B2'])
    expect(placeFiles(['B2.png', 'x.png', 'y.png'], grid, ['A1'], { cells: 2 })).toEqual([
      { status: 'placed', position: 'B1', named: false, outside: 'B2' },
      { status: 'noCell' },
      { status: 'noCell' },
    ])
  })
})
