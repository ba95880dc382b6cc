import { describe, expect, it } from 'vitest'
import {
  ContactFormSchema,
  defaultForms,
  FORM_INPUT_TYPES,
  FormFieldSchema,
  SiteFormsSchema,
} from './site-forms.ts'
import { FormSubmitBody, submissionSchema, VISITOR_FORM_LIMITS } from './visitor-forms.ts'

/** Field path → message key of its first issue (empty when the data passes). */
const issues = (
  schema: { safeParse: (d: unknown) => { success: boolean; error?: unknown } },
  data: unknown,
) => {
  const result = schema.safeParse(data) as
    | { success: true }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }
  const found: Record<string, string> = {}
  for (const issue of result.success ? [] : result.error.issues) found[issue.path.join('.')] ??= issue.message
  return found
}

describe('the multi-line text field type', () => {
  it('is a form input type the builder saves, without options', () => {
    expect(FORM_INPUT_TYPES).toContain('TEXT_AREA')
    expect(FormFieldSchema.parse({ typeInput: 'TEXT_AREA', title: 'ご相談内容', options: [] })).toEqual({
      typeInput: 'TEXT_AREA',
      title: 'ご相談内容',
      placeholder: '',
      isRequired: false,
      options: [],
    })
    expect(issues(FormFieldSchema, { typeInput: 'TEXT_AREA', title: ' ' })).toEqual({
      title: 'validation.required',
    })
    expect(issues(FormFieldSchema, { typeInput: 'TEXTAREA', title: 'x' })).toEqual({
      typeInput: expect.any(String),
    })
  })

  const schema = (isRequired: boolean) =>
    submissionSchema(
      [
        {
          id: 'message',
          typeInput: 'TEXT_AREA',
          title: 'お問い合わせ内容',
          placeholder: '',
          isRequired,
          options: [],
        },
      ],
      { agreementRequired: false },
    )

  it('keeps the lines of an answer, one \\n per break, trimmed and without control characters', () => {
    expect(schema(true).parse({ message: '  1行目\r\n2行目\r3行目\n\n\t4行目\u0000\u001b  \n' })).toEqual({
      message: '1行目\n2行目\n3行目\n\n\t4行目',
    })
  })

  it('takes up to 5,000 characters (a single-line text box 2,000) and requires what the creator marked', () => {
    const long = 'あ'.repeat(VISITOR_FORM_LIMITS.multiline)
    expect(schema(true).parse({ message: long })).toEqual({ message: long })
    expect(issues(schema(true), { message: `${long}い` })).toEqual({ message: 'validation.tooLong' })
    expect(issues(schema(true), { message: ' \r\n ' })).toEqual({ message: 'validation.required' })
    expect(issues(schema(true), {})).toEqual({ message: 'validation.required' })
    expect(issues(schema(true), { message: ['a'] })).toEqual({ message: 'validation.invalid' })
    expect(schema(false).parse({})).toEqual({ message: '' })
    const box = submissionSchema(
      [{ id: 'note', typeInput: 'TEXT_BOX', title: 'Note', placeholder: '', isRequired: false, options: [] }],
      { agreementRequired: false },
    )
    expect(issues(box, { note: 'x'.repeat(VISITOR_FORM_LIMITS.value + 1) })).toEqual({
      note: 'validation.tooLong',
    })
    // The body takes the longest answer any field may have; past it, the body itself is refused.
    expect(FormSubmitBody.safeParse({ lang: 'JP', data: { message: long } }).success).toBe(true)
    expect(issues(FormSubmitBody, { lang: 'JP', data: { message: `${long}い` } })).toEqual({
      'data.message': expect.any(String),
    })
  })
})

describe('the default message field of a new contact form', () => {
  it.each([
    ['JP', 'お問い合わせ内容', 'ご用件をご記入ください'],
    ['EN', 'Message', 'How can we help you?'],
    ['CN', '咨询内容', '请填写您的咨询内容'],
    ['KR', '문의 내용', '문의하실 내용을 입력해 주세요'],
  ] as const)('%s: after email and company, required and multi-line', (lang, title, placeholder) => {
    const { contact, homepage, membership } = defaultForms(lang)
    expect(contact.fields.map((f) => f.key ?? f.id)).toEqual(['email', 'company', 'message'])
    expect(contact.fields[2]).toEqual({
      id: 'message',
      typeInput: 'TEXT_AREA',
      title,
      placeholder,
      isRequired: true,
      options: [],
    })
    // Only the contact form asks for a message.
    expect(homepage.fields.map((f) => f.key)).toEqual(['email', 'company'])
    expect(membership.fields.map((f) => f.key)).toEqual(['email', 'password', 'confirm_password'])
    // The defaults are what the API saves as they are.
    expect(SiteFormsSchema.parse(defaultForms(lang))).toEqual(defaultForms(lang))
  })

  it('is a field the creator may remove: a saved form without it stays valid and unchanged', () => {
    const saved = { ...defaultForms('JP').contact, fields: defaultForms('JP').contact.fields.slice(0, 2) }
    expect(ContactFormSchema.parse(saved)).toEqual(saved)
  })
})
