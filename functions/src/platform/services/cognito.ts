import { adminPool as consolePool, requiredPool } from './pools.ts'

export { cognito } from './cognito-client.ts'
export { membersPool } from './members-pool.ts'
export type { PoolRef } from './pools.ts'

/** The admin pool; importing it fails at load where the pool's variables are missing. */
export const adminPool = requiredPool(consolePool)
