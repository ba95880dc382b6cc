import { CHILD_TYPES, GUARDED_FIELD_DEFAULTS } from '@swipe/shared'
import { accountsRoutes } from '@swipe/shared/contract/accounts'
import { BadRequestError, ForbiddenError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { accountsFor, principalIdOf } from '#edge/tenancy'
import { assertFieldRules } from './fields.ts'
import { createAccount, profileOf } from './service.ts'

export const handler = endpoint(accountsRoutes['accounts.create'], async ({ actor, body, locale, t }) => {
  if (actor?.kind !== 'admin') throw new ForbiddenError()
  const parent = await accountsFor(actor).get(body.parentId ?? principalIdOf(actor.account), 'account:create')
  if (parent.contractStatus === 'TERMINATED') throw new ForbiddenError('account.readOnly')
  const allowed = CHILD_TYPES[parent.accountType] ?? []
  // An OEM admin runs its OEM's users but does not appoint other OEM admins.
  const creatorType =
    actor.account.accountType === 'SUB_ADMIN' ? actor.account.parentType : actor.account.accountType
  if (
    !allowed.includes(body.accountType) ||
    (creatorType === 'OEM_ADMIN' && body.accountType === 'OEM_ADMIN')
  ) {
    throw new BadRequestError('account.typeNotAllowed')
  }
  // A new account's plan and contract terms: anything but the defaults needs their actions.
  await assertFieldRules({ actor: actor.account, sent: body, current: GUARDED_FIELD_DEFAULTS, locale })
  const created = await createAccount({ ...body, parent }, actor.account, locale)
  return ok({ ...profileOf(created), message: t('account.created') }, 201)
})
