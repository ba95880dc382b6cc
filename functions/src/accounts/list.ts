import { accountsRoutes } from '@swipe/shared/contract/accounts'
import { endpoint, ok } from '#edge/http'
import { accountsFor } from '#edge/tenancy'
import { profileOf } from './service.ts'

export const handler = endpoint(accountsRoutes['accounts.list'], async ({ actor, query }) => {
  const page = await accountsFor(actor).list(query)
  return ok({ items: page.items.map(profileOf), nextCursor: page.nextCursor })
})
