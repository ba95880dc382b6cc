import * as z from 'zod'
import { poolRef } from './cognito-client.ts'
import { readEnv } from './env.ts'

export { cognito, type PoolRef } from './cognito-client.ts'
export { membersPool } from './members-pool.ts'

const env = readEnv({
  ADMIN_USER_POOL_ID: z.string().min(1),
  ADMIN_USER_POOL_CLIENT_ID: z.string().min(1),
})

export const adminPool = poolRef(env.ADMIN_USER_POOL_ID, env.ADMIN_USER_POOL_CLIENT_ID)
