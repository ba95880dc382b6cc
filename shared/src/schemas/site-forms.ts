import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import { email } from './common.ts'
import { SITE_LIMITS } from './site.ts'

/**
 * The visitor forms of a site (SPEC §3 "Form field definition"): contact, membership and homepage
 * (the "other" form), one set per content language. The editor's form builders and the API parse
 * these schemas; the visitor pages (a later issue) render and validate submissions from them.
 */

/** Form kinds and the visitor form each configures. */
export const FORM_KINDS = ['CONTACT_SETTING', 'MEMBERSHIP_SETTING', 'HOMEPAGE_SETTING'] as const
export type FormKind = (typeof FORM_KINDS)[number]

/**
 * Input types: text, number, dropdown, checkbox (SPEC §3), and multi-line text (`TEXT_AREA`, for a
 * message: docs/decisions/0027-visitor-form-pages.md "A contact form a Japanese business expects").
 */
export const FORM_INPUT_TYPES = ['TEXT_BOX', 'TEXT_AREA', 'NUMBER', 'SELECT', 'SELECT_OPTIONS'] as const
export type FormInputType = (typeof FORM_INPUT_TYPES)[number]

/**
 * Item caps SPEC §9 leaves open (docs/decisions/0027-visitor-form-pages.md): fields per form, options per
 * field, and the lengths of the sent page's text and the automatic reply's subject and body.
 */
export const FORM_LIMITS = {
  fields: 20,
  options: 20,
  successText: 500,
  replySubject: 100,
  replyBody: 2000,
} as const

/** Keys of the fixed fields the visitor pages map to end-user attributes. */
export const FORM_FIELD_KEYS = ['email', 'password', 'confirm_password', 'company'] as const

const title = /* @__PURE__ */ lazySchema(() =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(SITE_LIMITS.text, { error: 'validation.tooLong' }),
)

export const FormOptionSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    value: title,
    isDefault: z.boolean().default(false),
  }),
)

export const FormFieldSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      id: z.string().max(64).optional(),
      /** A fixed field (email, password, …); fixed fields cannot be removed or retyped. */
      key: z.enum(FORM_FIELD_KEYS).optional(),
      typeInput: z.enum(FORM_INPUT_TYPES),
      title,
      placeholder: z.string().max(SITE_LIMITS.text, { error: 'validation.tooLong' }).default(''),
      isRequired: z.boolean().default(false),
      options: z
        .array(FormOptionSchema)
        .max(FORM_LIMITS.options, { error: 'validation.tooMany' })
        .default([]),
    })
    .superRefine((field, ctx) => {
      const choice = field.typeInput === 'SELECT' || field.typeInput === 'SELECT_OPTIONS'
      if (choice && field.options.length === 0)
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'validation.optionsRequired' })
      if (field.typeInput === 'SELECT' && field.options.filter((o) => o.isDefault).length > 1)
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'validation.oneDefault' })
      const seen = new Set<string>()
      field.options.forEach((option, index) => {
        const value = option.value.trim()
        if (seen.has(value))
          ctx.addIssue({ code: 'custom', path: ['options', index, 'value'], message: 'validation.duplicate' })
        seen.add(value)
      })
    }),
)
export type FormField = z.output<typeof FormFieldSchema>

const fieldsSchema = (required: readonly (typeof FORM_FIELD_KEYS)[number][]) =>
  z
    .array(FormFieldSchema)
    .max(FORM_LIMITS.fields, { error: 'validation.tooMany' })
    .superRefine((fields, ctx) => {
      for (const key of required)
        if (!fields.some((f) => f.key === key))
          ctx.addIssue({ code: 'custom', path: [], message: 'validation.fixedFieldMissing', params: { key } })
      const keys = new Set<string>()
      fields.forEach((f, index) => {
        if (!f.key) return
        if (keys.has(f.key))
          ctx.addIssue({ code: 'custom', path: [index, 'key'], message: 'validation.duplicate' })
        keys.add(f.key)
      })
    })

/** Control characters a multi-line text may not hold (tab, line feed and carriage return it may). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is refused.
const CONTROL_IN_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
/** Control characters a one-line text may not hold: every one. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is refused.
const CONTROL = /[\u0000-\u001f\u007f]/

/** Plain text a visitor reads or receives: line breaks allowed where `lines`, other control characters never. */
const plainText = (max: number, lines = true) =>
  z
    .string()
    .max(max, { error: 'validation.tooLong' })
    .refine((value) => !(lines ? CONTROL_IN_LINES : CONTROL).test(value), { error: 'validation.invalid' })

/**
 * The mail a contact or homepage form sends back to the visitor's address
 * (docs/decisions/0027-visitor-form-pages.md "Form replies and closed forms"): the creator's own subject and
 * text only, never the visitor's answers, so the form cannot relay a stranger's words to an address they
 * typed.
 */
export const AutoReplySchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      enabled: z.boolean().default(false),
      /** Empty: 「お問い合わせありがとうございます（site）」 in the form's language. */
      subject: plainText(FORM_LIMITS.replySubject, false).default(''),
      body: plainText(FORM_LIMITS.replyBody).default(''),
    })
    .refine((reply) => !reply.enabled || reply.body.trim().length > 0, {
      path: ['body'],
      error: 'validation.required',
    }),
)
export type AutoReply = z.output<typeof AutoReplySchema>

/** What a form sends back: the sent page's text (empty: the page's own words) and the automatic reply. */
const replyFields = /* @__PURE__ */ lazySchema(() => ({
  successText: plainText(FORM_LIMITS.successText).default(''),
  autoReply: AutoReplySchema.default({ enabled: false, subject: '', body: '' }),
}))

export const ContactFormSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    enabled: z.boolean().default(false),
    /** Where a visitor's message is sent. Required once the form is enabled. */
    recipientEmail: email.optional().or(z.literal('')),
    companyName: z.string().max(SITE_LIMITS.text, { error: 'validation.tooLong' }).default(''),
    fields: fieldsSchema(['email', 'company']),
    ...replyFields,
  }),
)

export const MembershipFormSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    enabled: z.boolean().default(false),
    fields: fieldsSchema(['email', 'password', 'confirm_password']),
  }),
)

export const HomepageFormSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    enabled: z.boolean().default(false),
    fields: fieldsSchema(['email', 'company']),
    ...replyFields,
  }),
)

export const SiteFormsSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      contact: ContactFormSchema,
      membership: MembershipFormSchema,
      homepage: HomepageFormSchema,
    })
    .refine((forms) => !forms.contact.enabled || Boolean(forms.contact.recipientEmail), {
      path: ['contact', 'recipientEmail'],
      error: 'validation.required',
    }),
)
export type SiteForms = z.output<typeof SiteFormsSchema>

/** Content languages as the localised default titles know them. */
type Lang = 'JP' | 'EN' | 'CN' | 'KR'

const FIXED_TITLES: Record<(typeof FORM_FIELD_KEYS)[number], Record<Lang, [string, string]>> = {
  email: {
    JP: ['メールアドレス', 'example@example.com'],
    EN: ['Email address', 'example@example.com'],
    CN: ['电子邮箱', 'example@example.com'],
    KR: ['이메일 주소', 'example@example.com'],
  },
  company: {
    JP: ['会社名', '株式会社サンプル'],
    EN: ['Company name', 'Example Inc.'],
    CN: ['公司名称', '示例公司'],
    KR: ['회사명', '주식회사 샘플'],
  },
  password: {
    JP: ['パスワード', '8文字以上'],
    EN: ['Password', 'At least 8 characters'],
    CN: ['密码', '至少8个字符'],
    KR: ['비밀번호', '8자 이상'],
  },
  confirm_password: {
    JP: ['パスワード（確認）', 'もう一度入力してください'],
    EN: ['Confirm password', 'Enter it again'],
    CN: ['确认密码', '请再次输入'],
    KR: ['비밀번호 확인', '다시 입력하세요'],
  },
}

const fixedField = (key: (typeof FORM_FIELD_KEYS)[number], lang: Lang): FormField => {
  const [fieldTitle, placeholder] = FIXED_TITLES[key][lang]
  return { key, typeInput: 'TEXT_BOX', title: fieldTitle, placeholder, isRequired: true, options: [] }
}

const MESSAGE_TITLES: Record<Lang, [string, string]> = {
  JP: ['お問い合わせ内容', 'ご用件をご記入ください'],
  EN: ['Message', 'How can we help you?'],
  CN: ['咨询内容', '请填写您的咨询内容'],
  KR: ['문의 내용', '문의하실 내용을 입력해 주세요'],
}

/**
 * The message field of a new contact form: multi-line, required, answered under `message`. Not a
 * fixed field: the creator may retitle, move or remove it.
 */
export const messageField = (lang: Lang): FormField => {
  const [fieldTitle, placeholder] = MESSAGE_TITLES[lang]
  return {
    id: 'message',
    typeInput: 'TEXT_AREA',
    title: fieldTitle,
    placeholder,
    isRequired: true,
    options: [],
  }
}

/**
 * The default forms of a language (SPEC §3 defaults), titles and placeholders localised; a new
 * contact form also asks for the message (`messageField`). Forms already saved keep their fields.
 */
export const defaultForms = (lang: Lang): SiteForms => ({
  contact: {
    enabled: false,
    recipientEmail: '',
    companyName: '',
    fields: [fixedField('email', lang), fixedField('company', lang), messageField(lang)],
    successText: '',
    autoReply: { enabled: false, subject: '', body: '' },
  },
  membership: {
    enabled: false,
    fields: [fixedField('email', lang), fixedField('password', lang), fixedField('confirm_password', lang)],
  },
  homepage: {
    enabled: false,
    fields: [fixedField('email', lang), fixedField('company', lang)],
    successText: '',
    autoReply: { enabled: false, subject: '', body: '' },
  },
})
