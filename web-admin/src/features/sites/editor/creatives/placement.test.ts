import { describe, expect, it } from 'vitest'
import { gridPositions } from './model.ts'
import { planPlacement, startIndex } from './placement.ts'

const file = (name: string, type = 'image/png', size = 4) => {
  const f = new File(['x'], name, { type })
  Object.defineProperty(f, 'size', { value: size })
  return f
}

describe('placing dropped files', () => {
  const positions = gridPositions(2, 2)

  it('numbers cells row by row', () => {
    expect(positions).toEqual(['A1', 'B1', 'A2', 'B2'])
    expect(gridPositions(1, 3)).toEqual(['A1', 'B1', 'C1'])
  })

  it('starts at the selected cell, else at the first empty one', () => {
    expect(startIndex(positions, 'A2', new Set(['A1']))).toBe(2)
    expect(startIndex(positions, null, new Set(['A1', 'B1']))).toBe(2)
    expect(startIndex(positions, null, new Set(positions))).toBe(-1)
  })

  it('sorts by name as people read numbers and skips refused files', () => {
    const { placements, refused } = planPlacement(
      [file('10.png'), file('2.png'), file('clip.avi', 'video/x-msvideo'), file('1.jpg', 'image/jpeg')],
      positions,
      1,
    )
    expect(placements.map((p) => [p.file.name, p.position])).toEqual([
      ['1.jpg', 'B1'],
      ['2.png', 'A2'],
      ['10.png', 'B2'],
    ])
    expect(refused.map((r) => r.file.name)).toEqual(['clip.avi'])
  })

  it('refuses what does not fit in the grid', () => {
    const { placements, refused } = planPlacement([file('a.png'), file('b.png')], positions, 3)
    expect(placements.map((p) => p.position)).toEqual(['B2'])
    expect(refused.map((r) => r.message)).toEqual(['「b.png」を配置できるセルが残っていません。'])
    expect(planPlacement([file('a.png')], positions, -1).refused).toHaveLength(1)
  })
})
