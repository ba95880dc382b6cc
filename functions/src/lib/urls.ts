import { z } from 'zod'
import { readEnv } from './env.ts'

const env = readEnv({ ADMIN_ORIGIN: z.url() })

/** Links the product mails point into the admin console. */
export const adminUrl = (path: string) => `${env.ADMIN_ORIGIN.replace(/\/$/, '')}${path}`
