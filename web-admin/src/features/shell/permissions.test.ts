import { ACTIONS } from '@swipe/shared'
import { describe, expect, it } from 'vitest'
import { normalizeUserInfo } from '../../lib/session.ts'
import { permissionOf } from './permissions.tsx'

const READS = ['self:read', 'self:update', 'summary:read', 'account:read', 'site:read']

describe('write permissions in the console', () => {
  it('allows what the server lists in allowed_actions', () => {
    const info = normalizeUserInfo({
      accountType: 'OEM_MASTER',
      allowedActions: ['account:create', 'nonsense'],
    })
    expect(info.allowedActions).toEqual(['account:create'])
    expect(permissionOf(info, 'account:create')).toBe('allowed')
  })

  it('shows a view-only account the writes its type has, disabled', () => {
    const viewer = normalizeUserInfo({
      accountType: 'SUB_ADMIN',
      parentType: 'OEM_MASTER',
      adminRole: 'VIEWER',
      allowedActions: READS,
    })
    expect(permissionOf(viewer, 'account:update')).toBe('viewOnly')
    expect(permissionOf(viewer, 'account:contract')).toBe('viewOnly')
    // Not for its type at all, or never for a sub-admin: hidden.
    expect(permissionOf(viewer, 'systemNotification:manage')).toBe('hidden')
    expect(permissionOf(viewer, 'subAdmin:manage')).toBe('hidden')
  })

  it('hides what an account type never does', () => {
    const oemAdmin = normalizeUserInfo({
      accountType: 'OEM_ADMIN',
      parentType: 'OEM_MASTER',
      allowedActions: ['account:read', 'account:update'],
    })
    expect(permissionOf(oemAdmin, 'account:contract')).toBe('hidden')
    expect(permissionOf(oemAdmin, 'account:delete')).toBe('hidden')
  })

  it('derives the actions from the policy when an older server sends none', () => {
    // Every action but the paying account's own card (platform staff are not invoiced).
    expect(normalizeUserInfo({ accountType: 'MASTER' }).allowedActions).toEqual(
      ACTIONS.filter((action) => action !== 'billing:card'),
    )
    const viewOnly = normalizeUserInfo({
      accountType: 'MASTER_USER',
      parentType: 'MASTER',
      authority: 'VIEW',
    })
    expect(viewOnly.allowedActions).toContain('account:read')
    expect(viewOnly.allowedActions).not.toContain('account:update')
  })
})
