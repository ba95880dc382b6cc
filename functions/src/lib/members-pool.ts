import * as z from 'zod'
import { poolRef } from './cognito-client.ts'
import { readEnv } from './env.ts'

/**
 * The members pool alone, so the visitor Lambda (sign-up, sign-in, members-only reads) is given
 * this pool and never the admin pool's variables or grants.
 */
const env = readEnv({
  MEMBERS_USER_POOL_ID: z.string().min(1),
  MEMBERS_USER_POOL_CLIENT_ID: z.string().min(1),
})

export const membersPool = poolRef(env.MEMBERS_USER_POOL_ID, env.MEMBERS_USER_POOL_CLIENT_ID)
