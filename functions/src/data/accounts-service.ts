import { Service } from 'electrodb'
import { Accounts, ContractHistory, EmailClaims } from './accounts.ts'
import { lazy } from './lazy.ts'
import { entityConfig } from './service.ts'

/** Account, its email claim and its history change together, in one transaction. */
export const accountsService = lazy(
  () => new Service({ accounts: Accounts, emailClaims: EmailClaims, history: ContractHistory }, entityConfig),
)
