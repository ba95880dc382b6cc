import { ListUsersQuery } from '@swipe/shared'
import { endpoint, ok } from '#lib/http'
import { accountsFor } from '#lib/tenancy'
import { routes } from '../routes.ts'
import { profileOf } from './service.ts'

export const handler = endpoint(
  routes['accounts.list'],
  { query: ListUsersQuery },
  async ({ actor, query }) => {
    const page = await accountsFor(actor).list(query)
    return ok({ items: page.items.map(profileOf), nextCursor: page.nextCursor })
  },
)
