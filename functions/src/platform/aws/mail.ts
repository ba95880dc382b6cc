import { SESv2Client } from '@aws-sdk/client-sesv2'
import { clientConfig } from '#platform/services/env'
import type { PlatformEnv } from '../env.ts'
import type { MailPort } from '../mail.ts'

/** On AWS: Amazon SES in the function's region, from `MAIL_FROM`. */
export const awsMail = (env: PlatformEnv): MailPort => ({
  client: new SESv2Client(clientConfig(undefined)),
  from: env.MAIL_FROM,
})
