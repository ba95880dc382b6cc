import type { CONTRACT_ACTIONS, ContractStatus, MessageKey } from '@swipe/shared'
import { accountsRoutes } from '@swipe/shared/contract/accounts'
import { createWriteTransaction } from 'electrodb'
import { tallyNeeds, tallyWrites, userDelta, withCounters } from '#domain/tallies'
import { ConflictError, ForbiddenError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { accountsFor } from '#edge/tenancy'
import { accountEntities, assertCommitted, countOf, historyEntry, profileOf } from './service.ts'

/** SPEC §4: pause active -> suspended, resume suspended -> active, terminate is final. */
const TRANSITIONS: Record<
  (typeof CONTRACT_ACTIONS)[number],
  {
    from: ContractStatus[]
    to: ContractStatus
    history: 'SUSPEND' | 'RESUME' | 'TERMINATE'
    message: MessageKey
  }
> = {
  suspend: { from: ['ACTIVE'], to: 'SUSPENDED', history: 'SUSPEND', message: 'account.suspended' },
  resume: { from: ['SUSPENDED'], to: 'ACTIVE', history: 'RESUME', message: 'account.resumed' },
  terminate: {
    from: ['ACTIVE', 'SUSPENDED', 'INACTIVE'],
    to: 'TERMINATED',
    history: 'TERMINATE',
    message: 'account.terminated',
  },
}

export const handler = endpoint(accountsRoutes['accounts.contract'], async ({ actor, body, params, t }) => {
  if (actor?.kind !== 'admin') throw new ForbiddenError()
  const account = await accountsFor(actor).get(params.id, 'account:contract')
  if (account.accountId === actor.account.accountId) throw new ForbiddenError()
  const transition = TRANSITIONS[body.action]
  if (!transition.from.includes(account.contractStatus)) throw new ConflictError('account.invalidTransition')
  // The status counted is the loaded one: it is the stored one only at the loaded version.
  if (account.version !== body.version) throw new ConflictError()
  const { scopes, change } = countOf(account, userDelta(account.contractStatus, transition.to))
  const result = await withCounters(
    () =>
      createWriteTransaction(accountEntities, (e) => [
        e.accounts
          .patch({ accountId: account.accountId })
          .set({ contractStatus: transition.to })
          .add({ version: 1 })
          .where(({ version }, { eq }) => eq(version, body.version))
          .commit(),
        e.history
          .create(
            historyEntry(
              account.accountId,
              actor.account,
              transition.history,
              `${account.contractStatus} -> ${transition.to}`,
            ),
          )
          .commit(),
        ...tallyWrites(scopes, change, (scopeId, d) => e.tallies.patch({ scopeId }).add(d).commit()),
      ]).go(),
    tallyNeeds(scopes, 2, change),
  )
  assertCommitted(result)
  const saved = await accountsFor(actor).get(account.accountId, 'account:read')
  return ok({ ...profileOf(saved), message: t(transition.message) })
})
