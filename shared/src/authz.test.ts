import { describe, expect, it } from 'vitest'
import {
  ACTIONS,
  can,
  inScope,
  isPersonalDataRead,
  isReadAction,
  mayTake,
  type PolicyActor,
  scopeRoot,
} from './authz.ts'

const actor = (overrides: Partial<PolicyActor>): PolicyActor => ({
  accountId: 'me',
  accountType: 'USER',
  ancestorIds: ['master', 'oem'],
  parentId: 'oem',
  parentType: 'OEM_MASTER',
  contractStatus: 'ACTIVE',
  authority: 'EDIT',
  ...overrides,
})

const writes = ACTIONS.filter((a) => !isReadAction(a) && !a.startsWith('self:'))

describe('can()', () => {
  it('refuses everything to an account that is not active', () => {
    for (const status of ['SUSPENDED', 'TERMINATED', 'INACTIVE'] as const) {
      for (const action of ACTIONS) {
        expect(can(actor({ accountType: 'MASTER', contractStatus: status }), action)).toBe(false)
      }
    }
  })

  it('never lets a viewer sub-admin or VIEW authority write, while reads stay open', () => {
    const viewer = actor({
      accountType: 'SUB_ADMIN',
      parentType: 'USER',
      ancestorIds: ['master', 'oem', 'user'],
      adminRole: 'VIEWER',
    })
    const viewOnly = actor({ accountType: 'OEM_MASTER', authority: 'VIEW', ancestorIds: ['master'] })
    for (const action of writes) {
      expect(can(viewer, action), action).toBe(false)
      expect(can(viewOnly, action), action).toBe(false)
    }
    expect(can(viewer, 'site:read')).toBe(true)
    expect(can(viewOnly, 'account:read')).toBe(true)
    expect(can(viewOnly, 'self:update')).toBe(true)
  })

  it('keeps force-complete of payments to MASTER', () => {
    expect(can(actor({ accountType: 'MASTER', ancestorIds: [] }), 'billing:forceComplete')).toBe(true)
    for (const type of ['MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER'] as const) {
      expect(can(actor({ accountType: type }), 'billing:forceComplete'), type).toBe(false)
    }
  })

  it('lets no sub-admin manage sub-admins, whatever its parent', () => {
    for (const parentType of ['MASTER', 'OEM_MASTER', 'USER'] as const) {
      expect(
        can(actor({ accountType: 'SUB_ADMIN', parentType, adminRole: 'EDITOR' }), 'subAdmin:manage'),
      ).toBe(false)
    }
    expect(can(actor({ accountType: 'USER' }), 'subAdmin:manage')).toBe(true)
  })

  it("keeps visitors' personal data from viewer sub-admins, not from VIEW authority", () => {
    const subOf = (adminRole: 'VIEWER' | 'EDITOR' | 'MAIN_CONTACT') =>
      actor({
        accountType: 'SUB_ADMIN',
        parentType: 'USER',
        ancestorIds: ['master', 'oem', 'user'],
        adminRole,
      })
    expect(isPersonalDataRead('submission:read')).toBe(true)
    expect(can(subOf('VIEWER'), 'submission:read')).toBe(false)
    expect(can(subOf('VIEWER'), 'site:read')).toBe(true)
    expect(can(subOf('EDITOR'), 'submission:read')).toBe(true)
    expect(can(subOf('MAIN_CONTACT'), 'submission:read')).toBe(true)
    for (const type of ['MASTER', 'MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER'] as const) {
      expect(can(actor({ accountType: type, authority: 'VIEW' }), 'submission:read'), type).toBe(true)
    }
  })

  it('keeps direct users away from other accounts', () => {
    expect(mayTake(actor({ accountType: 'USER' }), 'account:read')).toBe(false)
    expect(mayTake(actor({ accountType: 'USER' }), 'site:write')).toBe(true)
  })
})

describe('scope', () => {
  const siteOf = (...tenantIds: string[]) => ({ tenantIds })
  it('gives staff everything and OEMs their subtree', () => {
    expect(scopeRoot(actor({ accountType: 'MASTER', ancestorIds: [] }))).toBe('ALL')
    expect(scopeRoot(actor({ accountType: 'MASTER_USER', ancestorIds: ['master'] }))).toBe('ALL')
    const oem = actor({ accountId: 'oemA', accountType: 'OEM_MASTER', ancestorIds: ['master'] })
    expect(inScope(oem, siteOf('master', 'oemA', 'userA'))).toBe(true)
    expect(inScope(oem, siteOf('master', 'oemB', 'userB'))).toBe(false)
  })
  it("puts an OEM admin in its OEM master's subtree", () => {
    const admin = actor({ accountId: 'adm', accountType: 'OEM_ADMIN', ancestorIds: ['master', 'oemA'] })
    expect(scopeRoot(admin)).toBe('oemA')
    expect(inScope(admin, siteOf('master', 'oemA', 'userA'))).toBe(true)
  })
  it("puts a sub-admin in its parent's scope, even under an OEM admin", () => {
    const ofUser = actor({
      accountId: 'sub',
      accountType: 'SUB_ADMIN',
      parentType: 'USER',
      ancestorIds: ['master', 'oemA', 'userA'],
    })
    expect(scopeRoot(ofUser)).toBe('userA')
    expect(inScope(ofUser, siteOf('master', 'oemA', 'userB'))).toBe(false)
    const ofOemAdmin = actor({
      accountId: 'sub2',
      accountType: 'SUB_ADMIN',
      parentType: 'OEM_ADMIN',
      ancestorIds: ['master', 'oemA', 'adm'],
    })
    expect(scopeRoot(ofOemAdmin)).toBe('oemA')
  })
  it('lets a direct user see only its own', () => {
    const user = actor({ accountId: 'userA' })
    expect(can(user, 'site:write', siteOf('master', 'oem', 'userA'))).toBe(true)
    expect(can(user, 'site:write', siteOf('master', 'oem', 'userB'))).toBe(false)
  })
})
