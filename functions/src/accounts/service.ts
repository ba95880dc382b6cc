import { randomInt, randomUUID } from 'node:crypto'
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider'
import {
  type AccountType,
  type HistoryAction,
  type Locale,
  PASSWORD_SYMBOLS,
  type ParentType,
  translate,
} from '@swipe/shared'
import { createWriteTransaction } from 'electrodb'
import { type Account, Accounts, ContractHistory, EmailClaims } from '#data/accounts'
import { Tallies } from '#data/tallies'
import { countsAsUser, scopesOf, tallyNeeds, tallyWrites, userDelta, withCounters } from '#domain/tallies'
import { ConflictError, ValidationError } from '#edge/errors'
import { adminPool, cognito } from '#platform/services/cognito'
import { logger } from '#platform/services/logger'
import { sendMail } from '#platform/services/mail'
import { adminUrl } from '#platform/services/urls'

/**
 * An account, its email claim, its history and the summary's tallies change together, in one
 * transaction (the tallies of the account's scopes: functions/src/domain/tallies.ts).
 */
export const accountEntities = {
  accounts: Accounts,
  emailClaims: EmailClaims,
  history: ContractHistory,
  tallies: Tallies,
}

/** What a transaction adds to the tallies of `account`'s scopes (nothing for a sub-admin). */
export const countOf = (
  account: Pick<Account, 'accountType' | 'ancestorIds'>,
  change: ReturnType<typeof userDelta>,
) => {
  const scopes = scopesOf(account.ancestorIds)
  return { scopes, change: countsAsUser(account) ? change : {} }
}

/** A temporary password that meets the policy: 12 characters with every required class. */
export const temporaryPassword = (): string => {
  const pick = (chars: string) => chars[randomInt(chars.length)]!
  const lower = 'abcdefghijkmnpqrstuvwxyz'
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
  const digits = '23456789'
  const symbols = PASSWORD_SYMBOLS.replace(/[|{}<>[\]]/g, '')
  const all = lower + upper + digits + symbols
  const chars = [
    pick(lower),
    pick(upper),
    pick(digits),
    pick(symbols),
    ...Array.from({ length: 8 }, () => pick(all)),
  ]
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j]!, chars[i]!]
  }
  return chars.join('')
}

export const executorOf = (actor: Account) => ({
  executorId: actor.accountId,
  executorName: actor.contactName ?? actor.email,
})

export const historyEntry = (accountId: string, actor: Account, action: HistoryAction, detail?: string) => ({
  accountId,
  executedAt: Date.now(),
  entryId: randomUUID(),
  ...executorOf(actor),
  action,
  ...(detail ? { detail } : {}),
})

export interface NewAccount {
  accountType: AccountType
  parent: Account
  email: string
  companyName?: string | undefined
  contactName?: string | undefined
  planId?: string | undefined
  contractStartDate?: string | undefined
  contractEndDate?: string | undefined
  authority: 'EDIT' | 'VIEW'
  licenseIssuing: boolean
  adminRole?: 'MAIN_CONTACT' | 'VIEWER' | 'EDITOR' | undefined
}

/**
 * Creates an account: the admin-pool user with a temporary password, then the account, its email
 * claim and its first history row in one transaction (undoing the pool user if that fails), then
 * mails the temporary password in the caller's language.
 */
export const createAccount = async (
  input: NewAccount,
  actor: Account,
  locale: Locale,
  action: 'CREATE' | 'IMPORT' = 'CREATE',
) => {
  const email = input.email.trim().toLowerCase()
  const password = temporaryPassword()
  const accountId = randomUUID()
  let username: string
  try {
    const created = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: adminPool.id,
        Username: email,
        TemporaryPassword: password,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    )
    username = created.User?.Username ?? email
  } catch (error) {
    if (
      error instanceof UsernameExistsException ||
      (error as { name?: string }).name === 'UsernameExistsException'
    ) {
      throw new ValidationError([{ path: 'body.email', code: 'account.emailTaken' }])
    }
    throw error
  }
  const account = {
    accountId,
    accountType: input.accountType,
    parentId: input.parent.accountId,
    parentType: input.parent.accountType as ParentType,
    ancestorIds: [...input.parent.ancestorIds, input.parent.accountId],
    email,
    ...(input.companyName ? { companyName: input.companyName } : {}),
    ...(input.contactName ? { contactName: input.contactName } : {}),
    ...(input.planId ? { planId: input.planId } : {}),
    ...(input.contractStartDate ? { contractStartDate: input.contractStartDate } : {}),
    ...(input.contractEndDate ? { contractEndDate: input.contractEndDate } : {}),
    ...(input.adminRole ? { adminRole: input.adminRole } : {}),
    contractStatus: 'ACTIVE' as const,
    authority: input.authority,
    licenseIssuing: input.licenseIssuing,
    cognitoUsername: username,
  }
  const { scopes, change } = countOf(account, userDelta(undefined, 'ACTIVE'))
  const result = await withCounters(
    () =>
      createWriteTransaction(accountEntities, (e) => [
        e.emailClaims.create({ email, accountId }).commit(),
        e.accounts.create(account).commit(),
        e.history.create(historyEntry(accountId, actor, action)).commit(),
        ...tallyWrites(scopes, change, (scopeId, d) => e.tallies.patch({ scopeId }).add(d).commit()),
      ]).go(),
    tallyNeeds(scopes, 3, change),
  )
  if (result.canceled) {
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: adminPool.id, Username: username }))
    throw new ValidationError([{ path: 'body.email', code: 'account.emailTaken' }])
  }
  await sendMail({
    to: email,
    subject: translate(locale, 'account.welcomeSubject'),
    text: translate(locale, 'account.welcomeBody', { email, link: adminUrl('/login'), password }),
  })
  return { ...account, createdAt: Date.now(), updatedAt: Date.now(), version: 1 } as Account
}

/** Throws 409 when a conditional transaction lost to another change. */
export const assertCommitted = (result: { canceled: boolean }) => {
  if (result.canceled) throw new ConflictError()
}

/** The account's profile as the console shows it. */
export const profileOf = (account: Account) => ({
  id: account.accountId,
  accountType: account.accountType,
  parentType: account.parentType ?? null,
  parentId: account.parentId === 'ROOT' ? null : account.parentId,
  email: account.email,
  companyName: account.companyName ?? null,
  contactName: account.contactName ?? null,
  planId: account.planId ?? null,
  contractStartDate: account.contractStartDate ?? null,
  contractEndDate: account.contractEndDate ?? null,
  contractStatus: account.contractStatus,
  authority: account.authority,
  licenseIssuing: account.licenseIssuing,
  adminRole: account.adminRole ?? null,
  createdAt: new Date(account.createdAt).toISOString(),
  updatedAt: new Date(account.updatedAt).toISOString(),
  version: account.version,
})

/** Removes an account with its email claim and pool user (used to undo a failed import). */
export const deleteAccountCompletely = async (account: Account) => {
  const { scopes, change } = countOf(account, userDelta(account.contractStatus))
  await withCounters(
    () =>
      createWriteTransaction(accountEntities, (e) => [
        e.accounts.delete({ accountId: account.accountId }).commit(),
        e.emailClaims.delete({ email: account.email }).commit(),
        ...tallyWrites(scopes, change, (scopeId, d) => e.tallies.patch({ scopeId }).add(d).commit()),
      ]).go(),
    tallyNeeds(scopes, 2, change),
  )
  await cognito.send(
    new AdminDeleteUserCommand({ UserPoolId: adminPool.id, Username: account.cognitoUsername }),
  )
}

/**
 * Deletes an account the caller loaded at `version`: the account, its email claim and a DELETE
 * history row in one transaction (a stale version -> 409), then its pool user. The history stays,
 * as the audit trail of a deleted account.
 */
export const deleteAccount = async (account: Account, actor: Account, version: number) => {
  // The status counted is the loaded one: it is the stored one only at the loaded version.
  if (account.version !== version) throw new ConflictError()
  const { scopes, change } = countOf(account, userDelta(account.contractStatus))
  const result = await withCounters(
    () =>
      createWriteTransaction(accountEntities, (e) => [
        e.accounts
          .delete({ accountId: account.accountId })
          .where(({ version: current }, { eq }) => eq(current, version))
          .commit(),
        e.emailClaims.delete({ email: account.email }).commit(),
        e.history.create(historyEntry(account.accountId, actor, 'DELETE', account.email)).commit(),
        ...tallyWrites(scopes, change, (scopeId, d) => e.tallies.patch({ scopeId }).add(d).commit()),
      ]).go(),
    tallyNeeds(scopes, 3, change),
  )
  assertCommitted(result)
  try {
    await cognito.send(
      new AdminDeleteUserCommand({ UserPoolId: adminPool.id, Username: account.cognitoUsername }),
    )
  } catch (error) {
    // Without its account item the pool user can no longer act (401 on every request).
    logger.warn('Admin pool user not deleted', { accountId: account.accountId, error: (error as Error).name })
  }
}
