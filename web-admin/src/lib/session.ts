import {
  ACCOUNT_TYPES,
  ACTIONS,
  type AccountType,
  type Action,
  ADMIN_ROLES,
  type Authority,
  CONTRACT_STATUSES,
  type ContractStatus,
  MENU_AREAS,
  type MenuArea,
  mayTake,
  menuAreasFor,
  type ParentType,
  type UserTypeSegment,
  userTypeSegment,
} from '@swipe/shared'
import type { Contract, RouteOutput } from '@swipe/shared/contract'
import { authRouteHeads } from '@swipe/shared/contract/routes-auth'
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts'

/**
 * GET /auth/user-info as the contract answers it (SPEC §7 Auth), camelCased. The contract status
 * is kept as a string so a new status does not break the console.
 */
export type UserInfo = Omit<RouteOutput<Contract['auth.userInfo']>, 'contractStatus'> & {
  contractStatus: ContractStatus | (string & {})
}

/** The path of GET /auth/user-info below the API base (the API client refetches it after a 403). */
export const USER_INFO_PATH: string = authRouteHeads['auth.userInfo'].path

const SEGMENTS: readonly UserTypeSegment[] = ['master', 'masteruser', 'admin', 'adminuser']

export const isUserTypeSegment = (value: unknown): value is UserTypeSegment =>
  typeof value === 'string' && (SEGMENTS as readonly string[]).includes(value)

const isMenuArea = (value: unknown): value is MenuArea =>
  typeof value === 'string' && (MENU_AREAS as readonly string[]).includes(value)

const isAction = (value: unknown): value is Action =>
  typeof value === 'string' && (ACTIONS as readonly string[]).includes(value)

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

/**
 * Accepts the user info the API sends and fills what an older server may leave out: the segment and
 * menu areas follow from the account type exactly as the server derives them (shared/accounts.ts).
 */
export const normalizeUserInfo = (raw: unknown): UserInfo => {
  const source = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>
  const accountType = (ACCOUNT_TYPES as readonly string[]).includes(String(source.accountType))
    ? (source.accountType as AccountType)
    : 'USER'
  const parentType = text(source.parentType) as ParentType | null
  const derivedSegment = (): UserTypeSegment => {
    try {
      return userTypeSegment(accountType, parentType)
    } catch {
      return 'adminuser'
    }
  }
  const menuAreas = Array.isArray(source.menuAreas)
    ? source.menuAreas.filter(isMenuArea)
    : [...menuAreasFor(accountType, parentType)]
  const authority: Authority = source.authority === 'VIEW' ? 'VIEW' : 'EDIT'
  const contractStatus = text(source.contractStatus) ?? 'ACTIVE'
  const adminRole = ADMIN_ROLES.find((role) => role === source.adminRole) ?? null
  // An older server sends no list: the same policy the server applies, from what user info carries.
  const allowedActions = Array.isArray(source.allowedActions)
    ? source.allowedActions.filter(isAction)
    : ACTIONS.filter((action) =>
        mayTake(
          {
            accountId: String(source.id ?? ''),
            accountType,
            parentType,
            ancestorIds: [],
            contractStatus: CONTRACT_STATUSES.find((status) => status === contractStatus) ?? 'INACTIVE',
            authority,
            adminRole,
          },
          action,
        ),
      )
  return {
    id: String(source.id ?? ''),
    email: String(source.email ?? ''),
    accountType,
    parentType,
    userTypeSegment: isUserTypeSegment(source.userTypeSegment) ? source.userTypeSegment : derivedSegment(),
    companyName: text(source.companyName),
    contactName: text(source.contactName),
    authority,
    contractStatus,
    logoUrl: text(source.logoUrl),
    mainColor: text(source.mainColor),
    textColor: text(source.textColor),
    menuAreas,
    adminRole,
    allowedActions,
  }
}

/** Where a user lands after signing in. */
export const landingPath = (info: Pick<UserInfo, 'userTypeSegment'>): string =>
  `/${info.userTypeSegment}/summary`

export const getAccessToken = (): string | null => readStorage(STORAGE_KEYS.accessToken)
export const getRefreshToken = (): string | null => readStorage(STORAGE_KEYS.refreshToken)
export const setAccessToken = (token: string): void => writeStorage(STORAGE_KEYS.accessToken, token)

export const storeUserInfo = (info: UserInfo): void =>
  writeStorage(STORAGE_KEYS.userInfo, JSON.stringify(info))

/** The user info kept from the last sign-in (logo and colours show before the API answers). */
export const getStoredUserInfo = (): UserInfo | null => {
  const raw = readStorage(STORAGE_KEYS.userInfo)
  if (!raw) return null
  try {
    return normalizeUserInfo(JSON.parse(raw))
  } catch {
    return null
  }
}

export interface SessionTokens {
  accessToken: string
  refreshToken?: string | null
}

export const startSession = (tokens: SessionTokens, info: UserInfo): void => {
  writeStorage(STORAGE_KEYS.accessToken, tokens.accessToken)
  if (tokens.refreshToken) writeStorage(STORAGE_KEYS.refreshToken, tokens.refreshToken)
  storeUserInfo(info)
}

/** Forgets the admin session; end-user and preview tokens belong to the public site and stay. */
export const clearSession = (): void => {
  writeStorage(STORAGE_KEYS.accessToken, null)
  writeStorage(STORAGE_KEYS.refreshToken, null)
  writeStorage(STORAGE_KEYS.userInfo, null)
}

export const isSignedIn = (): boolean => getAccessToken() !== null
