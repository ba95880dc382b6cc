import { describe, expect, it } from 'vitest'
import { defaultForms, type FormField } from './site-forms.ts'
import {
  AGREEMENT_FIELD,
  FormSubmitBody,
  formFieldName,
  RegisterBody,
  submissionSchema,
} from './visitor-forms.ts'

/** Field path → message key of its first issue (empty when the data passes). */
const issues = (schema: ReturnType<typeof submissionSchema>, data: unknown) => {
  const result = schema.safeParse(data)
  const found: Record<string, string> = {}
  for (const issue of result.success ? [] : result.error.issues) found[issue.path.join('.')] ??= issue.message
  return found
}

const field = (overrides: Partial<FormField>): FormField => ({
  typeInput: 'TEXT_BOX',
  title: 'Field',
  placeholder: '',
  isRequired: false,
  options: [],
  ...overrides,
})

const options = (...values: string[]) => values.map((value, i) => ({ value, isDefault: i === 0 }))

const contactFields: FormField[] = [
  // The fixed fields (the default message field is tested in multiline-forms.test.ts).
  ...defaultForms('EN').contact.fields.filter((f) => f.key),
  field({ id: 'age', typeInput: 'NUMBER', title: 'Age', isRequired: true }),
  field({ id: 'plan', typeInput: 'SELECT', title: 'Plan', options: options('Basic', 'Pro') }),
  field({
    id: 'topics',
    typeInput: 'SELECT_OPTIONS',
    title: 'Topics',
    isRequired: true,
    options: options('A', 'B'),
  }),
  field({ typeInput: 'TEXT_BOX', title: 'Note' }),
]
const contact = submissionSchema(contactFields, { agreementRequired: false })

const valid = {
  email: ' Visitor@Example.com ',
  company: 'ACME',
  age: '42',
  plan: 'Pro',
  topics: ['A'],
  field_6: '',
}

describe('formFieldName', () => {
  it('is the fixed key, else the id, else the place', () => {
    expect(contactFields.map(formFieldName)).toEqual(['email', 'company', 'age', 'plan', 'topics', 'field_6'])
  })
})

describe('submissionSchema', () => {
  it('accepts a valid contact form: trimmed, email lower-cased, unknown keys dropped', () => {
    expect(contact.parse({ ...valid, injected: 'x', [AGREEMENT_FIELD]: true })).toEqual({
      email: 'visitor@example.com',
      company: 'ACME',
      age: '42',
      plan: 'Pro',
      topics: ['A'],
      field_6: '',
    })
  })

  it('reports every missing required field with validation.required; optional ones may be absent', () => {
    expect(issues(contact, {})).toEqual({
      email: 'validation.required',
      company: 'validation.required',
      age: 'validation.required',
      topics: 'validation.required',
    })
    expect(issues(contact, { ...valid, plan: undefined, field_6: undefined })).toEqual({})
  })

  it('follows the required flag of a fixed field, except email and the passwords', () => {
    const fields = [field({ key: 'email', isRequired: false }), field({ key: 'company', isRequired: false })]
    expect(issues(submissionSchema(fields, { agreementRequired: false }), {})).toEqual({
      email: 'validation.required',
    })
  })

  it('checks email format, lengths and numbers (full-width digits count)', () => {
    expect(issues(contact, { ...valid, email: 'not-an-email' })).toEqual({ email: 'validation.email' })
    expect(issues(contact, { ...valid, field_6: 'x'.repeat(2001) })).toEqual({
      field_6: 'validation.tooLong',
    })
    expect(issues(contact, { ...valid, age: '4a' })).toEqual({ age: 'validation.number' })
    expect(contact.parse({ ...valid, age: '４２' }).age).toBe('42')
    expect(contact.parse({ ...valid, age: '-1.5' }).age).toBe('-1.5')
  })

  it('takes a dropdown answer only from its options', () => {
    expect(issues(contact, { ...valid, plan: 'Enterprise' })).toEqual({ plan: 'validation.option' })
    expect(issues(contact, { ...valid, plan: ['Pro'] })).toEqual({ plan: 'validation.invalid' })
  })

  it('takes checkbox answers as a subset of the options (a single value too), duplicates once', () => {
    expect(contact.parse({ ...valid, topics: 'B' }).topics).toEqual(['B'])
    expect(contact.parse({ ...valid, topics: ['A', 'B', 'A'] }).topics).toEqual(['A', 'B'])
    expect(issues(contact, { ...valid, topics: ['A', 'C'] })).toEqual({ topics: 'validation.option' })
    expect(issues(contact, { ...valid, topics: [] })).toEqual({ topics: 'validation.required' })
  })

  describe('membership', () => {
    const membership = submissionSchema(defaultForms('JP').membership.fields, { agreementRequired: false })
    const member = { email: 'a@example.com', password: 'Secret#Pass1', confirm_password: 'Secret#Pass1' }

    it('needs the password policy of SPEC §5 and a matching confirmation', () => {
      expect(membership.parse(member)).toEqual(member)
      expect(issues(membership, { ...member, confirm_password: 'Secret#Pass2' })).toEqual({
        confirm_password: 'validation.passwordMismatch',
      })
      expect(issues(membership, { ...member, password: 'short', confirm_password: 'short' })).toEqual({
        password: 'validation.passwordLength',
      })
      expect(
        issues(membership, { ...member, password: 'nosymbol1A', confirm_password: 'nosymbol1A' }),
      ).toEqual({
        password: 'validation.passwordRule',
      })
      expect(issues(membership, { email: 'a@example.com' })).toMatchObject({
        password: 'validation.required',
        confirm_password: 'validation.required',
      })
    })

    it('requires the agreement box only when the company requires it on this form', () => {
      const strict = submissionSchema(defaultForms('JP').membership.fields, { agreementRequired: true })
      expect(issues(strict, member)).toEqual({ [AGREEMENT_FIELD]: 'validation.agreementRequired' })
      expect(issues(strict, { ...member, [AGREEMENT_FIELD]: false })).toEqual({
        [AGREEMENT_FIELD]: 'validation.agreementRequired',
      })
      expect(strict.parse({ ...member, [AGREEMENT_FIELD]: 'on' })[AGREEMENT_FIELD]).toBe(true)
      expect(membership.parse({ ...member, [AGREEMENT_FIELD]: true })).not.toHaveProperty(AGREEMENT_FIELD)
    })
  })
})

describe('request bodies', () => {
  it('caps the answers and takes text, lists and booleans only', () => {
    const many = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`f${i}`, 'x']))
    expect(RegisterBody.safeParse({ lang: 'JP', data: many }).success).toBe(false)
    expect(FormSubmitBody.safeParse({ lang: 'EN', data: { a: 1 } }).success).toBe(false)
    expect(FormSubmitBody.safeParse({ lang: 'XX', data: {} }).success).toBe(false)
    expect(FormSubmitBody.parse({ lang: 'EN', data: { a: ['x'], b: true }, website: '' })).toEqual({
      lang: 'EN',
      data: { a: ['x'], b: true },
      website: '',
    })
  })
})
