import { describe, expect, it } from 'vitest'
import {
  AutoReplySchema,
  ContactFormSchema,
  defaultForms,
  FORM_LIMITS,
  HomepageFormSchema,
} from './site-forms.ts'

const codes = (result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []

describe('what a form sends back (sent text and automatic reply)', () => {
  it('defaults to the page’s own words and no reply, for stored forms saved before the fields existed', () => {
    const { contact, homepage } = defaultForms('JP')
    const { successText: _s, autoReply: _a, ...saved } = contact
    expect(ContactFormSchema.parse(saved)).toMatchObject({
      successText: '',
      autoReply: { enabled: false, subject: '', body: '' },
    })
    expect(HomepageFormSchema.parse(homepage).autoReply.enabled).toBe(false)
  })

  it('keeps line breaks in the texts and refuses other control characters, a broken subject and an empty reply', () => {
    expect(
      AutoReplySchema.safeParse({ enabled: true, subject: '受付', body: '一行目\n二行目' }).success,
    ).toBe(true)
    expect(codes(AutoReplySchema.safeParse({ enabled: true, subject: '', body: '  ' }))).toEqual([
      ['body', 'validation.required'],
    ])
    expect(
      codes(AutoReplySchema.safeParse({ enabled: true, subject: 'A\r\nBcc: x@example.com', body: 'x' })),
    ).toEqual([['subject', 'validation.invalid']])
    expect(codes(AutoReplySchema.safeParse({ enabled: false, subject: '', body: 'bell\u0007' }))).toEqual([
      ['body', 'validation.invalid'],
    ])
    // Switched off, an empty body is fine: the creator may prepare it later.
    expect(AutoReplySchema.safeParse({ enabled: false, subject: '', body: '' }).success).toBe(true)
  })

  it('caps each text', () => {
    const form = { ...defaultForms('EN').homepage, successText: 'x'.repeat(FORM_LIMITS.successText + 1) }
    expect(codes(HomepageFormSchema.safeParse(form))).toEqual([['successText', 'validation.tooLong']])
    const reply = {
      enabled: true,
      subject: 's'.repeat(FORM_LIMITS.replySubject + 1),
      body: 'b'.repeat(FORM_LIMITS.replyBody + 1),
    }
    expect(codes(AutoReplySchema.safeParse(reply))).toEqual([
      ['subject', 'validation.tooLong'],
      ['body', 'validation.tooLong'],
    ])
  })
})
