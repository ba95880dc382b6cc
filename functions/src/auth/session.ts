import { createHash, randomBytes } from 'node:crypto'
import type { AuthenticationResultType } from '@aws-sdk/client-cognito-identity-provider'
import { ACTIONS, mayTake, menuAreasFor, userTypeSegment } from '@swipe/shared'
import type { Account } from '#data/accounts'
import { accountByUsername, assertActive, verifyPoolAccessToken } from '#edge/auth'
import { UnauthorizedError } from '#edge/errors'
import { policyActorOf } from '#edge/tenancy'
import { adminPool } from '#platform/services/cognito'
import { presignGet } from '#platform/services/presign'
import { mediaBucket } from '#platform/services/s3'

/** What the console needs to know about the signed-in account (GET /auth/user-info). */
export const userInfoOf = async (account: Account) => ({
  id: account.accountId,
  email: account.email,
  accountType: account.accountType,
  parentType: account.parentType ?? null,
  userTypeSegment: userTypeSegment(account.accountType, account.parentType),
  companyName: account.companyName ?? null,
  contactName: account.contactName ?? null,
  authority: account.authority,
  adminRole: account.adminRole ?? null,
  contractStatus: account.contractStatus,
  logoUrl: account.logoKey ? await logoUrlOf(account.logoKey) : null,
  mainColor: account.mainColor ?? null,
  textColor: account.textColor ?? null,
  menuAreas: [...menuAreasFor(account.accountType, account.parentType)],
  /** The policy actions this account may take at all; the console disables the rest. */
  allowedActions: ACTIONS.filter((action) => mayTake(policyActorOf(account), action)),
})

/** The account behind tokens Cognito just issued; it must exist and be active. */
export const accountOfTokens = async (result: AuthenticationResultType): Promise<Account> => {
  if (!result.AccessToken) throw new UnauthorizedError('auth.loginFailed')
  const claims = await verifyPoolAccessToken(result.AccessToken, adminPool)
  const account = await accountByUsername(String(claims.username ?? claims.sub))
  if (!account) throw new UnauthorizedError('auth.loginFailed')
  assertActive(account)
  return account
}

/** The answer of a finished sign-in; Cognito sends both tokens on a password or challenge sign-in. */
export const sessionBody = async (result: AuthenticationResultType, account: Account) => {
  if (!result.AccessToken || !result.RefreshToken) throw new UnauthorizedError('auth.loginFailed')
  return {
    accessToken: result.AccessToken,
    refreshToken: result.RefreshToken,
    expiresIn: result.ExpiresIn ?? 3600,
    userInfo: await userInfoOf(account),
  }
}

const logoUrlOf = (key: string) => presignGet(mediaBucket, key)

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
export const newToken = () => randomBytes(32).toString('base64url')

export { isCredentialFailure } from '#platform/services/cognito-client'
