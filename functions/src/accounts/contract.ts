import {
  type CONTRACT_ACTIONS,
  ContractActionBody,
  type ContractStatus,
  type MessageKey,
} from '@swipe/shared'
import { accountsService } from '#data/accounts-service'
import { ConflictError, ForbiddenError } from '#lib/errors'
import { endpoint, ok } from '#lib/http'
import { accountsFor } from '#lib/tenancy'
import { routes } from '../routes.ts'
import { IdParams } from './get.ts'
import { assertCommitted, historyEntry, profileOf } from './service.ts'

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

export const handler = endpoint(
  routes['accounts.contract'],
  { body: ContractActionBody, params: IdParams },
  async ({ actor, body, params, t }) => {
    if (actor?.kind !== 'admin') throw new ForbiddenError()
    const account = await accountsFor(actor).get(params.id, 'account:contract')
    if (account.accountId === actor.account.accountId) throw new ForbiddenError()
    const transition = TRANSITIONS[body.action]
    if (!transition.from.includes(account.contractStatus))
      throw new ConflictError('account.invalidTransition')
    const result = await accountsService.transaction
      .write(({ accounts, history }) => [
        accounts
          .patch({ accountId: account.accountId })
          .set({ contractStatus: transition.to })
          .add({ version: 1 })
          .where(({ version }, { eq }) => eq(version, body.version))
          .commit(),
        history
          .create(
            historyEntry(
              account.accountId,
              actor.account,
              transition.history,
              `${account.contractStatus} -> ${transition.to}`,
            ),
          )
          .commit(),
      ])
      .go()
    assertCommitted(result)
    const saved = await accountsFor(actor).get(account.accountId, 'account:read')
    return ok({ ...profileOf(saved), message: t(transition.message) })
  },
)
