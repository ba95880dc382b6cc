import { describe, expect, it, vi } from 'vitest'
import { awsMail } from '../aws/mail.ts'
import { parsePlatformEnv } from '../env.ts'
import { platform, runWithPlatform } from '../index.ts'
import * as mail from './mail.ts'

describe('Reply-To on a mail', () => {
  it('takes one plain address and nothing that could add a header or a second recipient', () => {
    expect(mail.replyToAddress('visitor@example.co.jp')).toBe('visitor@example.co.jp')
    expect(mail.replyToAddress('first.last+tag@sub.example.com')).toBe('first.last+tag@sub.example.com')
    for (const bad of [
      undefined,
      '',
      'visitor@example.com\r\nBcc: victim@example.com',
      'visitor@example.com\nX-Injected: 1',
      'visitor@example.com, other@example.com',
      'visitor@example.com;other@example.com',
      'Visitor <visitor@example.com>',
      '"a b"@example.com',
      'visitor@example.com ',
      'not an address',
      `${'a'.repeat(250)}@example.com`,
    ])
      expect(mail.replyToAddress(bad), String(bad)).toBeUndefined()
  })

  it('sends ReplyToAddresses only for a plain address, the mail itself either way', async () => {
    const sent: unknown[] = []
    const port = awsMail(parsePlatformEnv({ MAIL_FROM: 'no-reply@example.com' }))
    const spy = vi.spyOn(port.client, 'send').mockImplementation(async (command: { input: unknown }) => {
      sent.push(command.input)
      return {}
    })
    const base = { to: 'owner@example.com', subject: 'S', text: '1行目\n2行目' }
    await runWithPlatform({ ...platform(), mail: port }, async () => {
      await mail.sendMail({ ...base, replyTo: 'visitor@example.com' })
      await mail.sendMail({ ...base, replyTo: 'visitor@example.com\r\nBcc: victim@example.com' })
      await mail.sendMail(base)
    })
    spy.mockRestore()
    expect(sent).toEqual([
      {
        FromEmailAddress: 'no-reply@example.com',
        Destination: { ToAddresses: ['owner@example.com'] },
        ReplyToAddresses: ['visitor@example.com'],
        Content: {
          Simple: {
            Subject: { Data: 'S', Charset: 'UTF-8' },
            Body: { Text: { Data: '1行目\n2行目', Charset: 'UTF-8' } },
          },
        },
      },
      expect.not.objectContaining({ ReplyToAddresses: expect.anything() }),
      expect.not.objectContaining({ ReplyToAddresses: expect.anything() }),
    ])
    expect(sent[1]).toMatchObject({ Destination: { ToAddresses: ['owner@example.com'] } })
  })
})
