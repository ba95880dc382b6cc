import { CONTRACT_STATUSES, mayTake, SITE_STATUSES } from '@swipe/shared'
import type { Account } from '#data/accounts'
import { Sites } from '#data/sites'
import { ForbiddenError } from '#lib/errors'
import { endpoint, ok } from '#lib/http'
import { accountsFor, policyActorOf } from '#lib/tenancy'
import { routes } from '../routes.ts'

/** Counts per status as a list: enum values stay values, never map keys the case conversion would touch. */
const countBy = <K extends string>(keys: readonly K[], values: K[]) =>
  keys.map((status) => ({ status, count: values.filter((v) => v === status).length }))

/**
 * The counts the caller may see: its users by contract status (none for direct users) and the
 * sites of its scope by status. Counted from the index reads the lists use.
 */
export const handler = endpoint(routes['accounts.summary'], {}, async ({ actor }) => {
  if (actor?.kind !== 'admin') throw new ForbiddenError()
  const me: Account = actor.account
  // Direct users (and their sub-admins) manage no users: the policy says who may read accounts.
  const canListUsers = mayTake(policyActorOf(me), 'account:read')
  const users: Account[] = []
  if (canListUsers) {
    let cursor: string | undefined
    do {
      const page = await accountsFor(actor).list({ cursor, limit: 100 })
      users.push(...page.items)
      cursor = page.nextCursor ?? undefined
    } while (cursor)
  }
  // Sites belong to direct users (and to OEM/master accounts that build their own).
  const owners = new Set<string>([
    me.accountType === 'SUB_ADMIN' ? me.parentId : me.accountId,
    ...users.map((u) => u.accountId),
  ])
  const sites = (
    await Promise.all([...owners].map((ownerId) => Sites.query.byOwner({ ownerId }).go({ pages: 'all' })))
  ).flatMap((r) => r.data)
  return ok({
    users: canListUsers
      ? {
          total: users.length,
          byStatus: countBy(
            CONTRACT_STATUSES,
            users.map((u) => u.contractStatus),
          ),
        }
      : null,
    sites: {
      total: sites.length,
      byStatus: countBy(
        SITE_STATUSES,
        sites.map((s) => s.status),
      ),
    },
  })
})
