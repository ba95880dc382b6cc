import { describe, expect, it } from 'vitest'
import { gridPositions } from './model.ts'
import { planPlacement, startIndex } from './placement.ts'

const file = (name: string, type = 'image/png', size = 4) => {
  const f = new File(['x'], name, { type })
  Object.defineProperty(f, 'size', { value: size })
  return f
}

const where = (plan: ReturnType<typeof planPlacement>) =>
  plan.placements.map((p) => [p.file.name, p.position, ...(p.note ? [p.note] : [])])

describe('placing dropped files', () => {
  const positions = gridPositions(2, 2)
  const grid = { rows: 2, columns: 2 }
  const none = new Set<string>()

  it('numbers cells row by row', () => {
    expect(positions).toEqual(['A1', 'B1', 'A2', 'B2'])
    expect(gridPositions(1, 3)).toEqual(['A1', 'B1', 'C1'])
  })

  it('starts at the selected cell, else at the first empty one', () => {
    expect(startIndex(positions, 'A2', new Set(['A1']))).toBe(2)
    expect(startIndex(positions, null, new Set(['A1', 'B1']))).toBe(2)
    expect(startIndex(positions, null, new Set(positions))).toBe(-1)
  })

  it('puts cell-named files in their cells, in whatever order they come', () => {
    const plan = planPlacement(
      [file('B2.png'), file('a2.png'), file('B1.jpg', 'image/jpeg'), file('A1_春.png')],
      grid,
      { filled: none },
    )
    expect(where(plan)).toEqual([
      ['A1_春.png', 'A1'],
      ['a2.png', 'A2'],
      ['B1.jpg', 'B1'],
      ['B2.png', 'B2'],
    ])
    expect(plan.refused).toEqual([])
  })

  it('fills free cells in name order around named and filled cells, and skips refused files', () => {
    const plan = planPlacement(
      [file('10.png'), file('B1.png'), file('clip.avi', 'video/x-msvideo'), file('1.jpg', 'image/jpeg')],
      grid,
      { filled: new Set(['A1']) },
    )
    expect(where(plan)).toEqual([
      ['1.jpg', 'A2'],
      ['10.png', 'B2'],
      ['B1.png', 'B1'],
    ])
    expect(plan.refused.map((r) => r.file.name)).toEqual(['clip.avi'])
  })

  it('starts free files at the selected cell, which it may replace', () => {
    const plan = planPlacement([file('a.png'), file('b.png')], grid, {
      filled: new Set(['A1', 'B1', 'A2']),
      selected: 'B1',
    })
    expect(where(plan)).toEqual([
      ['a.png', 'B1'],
      ['b.png', 'B2'],
    ])
  })

  it('says where a file named after a cell outside the grid went, and refuses a second file for a cell', () => {
    const plan = planPlacement([file('C3.png'), file('a1.png'), file('A1.jpg', 'image/jpeg')], grid, {
      filled: none,
    })
    expect(where(plan)).toEqual([
      ['A1.jpg', 'A1'],
      ['C3.png', 'B1', '「C3.png」の名前のセルC3はこのグリッドにないため、B1に配置しました。'],
    ])
    expect(plan.refused.map((r) => r.message)).toEqual([
      '「a1.png」が指すセルA1は、ほかのファイルも指しています。どちらかの名前を変えてください。',
    ])
  })

  it('puts a replacement in its chosen cell whatever its name', () => {
    const plan = planPlacement([file('B2.png')], grid, { filled: new Set(['A1']), target: 'A1' })
    expect(where(plan)).toEqual([['B2.png', 'A1']])
  })

  it('refuses what does not fit in the grid', () => {
    const plan = planPlacement([file('a.png'), file('b.png')], grid, { filled: new Set(['A1', 'B1', 'A2']) })
    expect(where(plan)).toEqual([['a.png', 'B2']])
    expect(plan.refused.map((r) => r.message)).toEqual(['「b.png」を配置できるセルが残っていません。'])
  })
})
