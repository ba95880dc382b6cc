import { accountsRoutes } from '@swipe/shared/contract/accounts'
import { Accounts } from '#data/accounts'
import { ConflictError, ForbiddenError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { accountsFor } from '#edge/tenancy'
import { deleteAccount } from './service.ts'

export const handler = endpoint(accountsRoutes['accounts.remove'], async ({ actor, params, query, t }) => {
  if (actor?.kind !== 'admin') throw new ForbiddenError()
  const account = await accountsFor(actor).get(params.id, 'account:delete')
  if (account.accountId === actor.account.accountId) throw new ForbiddenError()
  const children = await Accounts.query.byParent({ parentId: account.accountId }).go({ limit: 1 })
  if (children.data.length) throw new ConflictError('account.hasChildren')
  await deleteAccount(account, actor.account, query.version)
  return ok({ message: t('account.deleted') })
})
