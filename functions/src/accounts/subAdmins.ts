import { CreateSubAdminBody, UpdateSubAdminBody } from '@swipe/shared'
import { z } from 'zod'
import { type Account, Accounts } from '#data/accounts'
import { accountsService } from '#data/accounts-service'
import type { Actor } from '#lib/auth'
import { ForbiddenError, NotFoundError } from '#lib/errors'
import { endpoint, ok } from '#lib/http'
import { routes } from '../routes.ts'
import { IdParams } from './get.ts'
import { assertCommitted, createAccount, historyEntry } from './service.ts'

const me = (actor: Actor | undefined): Account => {
  if (actor?.kind !== 'admin') throw new ForbiddenError()
  return actor.account
}

/** A sub-admin of the caller's own; anyone else's does not exist for it. */
const ownSubAdmin = async (actor: Actor | undefined, id: string) => {
  const found = (await Accounts.get({ accountId: id }).go()).data
  if (found?.accountType !== 'SUB_ADMIN' || found.parentId !== me(actor).accountId) throw new NotFoundError()
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

export const list = endpoint(routes['accounts.listSubAdmins'], {}, async ({ actor }) => {
  const children = await Accounts.query
    .byParent({ parentId: me(actor).accountId })
    .where(({ accountType }, { eq }) => eq(accountType, 'SUB_ADMIN'))
    .go({ pages: 'all' })
  return ok({ items: children.data.map(view) })
})

export const create = endpoint(
  routes['accounts.createSubAdmin'],
  { body: CreateSubAdminBody },
  async ({ actor, body, locale, t }) => {
    const parent = me(actor)
    const created = await createAccount(
      { ...body, accountType: 'SUB_ADMIN', parent, licenseIssuing: false, companyName: parent.companyName },
      parent,
      locale,
    )
    return ok({ ...view(created), message: t('subAdmin.created') }, 201)
  },
)

export const update = endpoint(
  routes['accounts.updateSubAdmin'],
  { body: UpdateSubAdminBody, params: IdParams },
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
            historyEntry(target.accountId, me(actor), 'UPDATE', `${fields.adminRole}/${fields.authority}`),
          )
          .commit(),
      ])
      .go()
    assertCommitted(result)
    return ok({ ...view(await ownSubAdmin(actor, params.id)), message: t('subAdmin.updated') })
  },
)

export const remove = endpoint(
  routes['accounts.removeSubAdmin'],
  { params: IdParams, query: z.object({ version: z.coerce.number().int().positive() }) },
  async ({ actor, params, query, t }) => {
    const target = await ownSubAdmin(actor, params.id)
    const result = await accountsService.transaction
      .write(({ accounts, emailClaims, history }) => [
        accounts
          .delete({ accountId: target.accountId })
          .where(({ version }, { eq }) => eq(version, query.version))
          .commit(),
        emailClaims.delete({ email: target.email }).commit(),
        history.create(historyEntry(target.accountId, me(actor), 'DELETE', target.email)).commit(),
      ])
      .go()
    assertCommitted(result)
    const { AdminDeleteUserCommand } = await import('@aws-sdk/client-cognito-identity-provider')
    const { cognito, adminPool } = await import('#lib/cognito')
    await cognito
      .send(new AdminDeleteUserCommand({ UserPoolId: adminPool.id, Username: target.cognitoUsername }))
      .catch(() => undefined)
    return ok({ message: t('subAdmin.deleted') })
  },
)
