import * as z from 'zod'
import { ContractHistory } from '#data/accounts'
import { endpoint, ok } from '#lib/http'
import { accountsFor } from '#lib/tenancy'
import { routes } from '../routes.ts'
import { profileOf } from './service.ts'

export const IdParams = z.object({ id: z.string().min(1).max(64) })

/** The profile and its contract history, newest first. */
export const handler = endpoint(routes['accounts.get'], { params: IdParams }, async ({ actor, params }) => {
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
