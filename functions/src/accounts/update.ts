import { accountsRoutes } from '@swipe/shared/contract/accounts'
import { accountsService } from '#data/accounts-service'
import { ForbiddenError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { accountsFor } from '#edge/tenancy'
import { assertFieldRules } from './fields.ts'
import { assertCommitted, historyEntry, profileOf } from './service.ts'

export const handler = endpoint(
  accountsRoutes['accounts.update'],
  async ({ actor, body, params, locale, t }) => {
    if (actor?.kind !== 'admin') throw new ForbiddenError()
    const account = await accountsFor(actor).get(params.id, 'account:update')
    if (account.contractStatus === 'TERMINATED') throw new ForbiddenError('account.readOnly')
    const { version, ...fields } = body
    // Plan and contract terms change only with their own actions, never on one's own account.
    await assertFieldRules({ actor: actor.account, sent: fields, current: account, target: account, locale })
    const changed = Object.entries(fields)
      .filter(([key, value]) => (account as Record<string, unknown>)[key] !== value)
      .map(([key]) => key)
    const result = await accountsService.transaction
      .write(({ accounts, history }) => [
        accounts
          .patch({ accountId: account.accountId })
          .set(fields)
          .add({ version: 1 })
          .where(({ version: current }, { eq }) => eq(current, version))
          .commit(),
        history.create(historyEntry(account.accountId, actor.account, 'UPDATE', changed.join(', '))).commit(),
      ])
      .go()
    assertCommitted(result)
    const saved = await accountsFor(actor).get(account.accountId, 'account:read')
    return ok({ ...profileOf(saved), message: t('account.updated') })
  },
)
