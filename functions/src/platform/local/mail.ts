import { SESv2Client } from '@aws-sdk/client-sesv2'
import { clientConfig } from '#platform/services/env'
import type { PlatformEnv } from '../env.ts'
import type { MailPort } from '../mail.ts'

/** Locally: the SES emulator the stack runs (`SES_ENDPOINT`, infra/local), from `MAIL_FROM`. */
export const localMail = (env: PlatformEnv): MailPort => ({
  client: new SESv2Client(clientConfig(env.SES_ENDPOINT)),
  from: env.MAIL_FROM,
})
