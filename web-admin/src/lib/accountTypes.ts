import { type AccountType, CHILD_TYPES, type CREATABLE_TYPES } from '@swipe/shared'
import type { UserInfo } from './session.ts'

/** Account types a console creates as users. */
export type CreatableType = (typeof CREATABLE_TYPES)[number]

/** Whether accounts of this type can have users under them. */
export const canHaveChildren = (type: AccountType): boolean => (CHILD_TYPES[type]?.length ?? 0) > 0

/** The type whose rules the signed-in account follows (a sub-admin acts as its parent). */
export const creatorTypeOf = (info: Pick<UserInfo, 'accountType' | 'parentType'>): AccountType | null =>
  info.accountType === 'SUB_ADMIN' ? info.parentType : info.accountType

/**
 * The type of the account a new user lands under when the creator sends no parent: the account it
 * stands for (functions/src/edge/tenancy.ts principalIdOf). Master users and OEM admins work for
 * their parent, a sub-admin for its parent.
 */
export const ownParentTypeOf = (info: Pick<UserInfo, 'accountType' | 'parentType'>): AccountType | null => {
  if (info.accountType === 'SUB_ADMIN') return info.parentType
  if (info.accountType === 'MASTER_USER') return 'MASTER'
  if (info.accountType === 'OEM_ADMIN') return 'OEM_MASTER'
  return info.accountType
}

/** The types a creator may choose under a parent of `parentType`; an OEM admin appoints no OEM admins. */
export const creatableTypes = (
  parentType: AccountType | null,
  creatorType: AccountType | null,
): readonly CreatableType[] =>
  (parentType ? (CHILD_TYPES[parentType] ?? []) : []).filter(
    (type) => !(creatorType === 'OEM_ADMIN' && type === 'OEM_ADMIN'),
  )
