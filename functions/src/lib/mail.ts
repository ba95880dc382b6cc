import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2'
import * as z from 'zod'
import { clientConfig, readEnv } from './env.ts'

const env = readEnv({ MAIL_FROM: z.email(), SES_ENDPOINT: z.url().optional() })

export const mailFrom = env.MAIL_FROM
export const ses = new SESv2Client(clientConfig(env.SES_ENDPOINT))

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
}

/** Sends one message through SES from the configured sender. */
export const sendMail = async (mail: Mail): Promise<void> => {
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: env.MAIL_FROM,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: mail.text, Charset: 'UTF-8' },
            ...(mail.html ? { Html: { Data: mail.html, Charset: 'UTF-8' } } : {}),
          },
        },
      },
    }),
  )
}
