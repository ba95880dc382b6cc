import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import { CLICK_ID_PARAMS, UTM_PARAMS } from '../site/attribution.ts'
import { passwordSchema } from './auth.ts'
import { SITE_LANGUAGES } from './site-builder.ts'
import { FORM_LIMITS, type FormField } from './site-forms.ts'

/**
 * What a visitor sends from a site's form pages (SPEC §7 End user;
 * docs/decisions/0028-visitor-forms-and-members.md): sign-up, its confirmation and resend, sign-in, the
 * contact form and the homepage ("other") form. The visitor page renders its inputs from the site's form
 * configuration with `formFieldName` as each input's name; the API rebuilds the same rules from the same
 * configuration (`submissionSchema`), so a field the page shows is the field the server checks.
 */

/** The hidden input a person never fills; a request with a value in it is refused and not stored. */
export const HONEYPOT_FIELD = 'website'

/** The name of the agreement checkbox shown when the company requires contract agreement. */
export const AGREEMENT_FIELD = 'agreement'

/** Size limits of what a visitor sends (docs/decisions/0028-visitor-forms-and-members.md). */
export const VISITOR_FORM_LIMITS = {
  /** Characters of one text or number answer. */
  value: 2000,
  /** Characters of one multi-line answer (`TEXT_AREA`): a message of a few paragraphs. */
  multiline: 5000,
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
const answer = /* @__PURE__ */ lazySchema(() =>
  z.union([
    // The longest any field takes (a multi-line answer); each field's own limit is `submissionSchema`'s.
    z.string().max(VISITOR_FORM_LIMITS.multiline, { error: 'validation.tooLong' }),
    z.array(z.string().max(VISITOR_FORM_LIMITS.value, { error: 'validation.tooLong' })).max(20),
    z.boolean(),
  ]),
)

/** The raw answers of a form, keyed by `formFieldName`; checked against the form by `submissionSchema`. */
export const FormData = /* @__PURE__ */ lazySchema(() =>
  z
    .record(z.string().max(64), answer)
    .refine((data) => Object.keys(data).length <= VISITOR_FORM_LIMITS.answers, {
      error: 'validation.tooMany',
    }),
)

const lang = /* @__PURE__ */ lazySchema(() => z.enum(SITE_LANGUAGES))
const honeypot = /* @__PURE__ */ lazySchema(() => z.string().max(200).optional())

/**
 * The cell whose link button brought the visitor to the form (analytics: the conversion counts for
 * that creative). Not checked here: a reference outside the site's grid is ignored, never refused.
 */
const via = /* @__PURE__ */ lazySchema(() => z.string().max(16).optional())

const attributionText = (max: number) => z.string().trim().max(max)

/** The body part a visitor form sends with a conversion (contact, homepage form, sign-up confirm). */
export const ConversionContext = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** The occurrence's event id: the browser tag got the same one (deduplication). */
    eventId: z
      .string()
      .regex(/^[\w-]{8,64}$/)
      .optional(),
    /** The visitor's choice on the consent banner; absent when not asked or not chosen. */
    consent: z.enum(['granted', 'denied']).optional(),
    /** The landing's UTM parameters (no identifier). */
    utm: z.partialRecord(z.enum(UTM_PARAMS), attributionText(200)).optional(),
    /** The referring page's origin at landing (another site; none for direct visits). */
    referrer: attributionText(2048).optional(),
    /** Which click parameters the landing URL had (no values): counted by our own analytics. */
    clickKinds: z.array(z.enum(CLICK_ID_PARAMS)).max(CLICK_ID_PARAMS.length).optional(),
    /** The click ids' values: sent only after consent. */
    clicks: z.partialRecord(z.enum(CLICK_ID_PARAMS), attributionText(500)).optional(),
    /** When the click ids were first seen (ms since the epoch): Meta's `_fbc` creation time. */
    clickAt: z.number().int().nonnegative().optional(),
    /** Meta's `_fbp` and TikTok's `_ttp` browser ids, when their pixels set them (after consent). */
    fbp: attributionText(200).optional(),
    ttp: attributionText(200).optional(),
    /** The page the conversion happened on (the form's page). */
    pageUrl: attributionText(2048).optional(),
  }),
)
export type ConversionContext = z.output<typeof ConversionContext>

/**
 * Where the visitor came from and the event id the page's ad tags got (shared/src/site/attribution.ts):
 * counted by source in the site's analytics, and with consent sent to the server-side destinations.
 */
const conversion = /* @__PURE__ */ lazySchema(() => ConversionContext.optional())

/** POST /end-user/site/{siteId}/register */
export const RegisterBody = /* @__PURE__ */ lazySchema(() =>
  z.object({ lang, data: FormData, [HONEYPOT_FIELD]: honeypot, via, conversion }),
)
/** POST /end-user/site/{siteId}/register/confirm: the token of the mailed link. */
export const ConfirmRegistrationBody = /* @__PURE__ */ lazySchema(() =>
  z.object({ token: z.string().min(16).max(200), conversion }),
)
/** POST /end-user/site/{siteId}/resend-register-email */
export const ResendRegistrationBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    lang,
    email: z.string().trim().max(VISITOR_FORM_LIMITS.email),
    [HONEYPOT_FIELD]: honeypot,
  }),
)
/** POST /end-user/site/{siteId}/login */
export const MemberLoginBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    email: z.string().trim().max(VISITOR_FORM_LIMITS.email),
    password: z.string().max(VISITOR_FORM_LIMITS.passwordMax),
  }),
)
/** POST /end-user/site/{siteId}/contact and /homepage */
export const FormSubmitBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    lang,
    data: FormData,
    /** The homepage form's optional mode (SPEC §7); kept with the submission. */
    mode: z.string().max(50).optional(),
    [HONEYPOT_FIELD]: honeypot,
    via,
    conversion,
  }),
)

/** An answer after `submissionSchema`: trimmed text, the ticked items of a checkbox list, or the agreement. */
export type SubmissionValue = string | string[] | boolean

/** What `submissionSchema` needs beyond the fields. */
export interface SubmissionOptions {
  /**
   * The company requires contract agreement (Contract Agreement Required ON) and this form shows
   * the company (showInContact / showInMemberShip / showInForm): the agreement box must be ticked.
   */
  agreementRequired: boolean
}

/** The fixed keys a form can never do without, whatever the required flag says. */
const ALWAYS_REQUIRED: ReadonlySet<string> = new Set(['email', 'password', 'confirm_password'])

/**
 * Whether a field must be answered: the creator ticked "required", or it is one of the fixed keys
 * a form cannot do without (email, password, confirm_password). The page, the settings endpoints
 * and `submissionSchema` all ask this.
 */
export const isFieldRequired = (field: {
  isRequired?: boolean | null | undefined
  key?: string | null | undefined
}): boolean => Boolean(field.isRequired) || (field.key != null && ALWAYS_REQUIRED.has(field.key))

/** The company switch that shows the company (and its agreement) on each visitor form. */
export const COMPANY_SWITCH = {
  contact: 'showInContact',
  membership: 'showInMemberShip',
  homepage: 'showInForm',
} as const

/** A missing answer reads as an empty one, so it gets "required" rather than a type error. */
const blankText = (value: unknown) => (value === undefined || value === null ? '' : value)

const textAnswer = (required: boolean, max: number = VISITOR_FORM_LIMITS.value) => {
  const text = z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.tooLong' })
  return z.preprocess(blankText, required ? text.min(1, { error: 'validation.required' }) : text)
}

/**
 * A multi-line answer: line breaks as one `\n` each (a browser may send CRLF), other control
 * characters but tab removed, trimmed, at most `VISITOR_FORM_LIMITS.multiline` characters.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: exactly the characters to remove.
const CONTROL_BUT_TAB_AND_LF = /[\u0000-\u0008\u000B-\u001F\u007F]/g

const multilineAnswer = (required: boolean) => {
  const text = z
    .string({ error: 'validation.invalid' })
    .transform((v) => v.replace(/\r\n?/g, '\n').replace(CONTROL_BUT_TAB_AND_LF, '').trim())
    .pipe(
      z
        .string()
        .max(VISITOR_FORM_LIMITS.multiline, { error: 'validation.tooLong' })
        .min(required ? 1 : 0, { error: 'validation.required' }),
    )
  return z.preprocess(blankText, text)
}

const emailAnswer = /* @__PURE__ */ lazySchema(() =>
  z.preprocess(
    blankText,
    z
      .string({ error: 'validation.invalid' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(VISITOR_FORM_LIMITS.email, { error: 'validation.tooLong' })
      .pipe(z.email({ error: 'validation.email' }))
      .transform((v) => v.toLowerCase()),
  ),
)

/** Digits as typed on a Japanese keyboard (full width) count: NFKC makes them ASCII. */
const NUMBER = /^[-+]?\d+(?:\.\d+)?$/
const numberAnswer = (required: boolean) =>
  textAnswer(required, 50)
    .transform((v) => v.normalize('NFKC'))
    .refine((v) => v === '' || NUMBER.test(v), { error: 'validation.number' })

const optionValues = (field: FormField) => new Set(field.options.map((o) => o.value.trim()))

const selectAnswer = (field: FormField, required: boolean) => {
  const values = optionValues(field)
  return textAnswer(required).refine((v) => v === '' || values.has(v), { error: 'validation.option' })
}

const checkboxAnswer = (field: FormField, required: boolean) => {
  const values = optionValues(field)
  const list = z
    .array(z.string({ error: 'validation.invalid' }).trim(), { error: 'validation.invalid' })
    .max(FORM_LIMITS.options, { error: 'validation.tooMany' })
    .refine((items) => items.every((item) => values.has(item)), { error: 'validation.option' })
    .transform((items) => [...new Set(items)])
  return z.preprocess(
    (value) =>
      value === undefined || value === null || value === ''
        ? []
        : typeof value === 'string'
          ? [value]
          : value,
    required ? list.refine((items) => items.length > 0, { error: 'validation.required' }) : list,
  )
}

/** A ticked box arrives as `true` (JSON) or as an HTML checkbox's `on`/`true`. */
const agreementAnswer = /* @__PURE__ */ lazySchema(() =>
  z.preprocess(
    (value) => value === true || value === 'true' || value === 'on',
    z.literal(true, { error: 'validation.agreementRequired' }),
  ),
)

const answerSchema = (field: FormField): z.ZodType<SubmissionValue> => {
  const required = isFieldRequired(field)
  if (field.key === 'email') return emailAnswer
  if (field.key === 'password') return z.preprocess(blankText, passwordSchema)
  if (field.key === 'confirm_password') return textAnswer(true, VISITOR_FORM_LIMITS.passwordMax)
  switch (field.typeInput) {
    case 'TEXT_AREA':
      return multilineAnswer(required)
    case 'NUMBER':
      return numberAnswer(required)
    case 'SELECT':
      return selectAnswer(field, required)
    case 'SELECT_OPTIONS':
      return checkboxAnswer(field, required)
    default:
      return textAnswer(required)
  }
}

/**
 * The rules of one form's `data`, built from the site's form configuration (SPEC §3, §5): each
 * field under its `formFieldName`, required when the creator ticked "required" (email, password
 * and its confirmation always); text and numbers at most `VISITOR_FORM_LIMITS.value` characters,
 * multi-line text (line breaks kept as `\n`) at most `VISITOR_FORM_LIMITS.multiline`;
 * a number is digits (full-width ones count); a dropdown's answer is one of its options; a
 * checkbox list's answers are a subset of its options; `email` is an email address (lower-cased);
 * `password` follows the password policy and `confirm_password` must equal it; the agreement box
 * (`AGREEMENT_FIELD`) is required when `agreementRequired`. Messages are message keys. Keys the
 * form does not have are dropped, so nothing a visitor invents is stored.
 */
export const submissionSchema = (fields: readonly FormField[], options: SubmissionOptions) => {
  const shape: Record<string, z.ZodType<SubmissionValue>> = {}
  fields.forEach((field, index) => {
    shape[formFieldName(field, index)] = answerSchema(field)
  })
  if (options.agreementRequired) shape[AGREEMENT_FIELD] = agreementAnswer
  const hasConfirmation =
    fields.some((f) => f.key === 'password') && fields.some((f) => f.key === 'confirm_password')
  const matches = (data: Record<string, unknown>) =>
    !hasConfirmation ||
    typeof data.password !== 'string' ||
    typeof data.confirm_password !== 'string' ||
    data.confirm_password === '' ||
    data.password === data.confirm_password
  // `when`: the mismatch is reported beside the other fields' problems, not only once they pass.
  return z.object(shape).refine(matches, {
    path: ['confirm_password'],
    error: 'validation.passwordMismatch',
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  })
}
