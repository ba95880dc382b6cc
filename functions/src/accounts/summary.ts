import { CONTRACT_STATUSES, mayTake, SITE_STATUSES, scopeRoot } from '@swipe/shared'
import { accountsRoutes } from '@swipe/shared/contract/accounts'
import type { Account } from '#data/accounts'
import { SiteCounters } from '#data/site-counters'
import { siteField, userField } from '#data/tallies'
import { ensureSiteCounter } from '#domain/plans'
import { ALL_SCOPE, readTally } from '#domain/tallies'
import { ForbiddenError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { policyActorOf } from '#edge/tenancy'

type Counts = Partial<Record<string, unknown>>

/** Counts per status as a list: enum values stay values, never map keys the case conversion would touch. */
const countBy = <K extends string>(
  keys: readonly K[],
  field: (status: K) => string,
  ...sources: Counts[]
) => {
  const byStatus = keys.map((status) => ({
    status,
    count: sources.reduce((sum, source) => sum + Number(source[field(status)] ?? 0), 0),
  }))
  return { total: byStatus.reduce((sum, s) => sum + s.count, 0), byStatus }
}

/** The owner's own sites by status (its site counter, counted first when it is missing). */
const ownSites = async (ownerId: string): Promise<Counts> => {
  const found = (await SiteCounters.get({ ownerId }).go()).data
  if (found) return found
  await ensureSiteCounter(ownerId)
  return (await SiteCounters.get({ ownerId }).go({ consistent: true })).data ?? {}
}

/**
 * The counts the caller may see: its users by contract status (none for those who may not read
 * users) and the sites of its scope by status. Read from counters kept on every write (one or
 * two items, whatever the number of tenants: docs/decisions/0008-counts-kept-on-writes.md): staff read the
 * platform's tally; an OEM's staff read the OEM's tally (the accounts below it and their sites) plus the
 * sites of the account they work for; anyone else the sites of the account they work for.
 */
export const handler = endpoint(accountsRoutes['accounts.summary'], async ({ actor }) => {
  if (actor?.kind !== 'admin') throw new ForbiddenError()
  const me: Account = actor.account
  const policyActor = policyActorOf(me)
  const canListUsers = mayTake(policyActor, 'account:read')
  // The account whose own sites count: a sub-admin's parent, else the caller.
  const principal = me.accountType === 'SUB_ADMIN' ? me.parentId : me.accountId
  const root = canListUsers ? scopeRoot(policyActor) : undefined
  let users: Counts | undefined
  let sites: Counts[]
  if (root === ALL_SCOPE) {
    const all = await readTally(ALL_SCOPE)
    users = all
    sites = [all]
  } else if (root) {
    const [tally, own] = await Promise.all([readTally(root), ownSites(principal)])
    users = tally
    sites = [tally, own]
  } else {
    sites = [await ownSites(principal)]
  }
  return ok({
    users: users ? countBy(CONTRACT_STATUSES, userField, users) : null,
    sites: countBy(SITE_STATUSES, siteField, ...sites),
  })
})
