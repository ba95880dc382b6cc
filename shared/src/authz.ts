import type { AccountType, Authority, ContractStatus, ParentType } from './accounts.ts'

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
  'submission:read',
  'analytics:read',
  'plan:read',
  'plan:manage',
  'billing:read',
  'billing:forceComplete',
  'news:manage',
  'systemNotification:manage',
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
  MASTER: ACTIONS,
  MASTER_USER: ACTIONS.filter((a) => a !== 'billing:forceComplete' && a !== 'subAdmin:manage'),
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
    'submission:read',
    'analytics:read',
    'plan:read',
    'plan:manage',
    'billing:read',
    'news:manage',
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
    'submission:read',
    'analytics:read',
    'plan:read',
    'billing:read',
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
  return true
}

/** The policy. Without a resource it answers "may this actor take this action anywhere". */
export const can = (actor: PolicyActor, action: Action, resource?: PolicyResource): boolean =>
  mayTake(actor, action) && (resource === undefined || inScope(actor, resource))
