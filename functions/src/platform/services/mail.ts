import { SendEmailCommand } from '@aws-sdk/client-sesv2'
import * as z from 'zod'
import { platform } from '#platform'

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
  /**
   * Where a reply goes (a visitor's address on a form's mail to the creator). Only a single plain
   * address is used (`replyToAddress`); anything else is left out and the reply goes to the sender.
   */
  replyTo?: string
}

const plainAddress = z.email()

/**
 * `value` when it is one plain email address (at most 254 characters; no display name, no list,
 * no whitespace, quotes, angle brackets or line breaks that could add a header), else undefined.
 */
export const replyToAddress = (value: string | undefined): string | undefined =>
  value !== undefined &&
  value.length <= 254 &&
  !/[\s,;<>"()\\]/.test(value) &&
  plainAddress.safeParse(value).success
    ? value
    : undefined

/** Sends one message through SES (the platform's, #platform/mail) from the configured sender. */
export const sendMail = async (mail: Mail): Promise<void> => {
  const replyTo = replyToAddress(mail.replyTo)
  const { client, from } = platform().mail
  if (!from) throw new Error('No sender is configured (MAIL_FROM)')
  await client.send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [mail.to] },
      ...(replyTo ? { ReplyToAddresses: [replyTo] } : {}),
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
