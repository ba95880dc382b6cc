import { describe, expect, it } from 'vitest'
import { menuAreasFor, userTypeSegment } from './accounts.ts'

describe('userTypeSegment', () => {
  it.each([
    ['MASTER', undefined, 'master'],
    ['MASTER_USER', undefined, 'masteruser'],
    ['OEM_MASTER', undefined, 'admin'],
    ['OEM_ADMIN', undefined, 'admin'],
    ['USER', undefined, 'adminuser'],
    ['SUB_ADMIN', 'OEM_MASTER', 'admin'],
    ['SUB_ADMIN', 'USER', 'adminuser'],
    ['SUB_ADMIN', 'MASTER', 'master'],
  ] as const)('%s (parent %s) -> %s', (type, parent, segment) => {
    expect(userTypeSegment(type, parent)).toBe(segment)
  })

  it('refuses a sub-admin without a parent type', () => {
    expect(() => userTypeSegment('SUB_ADMIN')).toThrow('parent type')
  })
})

describe('menuAreasFor', () => {
  it('gives a sub-admin its parent areas without admin settings', () => {
    expect(menuAreasFor('SUB_ADMIN', 'USER')).toEqual(
      menuAreasFor('USER').filter((a) => a !== 'adminSettings'),
    )
    expect(menuAreasFor('SUB_ADMIN', null)).toEqual([])
  })
  it('keeps user management away from direct users', () => {
    expect(menuAreasFor('USER')).not.toContain('userList')
    expect(menuAreasFor('MASTER')).toContain('systemNotification')
  })
})
