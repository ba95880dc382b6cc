import type { Account } from '../data/accounts.ts'
import { ForbiddenError } from './errors.ts'

/** 403 with the reason for any account that is not active (SPEC §4 contract status). */
export const assertActive = (account: Pick<Account, 'contractStatus'>): void => {
  switch (account.contractStatus) {
    case 'ACTIVE':
      return
    case 'SUSPENDED':
      throw new ForbiddenError('error.accountSuspended')
    case 'TERMINATED':
      throw new ForbiddenError('error.accountTerminated')
    default:
      throw new ForbiddenError('error.accountInactive')
  }
}
