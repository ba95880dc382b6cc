/** Account types of the admin console (SPEC §1, §6). */
export const ACCOUNT_TYPES = [
  'MASTER',
  'MASTER_USER',
  'OEM_MASTER',
  'OEM_ADMIN',
  'USER',
  'SUB_ADMIN',
] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]
/** A sub-admin acts for a parent of one of these types. */
export type ParentType = Exclude<AccountType, 'SUB_ADMIN'>

export const CONTRACT_STATUSES = ['ACTIVE', 'SUSPENDED', 'TERMINATED', 'INACTIVE'] as const
export type ContractStatus = (typeof CONTRACT_STATUSES)[number]

export const AUTHORITIES = ['EDIT', 'VIEW'] as const
export type Authority = (typeof AUTHORITIES)[number]

/** A sub-admin's role in its parent's admin settings (SPEC §2). */
export const ADMIN_ROLES = ['MAIN_CONTACT', 'VIEWER', 'EDITOR'] as const

/** Account types a console creates as users (sub-admins are made in admin settings). */
export const CREATABLE_TYPES = ['MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER'] as const
export type CreatableType = (typeof CREATABLE_TYPES)[number]

/** Which account types may be created directly under a parent of each type. */
export const CHILD_TYPES: Partial<Record<AccountType, readonly CreatableType[]>> = {
  MASTER: ['MASTER_USER', 'OEM_MASTER', 'USER'],
  OEM_MASTER: ['OEM_ADMIN', 'USER'],
}

/** The user-type segment that prefixes every admin route (SPEC §2). */
export type UserTypeSegment = 'master' | 'masteruser' | 'admin' | 'adminuser'

const SEGMENTS: Record<ParentType, UserTypeSegment> = {
  MASTER: 'master',
  MASTER_USER: 'masteruser',
  OEM_MASTER: 'admin',
  OEM_ADMIN: 'admin',
  USER: 'adminuser',
}

/** master -> master, master user -> masteruser, OEM master/admin -> admin, user -> adminuser; a sub-admin follows its parent. */
export const userTypeSegment = (type: AccountType, parentType?: ParentType | null): UserTypeSegment => {
  if (type === 'SUB_ADMIN') {
    if (!parentType) throw new Error('A sub-admin needs its parent type')
    return SEGMENTS[parentType]
  }
  return SEGMENTS[type]
}

/** The menu areas of SPEC §2. */
export const MENU_AREAS = [
  'summary',
  'userList',
  'siteProduction',
  'effectMeasurement',
  'planManagement',
  'latestInformation',
  'systemNotification',
  'checkPlan',
  'adminSettings',
  'profilePicture',
] as const
export type MenuArea = (typeof MENU_AREAS)[number]

const MENUS: Record<ParentType, readonly MenuArea[]> = {
  MASTER: [
    'summary',
    'userList',
    'siteProduction',
    'effectMeasurement',
    'planManagement',
    'latestInformation',
    'systemNotification',
    'adminSettings',
    'profilePicture',
  ],
  MASTER_USER: [
    'summary',
    'userList',
    'siteProduction',
    'effectMeasurement',
    'planManagement',
    'latestInformation',
    'systemNotification',
    'profilePicture',
  ],
  OEM_MASTER: [
    'summary',
    'userList',
    'siteProduction',
    'effectMeasurement',
    'planManagement',
    'latestInformation',
    'checkPlan',
    'adminSettings',
    'profilePicture',
  ],
  OEM_ADMIN: [
    'summary',
    'userList',
    'siteProduction',
    'effectMeasurement',
    'latestInformation',
    'checkPlan',
    'profilePicture',
  ],
  USER: ['summary', 'siteProduction', 'effectMeasurement', 'checkPlan', 'adminSettings', 'profilePicture'],
}

/**
 * The menu areas an account may open. A sub-admin sees its parent's areas except admin settings
 * (only the parent manages its own sub-admins). docs/permissions.md explains each choice.
 */
export const menuAreasFor = (type: AccountType, parentType?: ParentType | null): readonly MenuArea[] => {
  if (type === 'SUB_ADMIN') {
    if (!parentType) return []
    return MENUS[parentType].filter((area) => area !== 'adminSettings')
  }
  return MENUS[type]
}

/** Site statuses (SPEC §4). */
export const SITE_STATUSES = [
  'PUBLISH',
  'UNPUBLISHED',
  'DRAFT',
  'EXPIRED',
  'PRIVATE',
  'DOMAIN_VERIFYING',
] as const
export type SiteStatus = (typeof SITE_STATUSES)[number]

/** What a contract-history row records (SPEC §3: processing content). */
export const HISTORY_ACTIONS = [
  'CREATE',
  'UPDATE',
  'SUSPEND',
  'RESUME',
  'TERMINATE',
  'DELETE',
  'IMPORT',
] as const
export type HistoryAction = (typeof HISTORY_ACTIONS)[number]
