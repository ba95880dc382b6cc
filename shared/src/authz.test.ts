import { describe, expect, it } from 'vitest'
import {
  ACCOUNT_FIELD_ACTIONS,
  ACTIONS,
  can,
  changedGuardedFields,
  fieldActorOf,
  fieldRefusal,
  GUARDED_FIELD_DEFAULTS,
  GUARDED_FIELDS,
  inScope,
  isPersonalDataRead,
  isReadAction,
  mayAssignPlan,
  mayTake,
  ownAccountIds,
  type PolicyActor,
  refusedFields,
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

describe('field rules', () => {
  const master = actor({ accountType: 'MASTER', ancestorIds: [], parentId: null, parentType: null })
  const masterUser = actor({ accountType: 'MASTER_USER', ancestorIds: ['master'], parentType: 'MASTER' })
  const oemMaster = actor({ accountId: 'oem', accountType: 'OEM_MASTER', ancestorIds: ['master'] })
  const oemAdmin = actor({ accountId: 'oemAdmin', accountType: 'OEM_ADMIN', ancestorIds: ['master', 'oem'] })
  const oemSub = actor({
    accountId: 'oemSub',
    accountType: 'SUB_ADMIN',
    parentType: 'OEM_MASTER',
    ancestorIds: ['master', 'oem'],
    adminRole: 'EDITOR',
  })
  const viewOnlyOem = actor({ accountType: 'OEM_MASTER', authority: 'VIEW', ancestorIds: ['master'] })

  it('guards plan with plan:manage and the contract terms with account:contract', () => {
    expect(ACCOUNT_FIELD_ACTIONS).toEqual({
      planId: 'plan:manage',
      contractStartDate: 'account:contract',
      contractEndDate: 'account:contract',
      authority: 'account:contract',
      licenseIssuing: 'account:contract',
    })
  })

  it('lets master, master users, OEM masters and their sub-admins set every field, and refuses the OEM admin each', () => {
    for (const who of [master, masterUser, oemMaster, oemSub]) {
      for (const field of GUARDED_FIELDS)
        expect(fieldRefusal(fieldActorOf(who), field), field).toBeUndefined()
    }
    for (const who of [oemAdmin, viewOnlyOem, actor({})]) {
      for (const field of GUARDED_FIELDS) expect(fieldRefusal(fieldActorOf(who), field), field).toBe('action')
    }
  })

  it('counts only the fields sent with a value other than the stored one (or, on a create, the default)', () => {
    const stored = {
      planId: 'light',
      authority: 'VIEW',
      licenseIssuing: true,
      contractStartDate: '2026-01-01',
    }
    expect(
      changedGuardedFields({ planId: 'light', authority: 'VIEW', licenseIssuing: true }, stored),
    ).toEqual([])
    expect(changedGuardedFields({}, stored)).toEqual([])
    expect(
      changedGuardedFields(
        { planId: 'pro', contractStartDate: '2026-01-01', contractEndDate: '2027-01-01' },
        stored,
      ),
    ).toEqual(['planId', 'contractEndDate'])
    // A stored account without licence issuing or authority holds the defaults.
    expect(changedGuardedFields({ authority: 'EDIT', licenseIssuing: false }, {})).toEqual([])
    expect(
      changedGuardedFields({ authority: 'EDIT', licenseIssuing: false }, GUARDED_FIELD_DEFAULTS),
    ).toEqual([])
    expect(changedGuardedFields({ authority: 'VIEW', planId: 'trial' }, GUARDED_FIELD_DEFAULTS)).toEqual([
      'planId',
      'authority',
    ])
  })

  it('names every refused field with its reason, and passes what the actor may set', () => {
    expect(
      refusedFields(fieldActorOf(oemAdmin), { planId: 'pro', licenseIssuing: true, authority: 'EDIT' }, {}),
    ).toEqual([
      { field: 'planId', code: 'account.fieldForbidden' },
      { field: 'licenseIssuing', code: 'account.fieldForbidden' },
    ])
    expect(refusedFields(fieldActorOf(oemMaster), { planId: 'pro', licenseIssuing: true }, {})).toEqual([])
    expect(refusedFields(fieldActorOf(oemMaster), { planId: 'pro' }, {}, true)).toEqual([
      { field: 'planId', code: 'account.fieldOwnAccount' },
    ])
  })

  it('keeps the partner plan to platform staff', () => {
    expect(mayAssignPlan(fieldActorOf(master), 'ep_oem')).toBe(true)
    expect(mayAssignPlan(fieldActorOf(masterUser), 'ep_oem')).toBe(true)
    expect(mayAssignPlan(fieldActorOf(oemMaster), 'ep_oem')).toBe(false)
    expect(mayAssignPlan(fieldActorOf(oemSub), 'ep_oem')).toBe(false)
    expect(mayAssignPlan(fieldActorOf(oemMaster), 'standard_multi')).toBe(true)
    expect(refusedFields(fieldActorOf(oemMaster), { planId: 'ep_oem' }, {})).toEqual([
      { field: 'planId', code: 'account.planNotAllowed' },
    ])
    // Keeping a partner plan staff gave is no change, so an OEM master may still edit that user.
    expect(refusedFields(fieldActorOf(oemMaster), { planId: 'ep_oem' }, { planId: 'ep_oem' })).toEqual([])
  })

  it('treats the account an actor stands for as its own', () => {
    expect(ownAccountIds(oemMaster)).toEqual(['oem'])
    expect(ownAccountIds(oemAdmin)).toEqual(['oemAdmin', 'oem'])
    expect(ownAccountIds(oemSub)).toEqual(['oemSub', 'oem'])
    expect(ownAccountIds(masterUser)).toEqual(['me', 'master'])
    expect(ownAccountIds(master)).toEqual(['me'])
  })
})
