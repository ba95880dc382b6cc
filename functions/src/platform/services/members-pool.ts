import { requiredPool, membersPool as visitorsPool } from './pools.ts'

/**
 * The members pool alone, so the visitor Lambda (sign-up, sign-in, members-only reads) is given
 * this pool and never the admin pool's variables or grants. Importing it fails at load where the
 * pool's variables are missing.
 */
export const membersPool = requiredPool(visitorsPool)
