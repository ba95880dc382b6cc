import {
  AGREEMENT_FIELD,
  COMPANY_SWITCH,
  defaultForms,
  type FormField,
  formFieldName,
  HONEYPOT_FIELD,
  isFieldRequired,
  isLocale,
  type Locale,
  type SiteForms,
  type SiteLanguage,
  type SubmissionValue,
  submissionSchema,
  translate,
  VISITOR_FORM_LIMITS,
  VisitorLangQuery,
} from '@swipe/shared'
import type { AnyRoute } from '@swipe/shared/contract'
import { type endUserRoutes, SiteParams } from '@swipe/shared/contract/endUser'
import { HTML_LANGS, LANGUAGE_SEGMENTS } from '@swipe/shared/site/languages'
import { readSettings, type Site, SiteSettings } from '#data/sites'
import type { StoredAnswer } from '#data/submissions'
import { AppError, BadRequestError, TooManyRequestsError, ValidationError } from '#edge/errors'
import { type EndpointOptions, type Handle, ok, zodIssues } from '#edge/http'
import { clientIp, secondsToNextWindow, siteClient, takeAllowance } from '#edge/rate-limit'
import { siteUrl } from '#platform/services/urls'
import {
  CONTENT_CACHE,
  defaultLanguageOf,
  languageFor,
  publishedSetting,
  setVisitorLocale,
  visitorEndpoint,
} from './service.ts'

/**
 * What the visitor form endpoints share (docs/decisions/0028-visitor-forms-and-members.md): the
 * published form of a language, the guard every POST passes (rate limits, body size, the body read
 * as sent), the honeypot, the form's rules, and the answers as stored and mailed.
 */

/** The three visitor forms of a language (SPEC §3 Form kinds). */
export type VisitorFormKind = keyof SiteForms

interface StoredCompany {
  contractAgreementRequired?: boolean
  showInForm?: boolean
  showInMemberShip?: boolean
  showInContact?: boolean
}

/** One visitor form of a published site, in the language asked for (else the default). */
export interface PublishedForm<K extends VisitorFormKind = VisitorFormKind> {
  site: Site
  lang: SiteLanguage
  kind: K
  /** Every form of the language: the contact form's recipient serves the homepage form too. */
  forms: SiteForms
  form: SiteForms[K]
  /** The form shows the company information. */
  showCompany: boolean
  /** The company requires agreement and the form shows it: the agreement box must be ticked. */
  agreementRequired: boolean
}

/**
 * The forms of a language as saved; the SPEC §3 defaults (all disabled) only when none were saved.
 * Saved forms were read through the site model (`readSettings`): a stored document that fails it
 * is a 500 `error.storedData`, never these defaults.
 */
const formsOf = (stored: SiteForms | undefined, lang: SiteLanguage): SiteForms => stored ?? defaultForms(lang)

/** A form of a published site (404 for any site not published), enabled or not. */
export const publishedForm = async <K extends VisitorFormKind>(
  siteId: string,
  asked: SiteLanguage | undefined,
  kind: K,
): Promise<PublishedForm<K>> => {
  const site = await publishedSetting(siteId)
  const lang = languageFor(site, asked)
  const stored = (await SiteSettings.get({ siteId, lang }).go()).data
  const settings = stored ? readSettings(stored) : undefined
  const forms = formsOf(settings?.forms, lang)
  const company: StoredCompany = settings?.company ?? {}
  const showCompany = company[COMPANY_SWITCH[kind]] ?? false
  return {
    site,
    lang,
    kind,
    forms,
    form: forms[kind],
    showCompany,
    agreementRequired: showCompany && (company.contractAgreementRequired ?? false),
  }
}

/**
 * A form as the page renders it: each field under its input name, with the required flag the
 * server applies. Never the recipient email.
 */
export const formView = (published: PublishedForm) => ({
  lang: published.lang,
  enabled: published.form.enabled,
  fields: published.form.fields.map((field, index) => ({
    name: formFieldName(field, index),
    key: field.key ?? null,
    typeInput: field.typeInput,
    title: field.title,
    placeholder: field.placeholder,
    isRequired: isFieldRequired(field),
    options: field.options.map((o) => ({ value: o.value, isDefault: o.isDefault })),
  })),
  ...(published.kind === 'contact' && 'companyName' in published.form
    ? { companyName: published.form.companyName }
    : {}),
  showCompany: published.showCompany,
  agreementRequired: published.agreementRequired,
  agreementField: AGREEMENT_FIELD,
  honeypotField: HONEYPOT_FIELD,
})

/** The interface language of a content language (JP → ja, EN → en, CN → zh, KR → ko): mails follow it. */
export const localeOf = (lang: SiteLanguage): Locale => {
  const locale = HTML_LANGS[lang]
  return isLocale(locale) ? locale : 'ja'
}

/** Messages in a content language. */
export const translator =
  (lang: SiteLanguage) => (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
    translate(localeOf(lang), key, params)

/**
 * The URL of one of a site's visitor pages: `siteUrl(site)` + the language segment (none for the
 * default language) + the page. A stage that serves no site URL cannot mail a working link: 503.
 */
export const sitePageUrl = (site: Site, lang: SiteLanguage, page: string): string => {
  const base = siteUrl(site)
  if (!base) throw new AppError(503, 'error.unavailable')
  const segment = lang === defaultLanguageOf(site) ? '' : `${LANGUAGE_SEGMENTS[lang]}/`
  return `${base}${segment}${page}`
}

/** The honeypot has a value: a script filled every input. Refused, nothing stored or sent. */
export const refuseHoneypot = (body: { [HONEYPOT_FIELD]?: string | undefined }) => {
  if (body[HONEYPOT_FIELD]?.trim()) throw new BadRequestError('endUser.refused')
}

/** The form's own rules on `data`: 400 with `body.data.<input name>` paths, or the clean answers. */
export const validateAnswers = (published: PublishedForm, data: unknown): Record<string, SubmissionValue> => {
  const result = submissionSchema(published.form.fields, {
    agreementRequired: published.agreementRequired,
  }).safeParse(data)
  if (!result.success) throw new ValidationError(zodIssues(result.error, 'body.data'))
  return result.data
}

/** Never stored or mailed: the credentials (the members pool holds the password). */
const SECRET_KEYS = new Set<string>(['password', 'confirm_password'])

/**
 * The answers as shown on the form, in its order: `{ name, title, value }`, ticked checkboxes
 * joined with ", ". Passwords never; `skip` leaves out answers kept elsewhere (a member's email).
 */
export const storedAnswers = (
  fields: readonly FormField[],
  data: Record<string, SubmissionValue>,
  skip: ReadonlySet<string> = new Set(),
): StoredAnswer[] =>
  fields.flatMap((field, index) => {
    const name = formFieldName(field, index)
    if ((field.key && SECRET_KEYS.has(field.key)) || skip.has(name)) return []
    const value = data[name]
    return [
      {
        name,
        title: field.title,
        value: Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : '',
      },
    ]
  })

/** Text of one answer of the fixed fields (email, company). */
export const answerText = (data: Record<string, SubmissionValue>, name: string): string => {
  const value = data[name]
  return typeof value === 'string' ? value : ''
}

/** A visitor body's `lang`, when it is a content language. */
const bodyLang = (body: unknown): SiteLanguage | undefined => {
  const lang = (body as { lang?: unknown } | null)?.lang
  return typeof lang === 'string' && lang in HTML_LANGS ? (lang as SiteLanguage) : undefined
}

/**
 * What every visitor form POST passes before its body is even checked (`beforeParse`): the body
 * is 32 KB at most (else 413); its `lang` sets the messages' language (unless `X-Lang` or
 * `?lang=` did); then the client's allowance, then the site's, is taken (429 with `Retry-After`
 * past either, before anything is read, stored or sent). A request whose site id or query the
 * route refuses takes no allowance: it is answered 400 by the parsing that follows.
 */
const guardVisitorPost: NonNullable<EndpointOptions['beforeParse']> = async ({ event, state }) => {
  const text = event.body ?? ''
  const bytes = event.isBase64Encoded ? Buffer.from(text, 'base64').byteLength : Buffer.byteLength(text)
  if (bytes > VISITOR_FORM_LIMITS.maxBodyBytes) throw new AppError(413, 'error.payloadTooLarge')
  const params = SiteParams.safeParse(event.pathParameters ?? {})
  const query = VisitorLangQuery.safeParse(state.query)
  if (!params.success || !query.success) return
  setVisitorLocale(event, query.data.lang ?? bodyLang(state.body))
  if (!(await takeAllowance('forms', clientIp(event), 1)))
    throw new TooManyRequestsError(secondsToNextWindow())
  if (!(await takeAllowance('formsSite', siteClient(params.data.siteId), 1)))
    throw new TooManyRequestsError(secondsToNextWindow())
}

/**
 * A visitor form POST: `guardVisitorPost` (size, language, rate allowances), then the body is
 * checked against its route's schema (400), then the handler. Routes whose bodies are keyed by
 * the form's input names (`confirm_password`, `field_3`) take their keys as sent (`keys: 'asSent'`).
 */
export const visitorPost = <R extends AnyRoute>(route: R, handle: Handle<R>) =>
  visitorEndpoint(route, handle, { beforeParse: guardVisitorPost })

type FormSettingRoute = (typeof endUserRoutes)[
  | 'endUser.contactSetting'
  | 'endUser.membershipSetting'
  | 'endUser.homepageSetting']

/**
 * GET /end-user/site/{siteId}/<kind>-setting?lang=: a form as the page renders it (`formView`),
 * enabled or not; 404 for a site that is not published.
 */
export const formSettingEndpoint = (route: FormSettingRoute, kind: VisitorFormKind) =>
  visitorEndpoint(route, async ({ params, query }) =>
    ok(formView(await publishedForm(params.siteId, query.lang, kind)), 200, CONTENT_CACHE),
  )
