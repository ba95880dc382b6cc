import { randomUUID } from 'node:crypto'
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import type { AccountType, ContractStatus, ParentType } from '@swipe/shared'

export interface TestAccount {
  accountId: string
  email: string
  password: string
  type: AccountType
  ancestorIds: string[]
}

/**
 * Creates an account the way the product stores one (admin pool user + table item), with a
 * permanent or a temporary password. Requires the stack env (useStackEnv) to be in place.
 */
export const createAccount = async (options: {
  type: AccountType
  parent?: TestAccount
  status?: ContractStatus
  authority?: 'EDIT' | 'VIEW'
  adminRole?: 'MAIN_CONTACT' | 'VIEWER' | 'EDITOR'
  temporaryPassword?: boolean
  email?: string
  /** The account's plan; none means the fallback plan (trial for a direct user). */
  planId?: string
}): Promise<TestAccount> => {
  const { cognito, adminPool } = await import('../../functions/src/lib/cognito.ts')
  const { Accounts } = await import('../../functions/src/data/accounts.ts')
  const email = options.email ?? `${options.type.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`
  const password = options.temporaryPassword ? 'Temp#Pass1' : 'Test#Pass1'
  const accountId = randomUUID()
  const created = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: adminPool.id,
      Username: email,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  )
  const username = created.User?.Username ?? email
  if (!options.temporaryPassword) {
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: adminPool.id,
        Username: username,
        Password: password,
        Permanent: true,
      }),
    )
  }
  const ancestorIds = options.parent ? [...options.parent.ancestorIds, options.parent.accountId] : []
  await Accounts.create({
    accountId,
    accountType: options.type,
    ...(options.parent
      ? { parentId: options.parent.accountId, parentType: options.parent.type as ParentType }
      : {}),
    ancestorIds,
    email,
    companyName: `Test ${options.type}`,
    contractStatus: options.status ?? 'ACTIVE',
    authority: options.authority ?? 'EDIT',
    ...(options.adminRole ? { adminRole: options.adminRole } : {}),
    ...(options.planId ? { planId: options.planId } : {}),
    cognitoUsername: username,
  }).go()
  return { accountId, email, password, type: options.type, ancestorIds }
}

export const setContractStatus = async (accountId: string, status: ContractStatus) => {
  const { Accounts } = await import('../../functions/src/data/accounts.ts')
  await Accounts.patch({ accountId }).set({ contractStatus: status }).go()
}
