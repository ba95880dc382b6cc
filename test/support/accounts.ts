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
  const { cognito, adminPool } = await import('../../functions/src/platform/services/cognito.ts')
  // Stored with the summary's counts, as the API stores an account (functions/src/domain/tallies.ts).
  const { putCountedAccount } = await import('../../functions/src/domain/tallies.ts')
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
  await putCountedAccount({
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
  })
  return { accountId, email, password, type: options.type, ancestorIds }
}

export const setContractStatus = async (accountId: string, status: ContractStatus) => {
  const { setCountedContractStatus } = await import('../../functions/src/domain/tallies.ts')
  await setCountedContractStatus(accountId, status)
}

type Api = ReturnType<typeof import('./api.ts')['api']>

/** Signs in through the API and returns the access token (the arrangement of a test, not its subject). */
export const tokenFor = async (http: Api, email: string, password: string): Promise<string> => {
  const response = await http.post('/auth/login', { login_id: email, password })
  if (response.status !== 200) throw new Error(`sign in ${email}: ${response.status}`)
  return response.body.access_token as string
}

/** The seeded MASTER account, as the parent of the accounts a test creates. */
export const seededMaster = async (http: Api): Promise<TestAccount> => {
  const token = await tokenFor(http, 'master@example.com', 'Master#Local1')
  const root = (await http.get('/auth/user-info', { token })).body
  return { accountId: root.id, email: root.email, password: '', type: 'MASTER', ancestorIds: [] }
}

/** A creator (a direct user of a fresh OEM, on `planId`), signed in: its access token. */
export const creatorToken = async (http: Api, planId = 'pro_multi'): Promise<string> => {
  const oem = await createAccount({ type: 'OEM_MASTER', parent: await seededMaster(http) })
  const user = await createAccount({ type: 'USER', parent: oem, planId })
  return tokenFor(http, user.email, user.password)
}

/**
 * Two tenants: a creator (a direct user of one OEM, on `planId`) and a user of another OEM, each
 * signed in. Tests of tenant scoping act as the creator and probe as the other.
 */
export const twoTenants = async (http: Api, planId = 'pro_multi') => {
  const root = await seededMaster(http)
  const oem = await createAccount({ type: 'OEM_MASTER', parent: root })
  const user = await createAccount({ type: 'USER', parent: oem, planId })
  const otherOem = await createAccount({ type: 'OEM_MASTER', parent: root })
  const other = await createAccount({ type: 'USER', parent: otherOem })
  return {
    root,
    user,
    token: await tokenFor(http, user.email, user.password),
    otherToken: await tokenFor(http, other.email, other.password),
  }
}
