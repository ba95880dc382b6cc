import { z } from 'zod'
import { SITE_LANGUAGES } from './site-builder.ts'
import type { FormField } from './site-forms.ts'

/**
 * What a visitor sends from a site's form pages (SPEC §7 End user; docs/decisions.md "Visitor
 * forms"): sign-up, its confirmation and resend, sign-in, the contact form and the homepage
 * ("other") form. The visitor page renders its inputs from the site's form configuration with
 * `formFieldName` as each input's name; the API rebuilds the same rules from the same configuration
 * (`submissionSchema`), so a field the page shows is the field the server checks.
 */

/** The hidden input a person never fills; a request with a value in it is refused and not stored. */
export const HONEYPOT_FIELD = 'website'

/** The name of the agreement checkbox shown when the company requires contract agreement. */
export const AGREEMENT_FIELD = 'agreement'

/** Size limits of what a visitor sends (docs/decisions.md "Visitor forms"). */
export const VISITOR_FORM_LIMITS = {
  /** Characters of one text or number answer. */
  value: 2000,
  /** Characters of an email address. */
  email: 254,
  /** Password length bounds (the members pool's policy). */
  passwordMin: 8,
  passwordMax: 128,
  /** Answers in one submission (form fields are capped at 20; fixed keys and the agreement add a few). */
  answers: 30,
  /** Bytes of one request body. */
  maxBodyBytes: 32 * 1024,
} as const

/**
 * The name of a form field's input and of its answer in `data`: the fixed key (`email`,
 * `password`, `confirm_password`, `company`), else the field's id, else its place (`field_3`).
 */
export const formFieldName = (field: Pick<FormField, 'key' | 'id'>, index: number): string =>
  field.key ?? field.id ?? `field_${index + 1}`

/** An answer: text for text, number and dropdown fields, a list of ticked items for checkboxes. */
const answer = z.union([
  z.string().max(VISITOR_FORM_LIMITS.value, { error: 'validation.tooLong' }),
  z.array(z.string().max(VISITOR_FORM_LIMITS.value, { error: 'validation.tooLong' })).max(20),
  z.boolean(),
])

/** The raw answers of a form, keyed by `formFieldName`; checked against the form by `submissionSchema`. */
export const FormData = z
  .record(z.string().max(64), answer)
  .refine((data) => Object.keys(data).length <= VISITOR_FORM_LIMITS.answers, { error: 'validation.tooMany' })

const lang = z.enum(SITE_LANGUAGES)
const honeypot = z.string().max(200).optional()

/** POST /end-user/site/{siteId}/register */
export const RegisterBody = z.object({ lang, data: FormData, [HONEYPOT_FIELD]: honeypot })
/** POST /end-user/site/{siteId}/register/confirm: the token of the mailed link. */
export const ConfirmRegistrationBody = z.object({ token: z.string().min(16).max(200) })
/** POST /end-user/site/{siteId}/resend-register-email */
export const ResendRegistrationBody = z.object({
  lang,
  email: z.string().trim().max(VISITOR_FORM_LIMITS.email),
  [HONEYPOT_FIELD]: honeypot,
})
/** POST /end-user/site/{siteId}/login */
export const MemberLoginBody = z.object({
  email: z.string().trim().max(VISITOR_FORM_LIMITS.email),
  password: z.string().max(VISITOR_FORM_LIMITS.passwordMax),
})
/** POST /end-user/site/{siteId}/contact and /homepage */
export const FormSubmitBody = z.object({
  lang,
  data: FormData,
  /** The homepage form's optional mode (SPEC §7); kept with the submission. */
  mode: z.string().max(50).optional(),
  [HONEYPOT_FIELD]: honeypot,
})
