import type { SESv2Client } from '@aws-sdk/client-sesv2'

/**
 * Where mail is sent (#platform/services/mail `sendMail`): Amazon SES on AWS (./aws/mail.ts), the local SES
 * emulator on the local stack (./local/mail.ts, `SES_ENDPOINT`). The port is the home of the
 * client; what a message looks like stays in #platform/services/mail.
 */
export interface MailPort {
  /** The SES v2 client (the health check asks it too). */
  readonly client: SESv2Client
  /** The configured sender (`MAIL_FROM`); undefined on a function that sends no mail. */
  readonly from: string | undefined
}
