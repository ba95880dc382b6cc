import type { ContractStatus, SiteStatus } from '@swipe/shared'
import { type CreateEntityItem, createWriteTransaction } from 'electrodb'
import { type Account, Accounts } from '#data/accounts'
import { Sites } from '#data/sites'
import { siteField, Tallies, type Tally, type TallyField, userField } from '#data/tallies'
import { isConditionFailure } from '../edge/rate-limit.ts'
import { retryOnConflict, type TransactionOutcome } from '../platform/services/transactions.ts'

/**
 * The summary's counters (functions/src/data/tallies.ts, docs/decisions/0008-counts-kept-on-writes.md): which
 * scopes a write counts in, what it adds, and the first-use count of a scope whose tally is missing.
 */

/** The platform's scope: every account but sub-admins, every site. */
export const ALL_SCOPE = 'ALL'

/**
 * The tallies an account or site under `ancestorIds` (top first; for a site, its owner's chain
 * and the owner itself excluded) counts in: `ALL`, and each ancestor below the top (the top is a
 * MASTER, whose scope is `ALL`).
 */
export const scopesOf = (ancestorIds: readonly string[]): string[] => [ALL_SCOPE, ...ancestorIds.slice(1)]

/** The scopes of a site: those of its owner's ancestors (its tenant chain without the owner). */
export const siteScopes = (site: { tenantIds: readonly string[] }) => scopesOf(site.tenantIds.slice(0, -1))

/** Whether an account counts among the users (sub-admins live in admin settings, not the lists). */
export const countsAsUser = (account: Pick<Account, 'accountType'>) => account.accountType !== 'SUB_ADMIN'

export type TallyDelta = Partial<Record<TallyField, number>>

const delta = <S extends string>(field: (status: S) => TallyField, from?: S, to?: S): TallyDelta => {
  if (from === to) return {}
  const change: TallyDelta = {}
  if (from) change[field(from)] = -1
  if (to) change[field(to)] = 1
  return change
}

/** What an account's create (no `from`), delete (no `to`) or status change adds. */
export const userDelta = (from?: ContractStatus, to?: ContractStatus) => delta(userField, from, to)
/** What a site's create, delete or status change adds. */
export const siteDelta = (from?: SiteStatus, to?: SiteStatus) => delta(siteField, from, to)

export const isEmpty = (change: TallyDelta) => Object.keys(change).length === 0

/**
 * The tally writes of a transaction, one per scope (none when nothing changes): `commit` builds
 * the `ADD` on one scope's tally (`e.tallies.patch({ scopeId }).add(change).commit()`), which
 * needs the item to exist.
 */
export const tallyWrites = <C>(
  scopes: readonly string[],
  change: TallyDelta,
  commit: (scopeId: string, change: TallyDelta) => C,
): C[] => (isEmpty(change) ? [] : scopes.map((scopeId) => commit(scopeId, change)))

const countInto = <S extends string>(
  counts: Record<string, number>,
  field: (status: S) => string,
  values: S[],
) => {
  for (const value of values) counts[field(value)] = (counts[field(value)] ?? 0) + 1
}

/**
 * Creates a scope's tally from the indexes when it is missing: every account (sub-admins aside)
 * and site for `ALL`; for an account, those whose chain names it, its own sites excluded. Only the
 * first of racing initialisations writes; the others find it. Every counted write of the scope is
 * refused while the tally is missing (its `ADD` needs the item), so none slips past the count.
 */
export const ensureTally = async (scopeId: string): Promise<void> => {
  if ((await Tallies.get({ scopeId }).go({ consistent: true })).data) return
  const all = scopeId === ALL_SCOPE
  const accounts = await Accounts.query
    .all({})
    .where((attr, op) =>
      [op.ne(attr.accountType, 'SUB_ADMIN'), all ? '' : op.contains(attr.ancestorIds, scopeId)]
        .filter(Boolean)
        .join(' AND '),
    )
    .go({ pages: 'all', attributes: ['contractStatus'] })
  const sites = await Sites.query
    .all({})
    .where((attr, op) =>
      all ? '' : `${op.contains(attr.tenantIds, scopeId)} AND ${op.ne(attr.ownerId, scopeId)}`,
    )
    .go({ pages: 'all', attributes: ['status'] })
  const counts: Record<string, number> = {}
  countInto(
    counts,
    userField,
    accounts.data.map((a) => a.contractStatus),
  )
  countInto(
    counts,
    siteField,
    sites.data.map((s) => s.status),
  )
  try {
    await Tallies.create({ scopeId, ...counts }).go({ response: 'none' })
  } catch (error) {
    if (!isConditionFailure(error)) throw error
  }
}

/** A scope's tally, counted first when it is missing. */
export const readTally = async (scopeId: string): Promise<Tally> => {
  const found = (await Tallies.get({ scopeId }).go()).data
  if (found) return found
  await ensureTally(scopeId)
  const created = (await Tallies.get({ scopeId }).go({ consistent: true })).data
  if (!created) throw new Error(`The tally of ${scopeId} could not be read back`)
  return created
}

/**
 * Runs a counted transaction (retried while it loses to a concurrent one); when an action that
 * needs a counter failed its condition, creates the missing counters (`ensure` is a no-op for one
 * that exists) and runs it again. `needs` pairs the index of such an action with its `ensure`.
 */
export const withCounters = async <T extends TransactionOutcome>(
  attempt: () => Promise<T>,
  needs: ReadonlyArray<readonly [index: number, ensure: () => Promise<void>]>,
): Promise<T> => {
  let outcome = await retryOnConflict(attempt)
  for (let round = 0; round < 2 && outcome.canceled; round++) {
    const missing = needs.filter(([index]) => outcome.data[index]?.code === 'ConditionalCheckFailed')
    if (!missing.length) break
    await Promise.all(missing.map(([, ensure]) => ensure()))
    outcome = await retryOnConflict(attempt)
  }
  return outcome
}

/** `needs` for tally writes that start at action `first`. */
export const tallyNeeds = (scopes: readonly string[], first: number, change: TallyDelta) =>
  isEmpty(change) ? [] : scopes.map((scopeId, i) => [first + i, () => ensureTally(scopeId)] as const)

/**
 * Stores an account with its counts, outside the API's create (the local seed, test arrangement):
 * the account and its tallies in one transaction.
 */
export const putCountedAccount = async (account: CreateEntityItem<typeof Accounts>) => {
  const scopes = scopesOf(account.ancestorIds ?? [])
  const change = countsAsUser(account) ? userDelta(undefined, account.contractStatus ?? 'ACTIVE') : {}
  const result = await withCounters(
    () =>
      createWriteTransaction({ accounts: Accounts, tallies: Tallies }, (e) => [
        e.accounts.create(account).commit(),
        ...tallyWrites(scopes, change, (scopeId, d) => e.tallies.patch({ scopeId }).add(d).commit()),
      ]).go(),
    tallyNeeds(scopes, 1, change),
  )
  if (result.canceled) throw new Error(`Account ${account.accountId} not stored`)
}

/** Sets an account's contract status with its counts (test arrangement). */
export const setCountedContractStatus = async (accountId: string, status: ContractStatus) => {
  const account = (await Accounts.get({ accountId }).go({ consistent: true })).data
  if (!account) throw new Error(`No account ${accountId}`)
  const scopes = scopesOf(account.ancestorIds)
  const change = countsAsUser(account) ? userDelta(account.contractStatus, status) : {}
  const result = await withCounters(
    () =>
      createWriteTransaction({ accounts: Accounts, tallies: Tallies }, (e) => [
        e.accounts
          .patch({ accountId })
          .set({ contractStatus: status })
          .add({ version: 1 })
          .where(({ version }, { eq }) => eq(version, account.version))
          .commit(),
        ...tallyWrites(scopes, change, (scopeId, d) => e.tallies.patch({ scopeId }).add(d).commit()),
      ]).go(),
    tallyNeeds(scopes, 1, change),
  )
  if (result.canceled) throw new Error(`Account ${accountId} changed meanwhile`)
}
