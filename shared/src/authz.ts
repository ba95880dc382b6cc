import type { AccountType, Authority, ContractStatus, ParentType } from './accounts.ts'
import { STAFF_ONLY_PLAN_IDS } from './plans.ts'

/**
 * The one authorization policy: `can(actor, action, resource)`. Pure and table-driven, shared by
 * the handlers (which decide) and the console (which hides or disables what would be refused).
 * docs/permissions.md is the human-readable form of the same tables.
 */
export const ACTIONS = [
  'self:read',
  'self:update',
  'summary:read',
  'account:read',
  'account:create',
  'account:update',
  'account:contract',
  'account:delete',
  'subAdmin:manage',
  'site:read',
  'site:write',
  'site:publish',
  /** Approve or reject a site's publish requests and turn its approval gate on or off (issue 33). */
  'site:approve',
  'submission:read',
  'analytics:read',
  'plan:read',
  'plan:manage',
  'billing:read',
  'billing:forceComplete',
  /** Save, replace or remove the card the actor's own (paying) account is charged on. */
  'billing:card',
  'news:manage',
  'systemNotification:manage',
  /** An OEM's white-label sites domain (issue 19): the OEM master and platform staff. */
  'oemDomain:manage',
] as const
export type Action = (typeof ACTIONS)[number]

/** Who acts. A sub-admin acts in its parent's scope, as its parent's type, within its own authority. */
export interface PolicyActor {
  accountId: string
  accountType: AccountType
  parentType?: ParentType | null | undefined
  parentId?: string | null | undefined
  /** Parent chain from the top, nearest last. */
  ancestorIds: readonly string[]
  contractStatus: ContractStatus
  authority: Authority
  adminRole?: 'MAIN_CONTACT' | 'VIEWER' | 'EDITOR' | null | undefined
}

/** What is acted on: the ids of every account it belongs under (its owner's ancestors and owner). */
export interface PolicyResource {
  tenantIds: readonly string[]
}

const READS = new Set<Action>([
  'self:read',
  'summary:read',
  'account:read',
  'site:read',
  'submission:read',
  'analytics:read',
  'plan:read',
  'billing:read',
])

export const isReadAction = (action: Action): boolean => READS.has(action)

/**
 * Reads of visitors' personal data: a site's members, contacts and form answers. Reads, so VIEW
 * authority takes them, but a sub-admin with the viewer role does not: it follows a site's
 * content and numbers, not the people who left their data on it (docs/permissions.md).
 */
const PERSONAL_DATA_READS = new Set<Action>(['submission:read'])

export const isPersonalDataRead = (action: Action): boolean => PERSONAL_DATA_READS.has(action)

/** Which actions each (effective) account type may take at all, before scope and authority. */
export const ACTIONS_BY_TYPE: Record<ParentType, readonly Action[]> = {
  // Platform staff pay nobody: the card is the paying account's own (billing:card).
  MASTER: ACTIONS.filter((a) => a !== 'billing:card'),
  MASTER_USER: ACTIONS.filter(
    (a) => a !== 'billing:forceComplete' && a !== 'subAdmin:manage' && a !== 'billing:card',
  ),
  OEM_MASTER: [
    'self:read',
    'self:update',
    'summary:read',
    'account:read',
    'account:create',
    'account:update',
    'account:contract',
    'account:delete',
    'subAdmin:manage',
    'site:read',
    'site:write',
    'site:publish',
    'site:approve',
    'submission:read',
    'analytics:read',
    'plan:read',
    'plan:manage',
    'billing:read',
    'billing:card',
    'news:manage',
    'oemDomain:manage',
  ],
  OEM_ADMIN: [
    'self:read',
    'self:update',
    'summary:read',
    'account:read',
    'account:create',
    'account:update',
    'site:read',
    'site:write',
    'site:publish',
    'site:approve',
    'submission:read',
    'analytics:read',
    'plan:read',
    'billing:read',
    'news:manage',
  ],
  USER: [
    'self:read',
    'self:update',
    'summary:read',
    'subAdmin:manage',
    'site:read',
    'site:write',
    'site:publish',
    'site:approve',
    'submission:read',
    'analytics:read',
    'plan:read',
    'billing:read',
    'billing:card',
  ],
}

/** The type whose rules apply: a sub-admin's parent type. */
export const effectiveType = (actor: PolicyActor): ParentType | undefined =>
  actor.accountType === 'SUB_ADMIN' ? (actor.parentType ?? undefined) : actor.accountType

/**
 * The account whose subtree the actor works in, or 'ALL' for platform staff. OEM admins work in
 * their OEM master's subtree; a sub-admin works in its parent's.
 */
export const scopeRoot = (actor: PolicyActor): string | 'ALL' | undefined => {
  const type = effectiveType(actor)
  if (type === 'MASTER' || type === 'MASTER_USER') return 'ALL'
  // The account the actor stands for: itself, or a sub-admin's parent.
  const principalId = actor.accountType === 'SUB_ADMIN' ? actor.ancestorIds.at(-1) : actor.accountId
  const principalParents =
    actor.accountType === 'SUB_ADMIN' ? actor.ancestorIds.slice(0, -1) : actor.ancestorIds
  // An OEM admin administers its OEM master's subtree.
  if (type === 'OEM_ADMIN') return principalParents.at(-1)
  return principalId
}

/** Whether a resource lies inside the actor's scope (used to answer 404, never to reveal existence). */
export const inScope = (actor: PolicyActor, resource: PolicyResource): boolean => {
  const root = scopeRoot(actor)
  if (!root) return false
  return root === 'ALL' || resource.tenantIds.includes(root)
}

/** Whether the actor may take this action at all (scope aside). */
export const mayTake = (actor: PolicyActor, action: Action): boolean => {
  if (actor.contractStatus !== 'ACTIVE') return false
  const type = effectiveType(actor)
  if (!type || !ACTIONS_BY_TYPE[type].includes(action)) return false
  if (action === 'self:read' || action === 'self:update') return true
  if (actor.accountType === 'SUB_ADMIN' && action === 'subAdmin:manage') return false
  if (isPersonalDataRead(action) && actor.accountType === 'SUB_ADMIN' && actor.adminRole === 'VIEWER')
    return false
  if (isReadAction(action)) return true
  // Writes: a viewer never writes; VIEW authority never writes.
  if (actor.authority !== 'EDIT') return false
  if (actor.accountType === 'SUB_ADMIN' && actor.adminRole === 'VIEWER') return false
  // Approving is the main contact's among sub-admins: editors request (admin settings' roles, SPEC §2).
  if (action === 'site:approve' && actor.accountType === 'SUB_ADMIN' && actor.adminRole !== 'MAIN_CONTACT')
    return false
  return true
}

/** The policy. Without a resource it answers "may this actor take this action anywhere". */
export const can = (actor: PolicyActor, action: Action, resource?: PolicyResource): boolean =>
  mayTake(actor, action) && (resource === undefined || inScope(actor, resource))

// ---------- field rules ----------

/**
 * Account fields that are terms of a contract rather than profile data, and the action setting
 * each needs, whatever route carries it (create, edit, CSV import). SPEC §6: parent accounts grant
 * authority and licence issuing to their users, as they set the contract period; the plan is plan
 * management. docs/permissions.md "Field rules" is the same table by account type.
 */
export const ACCOUNT_FIELD_ACTIONS = {
  planId: 'plan:manage',
  contractStartDate: 'account:contract',
  contractEndDate: 'account:contract',
  authority: 'account:contract',
  licenseIssuing: 'account:contract',
} as const satisfies Record<string, Action>
export type GuardedField = keyof typeof ACCOUNT_FIELD_ACTIONS
export const GUARDED_FIELDS = Object.keys(ACCOUNT_FIELD_ACTIONS) as GuardedField[]

/** What a new account gets for a guarded field left out; a create sending these sets nothing. */
export const GUARDED_FIELD_DEFAULTS: Record<GuardedField, string | boolean | undefined> = {
  planId: undefined,
  contractStartDate: undefined,
  contractEndDate: undefined,
  authority: 'EDIT',
  licenseIssuing: false,
}

/** The guarded fields of an account (or of a request): absent means unset. */
export type GuardedValues = Partial<Record<GuardedField, string | boolean | null | undefined>>

/**
 * The guarded fields a request would change: each one it sends whose value differs from `current`
 * (the stored account on an edit, `GUARDED_FIELD_DEFAULTS` on a create). A field left out changes
 * nothing, so resending what is stored never needs the field's action.
 */
export const changedGuardedFields = (sent: GuardedValues, current: GuardedValues): GuardedField[] =>
  GUARDED_FIELDS.filter((field) => {
    const value = sent[field]
    if (value === undefined) return false
    const stored = current[field] ?? GUARDED_FIELD_DEFAULTS[field]
    return value !== stored
  })

/** Who sets fields, as the field rules see it: the server builds it from the account, the console from user info. */
export interface FieldActor {
  /** The actions the actor may take at all (`mayTake`); user info lists the same. */
  allowedActions: readonly Action[]
  /** The type whose rules apply (a sub-admin's parent type). */
  type: ParentType | undefined
}

export const fieldActorOf = (actor: PolicyActor): FieldActor => ({
  allowedActions: ACTIONS.filter((action) => mayTake(actor, action)),
  type: effectiveType(actor),
})

/**
 * The accounts whose contract terms an actor never sets: its own, and the one it acts for (a
 * sub-admin's, an OEM admin's or a master user's parent). Nobody raises its own plan or extends
 * its own contract; the account above it does (the contract route refuses oneself likewise).
 */
export const ownAccountIds = (actor: PolicyActor): string[] => {
  const principal =
    actor.accountType === 'SUB_ADMIN' ||
    actor.accountType === 'OEM_ADMIN' ||
    actor.accountType === 'MASTER_USER'
      ? actor.ancestorIds.at(-1)
      : undefined
  return principal ? [actor.accountId, principal] : [actor.accountId]
}

/** Why a field is refused: the policy withholds its action, or the account is the actor's own. */
export type FieldRefusal = 'action' | 'ownAccount'

/** Why the actor may not set `field` on an account (`ownAccount`: see `ownAccountIds`), or undefined when it may. */
export const fieldRefusal = (
  actor: FieldActor,
  field: GuardedField,
  ownAccount = false,
): FieldRefusal | undefined => {
  if (!actor.allowedActions.includes(ACCOUNT_FIELD_ACTIONS[field])) return 'action'
  if (ownAccount) return 'ownAccount'
  return undefined
}

/** Whether the actor may hand out this plan: staff-only plans only by master and master users. */
export const mayAssignPlan = (actor: FieldActor, planId: string): boolean =>
  !STAFF_ONLY_PLAN_IDS.includes(planId) || actor.type === 'MASTER' || actor.type === 'MASTER_USER'

/** One refused field: its message key says why. */
export interface FieldIssueOf {
  field: GuardedField
  code: 'account.fieldForbidden' | 'account.fieldOwnAccount' | 'account.planNotAllowed'
}

/**
 * Every guarded field a request changes that the actor may not set (empty: it may). The one check
 * behind `POST /users`, `PUT /users/{id}` and the CSV import; a refusal is a 403 naming the fields.
 */
export const refusedFields = (
  actor: FieldActor,
  sent: GuardedValues,
  current: GuardedValues,
  ownAccount = false,
): FieldIssueOf[] =>
  changedGuardedFields(sent, current).flatMap((field): FieldIssueOf[] => {
    const refusal = fieldRefusal(actor, field, ownAccount)
    if (refusal === 'action') return [{ field, code: 'account.fieldForbidden' }]
    if (refusal === 'ownAccount') return [{ field, code: 'account.fieldOwnAccount' }]
    const plan = sent[field]
    if (field === 'planId' && typeof plan === 'string' && !mayAssignPlan(actor, plan))
      return [{ field, code: 'account.planNotAllowed' }]
    return []
  })
