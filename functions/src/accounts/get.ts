import { accountsRoutes } from '@swipe/shared/contract/accounts'
import { ContractHistory } from '#data/accounts'
import { endpoint, ok } from '#edge/http'
import { accountsFor } from '#edge/tenancy'
import { profileOf } from './service.ts'

/** The profile and its contract history, newest first. */
export const handler = endpoint(accountsRoutes['accounts.get'], async ({ actor, params }) => {
  const account = await accountsFor(actor).get(params.id, 'account:read')
  const history = await ContractHistory.query
    .byAccount({ accountId: account.accountId })
    .go({ order: 'desc', limit: 100 })
  return ok({
    ...profileOf(account),
    history: history.data.map((h) => ({
      executedAt: new Date(h.executedAt).toISOString(),
      executorId: h.executorId,
      executorName: h.executorName,
      action: h.action,
      detail: h.detail ?? null,
    })),
  })
})
