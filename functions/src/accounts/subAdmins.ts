import { accountsRoutes } from '@swipe/shared/contract/accounts'
import { type Account, Accounts } from '#data/accounts'
import { accountsService } from '#data/accounts-service'
import type { Actor } from '#edge/auth'
import { NotFoundError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { adminOf } from '#edge/tenancy'
import { assertCommitted, createAccount, deleteAccount, historyEntry } from './service.ts'

/** A sub-admin of the caller's own; anyone else's does not exist for it. */
const ownSubAdmin = async (actor: Actor | undefined, id: string) => {
  const found = (await Accounts.get({ accountId: id }).go()).data
  if (found?.accountType !== 'SUB_ADMIN' || found.parentId !== adminOf(actor).accountId)
    throw new NotFoundError()
  return found
}

const view = (a: Account) => ({
  id: a.accountId,
  contactName: a.contactName ?? null,
  email: a.email,
  adminRole: a.adminRole ?? null,
  authority: a.authority,
  contractStatus: a.contractStatus,
  createdAt: new Date(a.createdAt).toISOString(),
  version: a.version,
})

export const list = endpoint(accountsRoutes['accounts.listSubAdmins'], async ({ actor }) => {
  const children = await Accounts.query
    .byParent({ parentId: adminOf(actor).accountId })
    .where(({ accountType }, { eq }) => eq(accountType, 'SUB_ADMIN'))
    .go({ pages: 'all' })
  return ok({ items: children.data.map(view) })
})

export const create = endpoint(
  accountsRoutes['accounts.createSubAdmin'],
  async ({ actor, body, locale, t }) => {
    const parent = adminOf(actor)
    const created = await createAccount(
      { ...body, accountType: 'SUB_ADMIN', parent, licenseIssuing: false, companyName: parent.companyName },
      parent,
      locale,
    )
    return ok({ ...view(created), message: t('subAdmin.created') }, 201)
  },
)

export const update = endpoint(
  accountsRoutes['accounts.updateSubAdmin'],
  async ({ actor, body, params, t }) => {
    const target = await ownSubAdmin(actor, params.id)
    const { version, ...fields } = body
    const result = await accountsService.transaction
      .write(({ accounts, history }) => [
        accounts
          .patch({ accountId: target.accountId })
          .set(fields)
          .add({ version: 1 })
          .where(({ version: current }, { eq }) => eq(current, version))
          .commit(),
        history
          .create(
            historyEntry(
              target.accountId,
              adminOf(actor),
              'UPDATE',
              `${fields.adminRole}/${fields.authority}`,
            ),
          )
          .commit(),
      ])
      .go()
    assertCommitted(result)
    return ok({ ...view(await ownSubAdmin(actor, params.id)), message: t('subAdmin.updated') })
  },
)

export const remove = endpoint(
  accountsRoutes['accounts.removeSubAdmin'],
  async ({ actor, params, query, t }) => {
    const target = await ownSubAdmin(actor, params.id)
    await deleteAccount(target, adminOf(actor), query.version)
    return ok({ message: t('subAdmin.deleted') })
  },
)
