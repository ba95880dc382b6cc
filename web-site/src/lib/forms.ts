import { defaultForms } from '@swipe/shared/schemas/site-forms'
import {
  AGREEMENT_FIELD,
  COMPANY_SWITCH,
  formFieldName,
  HONEYPOT_FIELD,
  isFieldRequired,
  VISITOR_FORM_LIMITS,
} from '@swipe/shared/schemas/visitor-forms'
import type { ContentLanguage } from '@swipe/shared/site/languages'
import { safeExternalUrl } from '@swipe/shared/site/urls'
import type { PublishCompany, PublishForm, PublishFormField, PublishSettings } from '../types.ts'

/**
 * The visitor forms of one language as their pages show them (SPEC §2 End-user pages, §3 Form
 * field definition): the creator's fields in order, each with the input name the API reads
 * (`formFieldName`), and the company block with its agreement. Server-side only: the browser
 * island reads everything it needs from the rendered markup.
 */

export { AGREEMENT_FIELD, HONEYPOT_FIELD }

/** The three forms and the page each one's fields are on. */
export type FormKind = 'contact' | 'membership' | 'homepage'

/** The visitor pages, each with the form that must be enabled for it to exist. */
export const FORM_PAGES = {
  register: 'membership',
  'register-success': 'membership',
  'register-complete': 'membership',
  login: 'membership',
  contact: 'contact',
  'contact-success': 'contact',
  forms: 'homepage',
  'form-success': 'homepage',
} as const satisfies Record<string, FormKind>
export type FormPageName = keyof typeof FORM_PAGES

/** How a field is rendered. */
export type FieldControl = 'text' | 'textarea' | 'email' | 'password' | 'number' | 'select' | 'checkboxes'

export interface FieldModel {
  /** The input's name and the answer's key in `data`. */
  name: string
  /** The element id (`f<index>`): creator ids may hold characters an id reference cannot. */
  id: string
  key?: PublishFormField['key']
  control: FieldControl
  title: string
  placeholder: string
  required: boolean
  options: { value: string; selected: boolean }[]
  maxLength?: number
  autoComplete?: string
}

export interface FormCompany {
  /** The legal texts shown, by company tab (0 profile, 1 clause, 2 terms, 3 privacy). */
  texts: { tab: number; text: string }[]
  website?: string
  /** Contract Agreement Required is ON: the form has the agreement checkbox. */
  agreement: boolean
}

export interface FormModel {
  kind: FormKind
  fields: FieldModel[]
  /** The contact form's company name. */
  companyName?: string
  /** The company block, when the company is shown on this form. */
  company: FormCompany | null
  /** The creator's words for the sent page (contact and homepage forms); none: the page's own. */
  successText?: string
}

/** The enabled forms of a language; a disabled (or missing) form is absent. */
export type FormsModel = Partial<Record<FormKind, FormModel>>

const LEGAL_FIELDS = ['companyProfile', 'companyClause', 'termsOfService', 'privacyPolicy'] as const

const CONTROLS: Record<PublishFormField['typeInput'], FieldControl> = {
  TEXT_BOX: 'text',
  TEXT_AREA: 'textarea',
  NUMBER: 'number',
  SELECT: 'select',
  SELECT_OPTIONS: 'checkboxes',
}

const controlOf = (field: PublishFormField): FieldControl => {
  if (field.key === 'email') return 'email'
  if (field.key === 'password' || field.key === 'confirm_password') return 'password'
  return CONTROLS[field.typeInput] ?? 'text'
}

const MAX_LENGTH: Partial<Record<FieldControl, number>> = {
  text: VISITOR_FORM_LIMITS.value,
  textarea: VISITOR_FORM_LIMITS.multiline,
  email: VISITOR_FORM_LIMITS.email,
  password: VISITOR_FORM_LIMITS.passwordMax,
}

const autoCompleteOf = (field: PublishFormField, kind: FormKind) => {
  if (field.key === 'email') return 'email'
  if (field.key === 'company') return 'organization'
  if (field.key === 'password') return kind === 'membership' ? 'new-password' : 'current-password'
  if (field.key === 'confirm_password') return 'new-password'
  return undefined
}

/** One field as the page renders it. `index` is its place among the form's fields (its fallback name). */
export const fieldModel = (field: PublishFormField, index: number, kind: FormKind): FieldModel => {
  const control = controlOf(field)
  const options = field.options ?? []
  const name = formFieldName({ key: field.key ?? undefined, id: field.id ?? undefined }, index)
  // A dropdown starts at its default; a checkbox list ticks its defaults.
  const firstDefault = options.findIndex((o) => o.isDefault)
  const autoComplete = autoCompleteOf(field, kind)
  const maxLength = MAX_LENGTH[control]
  return {
    name,
    id: `f${index}`,
    ...(field.key ? { key: field.key } : {}),
    control,
    title: field.title?.trim() || name,
    placeholder: field.placeholder ?? '',
    // The API requires these whatever the flag says (shared `submissionSchema`).
    required: isFieldRequired(field),
    options: options.map((o, i) => ({
      value: o.value,
      selected: control === 'select' ? i === firstDefault : Boolean(o.isDefault),
    })),
    ...(maxLength ? { maxLength } : {}),
    ...(autoComplete ? { autoComplete } : {}),
  }
}

const companyOf = (company: PublishCompany | null | undefined, kind: FormKind): FormCompany | null => {
  if (!company?.[COMPANY_SWITCH[kind]]) return null
  const website = safeExternalUrl(company.companyWebsite)
  return {
    texts: LEGAL_FIELDS.flatMap((field, tab) => {
      const text = company[field]?.trim()
      return text ? [{ tab, text: company[field]! }] : []
    }),
    ...(website ? { website } : {}),
    agreement: Boolean(company.contractAgreementRequired),
  }
}

const formOf = (
  form: PublishForm | null | undefined,
  kind: FormKind,
  company: PublishCompany | null | undefined,
): FormModel | undefined => {
  if (!form?.enabled) return undefined
  const companyName = form.companyName?.trim()
  const successText = 'successText' in form ? form.successText?.trim() : undefined
  return {
    kind,
    fields: (form.fields ?? []).map((field, index) => fieldModel(field, index, kind)),
    ...(kind === 'contact' && companyName ? { companyName } : {}),
    company: companyOf(company, kind),
    ...(successText ? { successText } : {}),
  }
}

/** The enabled forms of a language's settings. Nothing else of the form settings is kept. */
export const formsOf = (settings: PublishSettings | undefined): FormsModel => {
  const forms = settings?.forms
  const model: FormsModel = {}
  for (const kind of ['contact', 'membership', 'homepage'] as const) {
    const form = formOf(forms?.[kind], kind, settings?.company)
    if (form) model[kind] = form
  }
  return model
}

/** The pages a language has: those whose form is enabled. */
export const formPagesOf = (forms: FormsModel): FormPageName[] =>
  (Object.keys(FORM_PAGES) as FormPageName[]).filter((page) => forms[FORM_PAGES[page]])

/** The pages a visitor may hold a link to: when their form is off they say so (never "no such site"). */
export const ENTRY_PAGES = [
  'register',
  'login',
  'contact',
  'forms',
] as const satisfies readonly FormPageName[]

/** The entry pages of a language whose form is off: each is published as a "not accepting" page. */
export const closedPagesOf = (forms: FormsModel): FormPageName[] =>
  ENTRY_PAGES.filter((page) => !forms[FORM_PAGES[page]])

/**
 * The membership form's fixed field `key` under a new id, for the sign-in and resend forms; SPEC
 * §3's default field when the creator's form lacks it. Always required.
 */
export const memberField = (
  form: FormModel,
  key: 'email' | 'password',
  lang: ContentLanguage,
  id: string,
): FieldModel => {
  const field =
    form.fields.find((f) => f.key === key) ??
    fieldModel(defaultForms(lang).membership.fields.find((f) => f.key === key)!, 0, 'membership')
  return {
    ...field,
    id,
    required: true,
    ...(key === 'password' ? { autoComplete: 'current-password' } : {}),
  }
}
