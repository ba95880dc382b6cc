import { type Action, can, inScope, type PolicyActor } from '@swipe/shared'
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

/** Accounts as one actor may see them: every read goes through the policy. */
export const accountsFor = (actor: Actor | undefined) => ({
  async get(accountId: string, action: Action): Promise<Account> {
    const { Accounts } = await import('../data/accounts.ts')
    const found = (await Accounts.get({ accountId }).go()).data
    if (!found) throw new NotFoundError()
    authorize(actor, action, { tenantIds: accountTenantIds(found) })
    return found
  },
})
