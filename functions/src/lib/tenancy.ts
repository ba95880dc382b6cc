import { type Action, can, inScope, type PolicyActor, scopeRoot } from '@swipe/shared'
import type { Account } from '../data/accounts.ts'
import type { Actor } from './auth.ts'
import { ForbiddenError, NotFoundError } from './errors.ts'

/** The policy's view of an account. */
export const policyActorOf = (account: Account): PolicyActor => ({
  accountId: account.accountId,
  accountType: account.accountType,
  parentType: account.parentType,
  parentId: account.parentId,
  ancestorIds: account.ancestorIds,
  contractStatus: account.contractStatus,
  authority: account.authority,
  adminRole: account.adminRole,
})

/** The ids an account belongs under, itself included: what `inScope` compares. */
export const accountTenantIds = (account: Pick<Account, 'ancestorIds' | 'accountId'>) => [
  ...account.ancestorIds,
  account.accountId,
]

const adminOf = (actor: Actor | undefined): Account => {
  if (actor?.kind !== 'admin') throw new ForbiddenError()
  return actor.account
}

/**
 * Decides on one loaded resource: outside the actor's scope it does not exist (404, nothing
 * leaks); inside it, the action must be allowed (403).
 */
export const authorize = <R extends { tenantIds: readonly string[] }>(
  actor: Actor | undefined,
  action: Action,
  resource: R,
): R => {
  const policyActor = policyActorOf(adminOf(actor))
  if (!inScope(policyActor, resource)) throw new NotFoundError()
  if (!can(policyActor, action, resource)) throw new ForbiddenError()
  return resource
}

/**
 * The account an actor works for: itself, or for a master user, OEM admin or sub-admin the
 * parent whose users it manages. New users are created under it unless another parent is named.
 */
export const principalIdOf = (account: Account): string => {
  if (account.accountType === 'SUB_ADMIN' || account.accountType === 'MASTER_USER') return account.parentId
  if (account.accountType === 'OEM_ADMIN') return account.parentId
  return account.accountId
}

export interface AccountListQuery {
  q?: string | undefined
  status?: Account['contractStatus'] | undefined
  accountType?: Account['accountType'] | undefined
  parentId?: string | undefined
  planId?: string | undefined
  cursor?: string | undefined
  limit: number
}

/** Accounts as one actor may see them: every read goes through the policy. */
export const accountsFor = (actor: Actor | undefined) => ({
  /**
   * The users the actor manages (never sub-admins, which live in admin settings), newest first.
   * Staff read the all-accounts index; everyone else reads the children of an account in scope.
   */
  async list(query: AccountListQuery) {
    const { Accounts } = await import('../data/accounts.ts')
    const me = adminOf(actor)
    const policyActor = policyActorOf(me)
    const root = scopeRoot(policyActor)
    if (!root) throw new ForbiddenError()
    let parentId = query.parentId
    if (!parentId && root !== 'ALL') parentId = root
    if (parentId && parentId !== root) await this.get(parentId, 'account:read')
    const base = parentId ? Accounts.query.byParent({ parentId }) : Accounts.query.all({})
    const page = await base
      .where((attr, op) =>
        [
          op.ne(attr.accountType, 'SUB_ADMIN'),
          query.status ? op.eq(attr.contractStatus, query.status) : '',
          query.accountType ? op.eq(attr.accountType, query.accountType) : '',
          query.planId ? op.eq(attr.planId, query.planId) : '',
          query.q ? op.contains(attr.searchText, query.q.toLowerCase()) : '',
        ]
          .filter(Boolean)
          .join(' AND '),
      )
      .go({ order: 'desc', count: query.limit, cursor: query.cursor ?? null })
    return { items: page.data, nextCursor: page.cursor }
  },

  async get(accountId: string, action: Action): Promise<Account> {
    const { Accounts } = await import('../data/accounts.ts')
    const found = (await Accounts.get({ accountId }).go()).data
    if (!found) throw new NotFoundError()
    authorize(actor, action, { tenantIds: accountTenantIds(found) })
    return found
  },
})
