/** The endUser context's routes with their schemas (heads in ./routes.ts). */
import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import { EndUserDeliveryQuery, VisitorNoticeSchema } from '../schemas/content.ts'
import { CTA_POSITIONS } from '../schemas/site.ts'
import { FORM_FIELD_KEYS, FORM_INPUT_TYPES } from '../schemas/site-forms.ts'
import {
  ResolveSiteQuery,
  VisitorCtaQuery,
  VisitorLangQuery,
  VisitorProductQuery,
} from '../schemas/visitor.ts'
import {
  ConfirmRegistrationBody,
  FormSubmitBody,
  MemberLoginBody,
  RegisterBody,
  ResendRegistrationBody,
} from '../schemas/visitor-forms.ts'
import { SITE_LANGUAGES, VisitorCreativeViewSchema, VisitorProductViewSchema } from '../site/model.ts'
import { defineContext } from './define.ts'

/**
 * What a published site's pages read and send (SPEC §7 End user). Every answer is built field by
 * field from the stored items (`functions/src/endUser/service.ts`), so these schemas are the whole
 * of what a visitor may know: no owner, tenant, version or storage key.
 */

/** `{siteId}` of the end-user routes. An id that names no published site is a 404, not a 400. */
export const SiteParams = /* @__PURE__ */ lazySchema(() => z.object({ siteId: z.string().min(1).max(64) }))

/** `{siteId}` and `{pageId}`: a page order from 1 or a cell reference. */
export const PageParams = /* @__PURE__ */ lazySchema(() =>
  SiteParams.extend({ pageId: z.string().min(1).max(8) }),
)

/** `{siteId}` and `{ctaIndex}`: the CTA's index in the site's popup CTAs. */
export const CtaParams = /* @__PURE__ */ lazySchema(() =>
  SiteParams.extend({ ctaIndex: z.coerce.number().int().min(0).max(19) }),
)

const Lang = /* @__PURE__ */ lazySchema(() => z.enum(SITE_LANGUAGES))

/** The global menu of one language; its text colour falls back to the site's menu colour. */
const MenuView = /* @__PURE__ */ lazySchema(() =>
  z.object({
    items: z.array(z.object({ id: z.string().nullable(), name: z.string() })),
    textColor: z.string().nullable(),
  }),
)

/** One creative as `/page/{pageId}/public` and `/private` answer it. */
const PageView = /* @__PURE__ */ lazySchema(() =>
  z.object({ lang: Lang, creative: VisitorCreativeViewSchema }),
)

/** The products placed on one creative, in their order. */
const ProductsView = /* @__PURE__ */ lazySchema(() =>
  z.object({
    lang: Lang,
    position: z.string(),
    products: z.array(VisitorProductViewSchema),
  }),
)

/** A visitor form as the page renders it (`functions/src/endUser/forms.ts` `formView`); never its recipient. */
export const FormView = /* @__PURE__ */ lazySchema(() =>
  z.object({
    lang: Lang,
    enabled: z.boolean(),
    fields: z.array(
      z.object({
        /** The input's name and the answer's key in `data` (`formFieldName`). */
        name: z.string(),
        key: z.enum(FORM_FIELD_KEYS).nullable(),
        typeInput: z.enum(FORM_INPUT_TYPES),
        title: z.string(),
        placeholder: z.string(),
        /** As the server applies it: ticked by the creator, or a fixed key a form cannot do without. */
        isRequired: z.boolean(),
        options: z.array(z.object({ value: z.string(), isDefault: z.boolean() })),
      }),
    ),
    /** The contact form only. */
    companyName: z.string().optional(),
    showCompany: z.boolean(),
    agreementRequired: z.boolean(),
    agreementField: z.string(),
    honeypotField: z.string(),
  }),
)

/** One popup CTA with its live state (`functions/src/endUser/cta.ts` `ctaState`). */
const LiveCta = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** Its index among the site's popup CTAs: what `/cta/{ctaIndex}/click` names. */
    index: z.number().int(),
    kind: z.enum(['TIME_LIMIT', 'APPLICANT_LIMIT']),
    /** Its text in the asked language, the site's default language's where that one has none. */
    content: z.string(),
    isInternalLink: z.boolean(),
    linkUrl: z.string().nullable(),
    linkButtonColor: z.string(),
    linkTextColor: z.string(),
    /** Its image in the asked language (the default language's where that one has none). */
    imageUrl: z.string().nullable(),
    animation: z.string(),
    displayPosition: z.enum(CTA_POSITIONS),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    /** The pages chosen; none: every page. */
    effectiveSheets: z.array(z.number().int()),
    showRemainingTime: z.boolean(),
    showRemainingSlots: z.boolean(),
    /** An applicant-limit CTA's limit; null otherwise. */
    limit: z.number().nullable(),
    /** Slots left (limit − clicks counted, never below 0); null for a time-limit CTA. */
    remaining: z.number().nullable(),
    /** The sheets (page orders) it shows on now. */
    activeSheets: z.array(z.number().int()),
    /** Whether it shows now: on `position`'s sheet when asked, else on any of its sheets. */
    active: z.boolean(),
    /** The remaining-time text in the page's language. */
    countdown: z.string(),
  }),
)

/** A sign-up or resend handed to its mail job: the same 202 whatever the email. */
const MailQueued = /* @__PURE__ */ lazySchema(() => z.object({ status: z.literal('sent') }))

/** A contact or homepage submission, stored (and mailed when the form has a recipient). */
const Received = /* @__PURE__ */ lazySchema(() => z.object({ status: z.literal('received') }))

export const endUserRoutes = defineContext('endUser')({
  'endUser.site': () => ({
    summary:
      'A published site for visitors: languages, grid, colours, switches, logo, menu and creatives of a language.',
    params: SiteParams,
    query: VisitorLangQuery,
    response: z.object({
      siteId: z.string(),
      name: z.string(),
      lang: Lang,
      defaultLanguage: Lang,
      /** Default first: the order of the language selector. */
      languages: z.array(Lang),
      viewMode: z.enum(['MOBILE', 'PC']),
      numberHorizontal: z.number().int(),
      numberVertical: z.number().int(),
      displayLanguageIcon: z.boolean(),
      displayGlobalMenu: z.boolean(),
      globalMenuTextColor: z.string().nullable(),
      speakerColor: z.string().nullable(),
      logoUrl: z.string().nullable(),
      faviconUrl: z.string().nullable(),
      menu: MenuView,
      /** The creatives of the language with media, in page order; members-only ones locked. */
      creatives: z.array(VisitorCreativeViewSchema),
      publishedAt: z.iso.datetime().nullable(),
    }),
  }),
  'endUser.seo': () => ({
    summary: "Title, h1 and description of a published site's language.",
    params: SiteParams,
    query: VisitorLangQuery,
    response: z.object({ lang: Lang, title: z.string(), h1: z.string(), description: z.string() }),
  }),
  'endUser.common': () => ({
    summary: 'The site frame of a language: language list, SNS links, global menu.',
    params: SiteParams,
    query: VisitorLangQuery,
    response: z.object({
      lang: Lang,
      defaultLanguage: Lang,
      displayLanguageIcon: z.boolean(),
      languages: z.array(
        z.object({ lang: Lang, segment: z.string(), htmlLang: z.string(), name: z.string() }),
      ),
      /** Links a visitor may follow: http(s), or `tel:` for a phone number. */
      sns: z.array(z.object({ snsType: z.string(), href: z.string() })),
      displayGlobalMenu: z.boolean(),
      menu: MenuView,
    }),
  }),
  'endUser.company': () => ({
    summary: 'Company profile and the four legal texts (tabs 0–3) of a language, as plain strings.',
    params: SiteParams,
    query: VisitorLangQuery,
    response: z.object({
      lang: Lang,
      companyWebsite: z.string().nullable(),
      contractAgreementRequired: z.boolean(),
      showInForm: z.boolean(),
      showInMemberShip: z.boolean(),
      showInContact: z.boolean(),
      tabs: z.array(
        z.object({
          tabId: z.number().int(),
          kind: z.enum(['companyProfile', 'companyClause', 'termsOfService', 'privacyPolicy']),
          tabName: z.string(),
          link: z.string().nullable(),
          content: z.string(),
        }),
      ),
    }),
  }),
  'endUser.scripts': () => ({
    summary: "The creator's head and body tags of a language (validated at save and again on read).",
    params: SiteParams,
    query: VisitorLangQuery,
    response: z.object({ lang: Lang, head: z.string(), body: z.string() }),
  }),
  'endUser.page': () => ({
    summary: 'One creative by page order or cell; members-only ones are 403 endUser.membersOnly.',
    params: PageParams,
    query: VisitorLangQuery,
    response: PageView,
  }),
  'endUser.product': () => ({
    summary: 'The products placed on one creative (position, lang); members-only ones are 403.',
    params: SiteParams,
    query: VisitorProductQuery,
    response: ProductsView,
  }),
  'endUser.resolve': () => ({
    summary:
      'Which published site and language a host and path open (default or custom domain, /sites/{id}).',
    query: ResolveSiteQuery,
    response: z.object({ siteId: z.string(), lang: Lang, defaultLanguage: Lang }),
  }),
  'endUser.ctas': () => ({
    summary:
      'Popup CTAs not yet ended, each with its text and image in the asked language, with live slots left, activity and countdown (never cached).',
    params: SiteParams,
    query: VisitorCtaQuery,
    response: z.object({ lang: Lang, now: z.iso.datetime(), ctas: z.array(LiveCta) }),
  }),
  'endUser.ctaClick': () => ({
    summary: 'Counts a click on a popup CTA atomically; past an applicant limit 409 endUser.ctaFull.',
    params: CtaParams,
    response: z.object({
      index: z.number().int(),
      clicks: z.number().int(),
      remaining: z.number().nullable(),
    }),
  }),
  'endUser.notiDelivery': () => ({
    summary:
      "A published site's notices active now in the page's language (issue 20), briefly cacheable; none outside their dates.",
    query: EndUserDeliveryQuery,
    response: z.object({ lang: Lang, notices: z.array(VisitorNoticeSchema) }),
  }),
  'endUser.contactSetting': () => ({
    summary:
      'The contact form of a language as the page renders it (fields, agreement); never its recipient.',
    params: SiteParams,
    query: VisitorLangQuery,
    response: FormView,
  }),
  'endUser.membershipSetting': () => ({
    summary: 'The membership (sign-up) form of a language as the page renders it.',
    params: SiteParams,
    query: VisitorLangQuery,
    response: FormView,
  }),
  'endUser.homepageSetting': () => ({
    summary: 'The homepage ("other") form of a language as the page renders it.',
    params: SiteParams,
    query: VisitorLangQuery,
    response: FormView,
  }),
  'endUser.register': () => ({
    summary: 'Sign-up: a pending member and a mailed link (24 h); 202 alike for new and existing emails.',
    params: SiteParams,
    query: VisitorLangQuery,
    body: RegisterBody,
    response: MailQueued,
    status: 202,
    // The answers' keys are the form's input names (`confirm_password`, `field_3`): as sent.
    keys: 'asSent',
  }),
  'endUser.registerConfirm': () => ({
    summary: "The mailed link's token activates the member; 410 when expired, 404 when unknown or used.",
    params: SiteParams,
    query: VisitorLangQuery,
    body: ConfirmRegistrationBody,
    response: z.object({ status: z.literal('active'), email: z.string() }),
  }),
  'endUser.resendRegisterEmail': () => ({
    summary: 'Mails a new sign-up link to a pending member; 202 whatever the email.',
    params: SiteParams,
    query: VisitorLangQuery,
    body: ResendRegistrationBody,
    response: MailQueued,
    status: 202,
  }),
  'endUser.login': () => ({
    summary:
      "A member's email and password -> the session cookie of this site's own origin; 401 endUser.loginFailed.",
    params: SiteParams,
    query: VisitorLangQuery,
    body: MemberLoginBody,
    /** Never the token: it goes out only as the HttpOnly session cookie. */
    response: z.object({ email: z.string(), expiresIn: z.number().int() }),
  }),
  'endUser.logout': () => ({
    summary: "Ends the member's session in this browser (expires its cookie); 204.",
    params: SiteParams,
    query: VisitorLangQuery,
    status: 204,
    responseType: 'empty',
  }),
  'endUser.pagePrivate': () => ({
    summary: "One creative, members-only ones included, for a member of this site (403 for another site's).",
    params: PageParams,
    query: VisitorLangQuery,
    response: PageView,
  }),
  'endUser.productPrivate': () => ({
    summary: 'The products of one creative, members-only ones included, for a member of this site.',
    params: SiteParams,
    query: VisitorProductQuery,
    response: ProductsView,
  }),
  'endUser.contact': () => ({
    summary: 'A contact form submission: stored, then mailed to the recipient of the contact setting; 201.',
    params: SiteParams,
    query: VisitorLangQuery,
    body: FormSubmitBody,
    response: Received,
    status: 201,
    keys: 'asSent',
  }),
  'endUser.homepage': () => ({
    summary:
      'A homepage form submission (optional mode): stored, mailed to the contact recipient if any; 201.',
    params: SiteParams,
    query: VisitorLangQuery,
    body: FormSubmitBody,
    response: Received,
    status: 201,
    keys: 'asSent',
  }),
})
