import { AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider'
import { z } from 'zod'
import { Accounts } from '#data/accounts'
import { accountsService } from '#data/accounts-service'
import { adminPool, cognito } from '#lib/cognito'
import { ConflictError, ForbiddenError } from '#lib/errors'
import { endpoint, ok } from '#lib/http'
import { logger } from '#lib/logger'
import { accountsFor } from '#lib/tenancy'
import { routes } from '../routes.ts'
import { IdParams } from './get.ts'
import { assertCommitted, historyEntry } from './service.ts'

export const handler = endpoint(
  routes['accounts.remove'],
  { params: IdParams, query: z.object({ version: z.coerce.number().int().positive() }) },
  async ({ actor, params, query, t }) => {
    if (actor?.kind !== 'admin') throw new ForbiddenError()
    const account = await accountsFor(actor).get(params.id, 'account:delete')
    if (account.accountId === actor.account.accountId) throw new ForbiddenError()
    const children = await Accounts.query.byParent({ parentId: account.accountId }).go({ limit: 1 })
    if (children.data.length) throw new ConflictError('account.hasChildren')
    const result = await accountsService.transaction
      .write(({ accounts, emailClaims, history }) => [
        accounts
          .delete({ accountId: account.accountId })
          .where(({ version }, { eq }) => eq(version, query.version))
          .commit(),
        emailClaims.delete({ email: account.email }).commit(),
        // The history stays, as the audit trail of a deleted account.
        history.create(historyEntry(account.accountId, actor.account, 'DELETE', account.email)).commit(),
      ])
      .go()
    assertCommitted(result)
    try {
      await cognito.send(
        new AdminDeleteUserCommand({ UserPoolId: adminPool.id, Username: account.cognitoUsername }),
      )
    } catch (error) {
      // Without its account item the pool user can no longer act (401 on every request).
      logger.warn('Admin pool user not deleted', {
        accountId: account.accountId,
        error: (error as Error).name,
      })
    }
    return ok({ message: t('account.deleted') })
  },
)
