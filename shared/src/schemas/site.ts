import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import { COMPANY_DEFAULTS, CTA_DEFAULTS, SEO_DEFAULTS } from '../site/model-defaults.ts'
import { color, email, requiredText, url } from './common.ts'
import { BODY_TAG_RULES, HEAD_TAG_RULES, tagProblem } from './tags.ts'

/**
 * Site-builder validation (SPEC §5), shared by the editor and the API. Messages are keys of
 * `i18n/messages.ts`. Limits are SPEC §9's: 50, 60, 70, 120, 160, 256, 65535.
 */
export const SITE_LIMITS = {
  text: 50,
  seoTitle: 60,
  seoH1: 70,
  seoDescription: 160,
  content: 120,
  url: 256,
  tags: 65535,
  limitField: 9,
} as const

const optionalText = (max: number = SITE_LIMITS.text) =>
  z.string().max(max, { error: 'validation.tooLong' }).optional()

/** No leading or trailing whitespace (SEO fields). */
const trimmed = (schema: z.ZodString) =>
  schema.refine((v) => v === v.trim(), { error: 'validation.whitespace' })

/**
 * SEO text (issue 30 point 4, replacing SPEC §5's letters-and-few-symbols list): any letter, digit,
 * space (also the ideographic space), punctuation or symbol, so ordinary Japanese text saves —
 * 。、！？・〜％／＆「」【】 and their ASCII forms, 「20%OFF」, 「11/30まで」, 「A&B」. Refused: control and
 * format characters (tabs, line breaks, zero-width characters), emoji (SPEC: pictographs, flags,
 * keycaps, skin tones, the emoji variation selector — © ® ™ stay, they are text) and, as SPEC says,
 * the underscore in both widths. The published page escapes every character.
 */
export const SEO_TEXT =
  /^(?:(?!\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u20e3|\ufe0f|[_＿])[\p{L}\p{M}\p{N}\p{P}\p{S} \u3000]|[©®™])*$/u
const seoText = (max: number) =>
  trimmed(z.string().max(max, { error: 'validation.tooLong' })).refine((v) => SEO_TEXT.test(v), {
    error: 'validation.seoChars',
  })

const FORBIDDEN_SCRIPT = /\b(eval|setTimeout|setInterval)\b|new\s+Function\s*\(/

/**
 * Body tags: one or more `<script src="https://…" defer></script>` and nothing else — no inline
 * code, no event-handler or unknown attributes, no eval, setTimeout or setInterval (SPEC §5).
 */
export const bodyTagsSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .max(SITE_LIMITS.tags, { error: 'validation.tooLong' })
    .refine((v) => !FORBIDDEN_SCRIPT.test(v), { error: 'validation.forbiddenScript' })
    .refine(
      (v) =>
        v.trim() === '' ||
        /^(\s*<script\b(?=[^>]*\bsrc\s*=\s*["']https?:\/\/[^"'\s>]+["'])(?=[^>]*\bdefer\b)[^>]*>\s*<\/script>\s*)+$/i.test(
          v,
        ),
      { error: 'validation.scriptFormat' },
    )
    .refine((v) => tagProblem(v, BODY_TAG_RULES) === undefined, { error: 'validation.scriptFormat' }),
)

/**
 * Head tags: an allowlist (`tags.ts`) — meta, link, script with an https src or JSON-LD, noscript
 * holding images, comments; no event handlers, no `javascript:` — and no eval, setTimeout or
 * setInterval. The message names the first part that is refused.
 */
export const headTagsSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .max(SITE_LIMITS.tags, { error: 'validation.tooLong' })
    .refine((v) => !FORBIDDEN_SCRIPT.test(v), { error: 'validation.forbiddenScript' })
    .superRefine((v, ctx) => {
      const problem = tagProblem(v, HEAD_TAG_RULES)
      if (problem !== undefined)
        ctx.addIssue({ code: 'custom', message: 'validation.headTags', params: { tag: problem } })
    }),
)

export const SeoConfigSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    title: seoText(SITE_LIMITS.seoTitle),
    h1: seoText(SITE_LIMITS.seoH1),
    description: seoText(SITE_LIMITS.seoDescription),
    head: headTagsSchema.default(SEO_DEFAULTS.head),
    body: bodyTagsSchema.default(SEO_DEFAULTS.body),
  }),
)

/** Grid size: neither 0, and rows × columns within the plan's creatives. */
export const gridSchema = (maxCreatives: number) =>
  z
    .object({
      numberHorizontal: z
        .number()
        .int()
        .min(1, { error: 'validation.rowsCols' })
        .max(100, { error: 'validation.rowsCols' }),
      numberVertical: z
        .number()
        .int()
        .min(1, { error: 'validation.rowsCols' })
        .max(26, { error: 'validation.rowsCols' }),
    })
    .refine((g) => g.numberHorizontal * g.numberVertical <= maxCreatives, {
      path: ['numberHorizontal'],
      error: 'validation.tooManyCreatives',
    })

export const SiteNameSchema = /* @__PURE__ */ lazySchema(() => requiredText(SITE_LIMITS.text))

/** Global menu of one language: items not empty and not duplicated. */
export const MenuItemsSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .array(
      z.object({
        id: z.string().optional(),
        name: z
          .string()
          .trim()
          .min(1, { error: 'validation.menuEmpty' })
          .max(SITE_LIMITS.text, { error: 'validation.tooLong' }),
      }),
    )
    .superRefine((items, ctx) => {
      const seen = new Set<string>()
      items.forEach((item, index) => {
        const key = item.name.trim()
        if (key && seen.has(key))
          ctx.addIssue({ code: 'custom', path: [index, 'name'], message: 'validation.menuDuplicate' })
        seen.add(key)
      })
    }),
)

/**
 * Creative images, in grid order: at least one, and filled consecutively from the first cell
 * (no empty cell before a filled one).
 */
export const consecutiveImagesSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .array(z.object({ imageUrl: z.string().optional().nullable() }))
    .refine((cells) => cells.some((c) => c.imageUrl), { error: 'validation.imagesRequired' })
    .refine(
      (cells) => {
        const firstEmpty = cells.findIndex((c) => !c.imageUrl)
        return firstEmpty === -1 || cells.slice(firstEmpty).every((c) => !c.imageUrl)
      },
      { error: 'validation.imagesConsecutive' },
    ),
)

/** The CTA applicant limit: a number of fewer than 10 characters. */
export const limitFieldSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .regex(/^\d+$/, { error: 'validation.invalid' })
    .max(SITE_LIMITS.limitField, { error: 'validation.tooLong' }),
)

export const contentSchema = /* @__PURE__ */ lazySchema(() =>
  z.string().max(SITE_LIMITS.content, { error: 'validation.tooLong' }),
)

/** A start requires an end, and the end comes after the start (ISO date-times). */
export const dateRangeSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      startDate: z.iso.datetime({ offset: true }).optional(),
      endDate: z.iso.datetime({ offset: true }).optional(),
    })
    .refine((v) => !(v.startDate && !v.endDate), { path: ['endDate'], error: 'validation.endRequired' })
    .refine((v) => !(v.startDate && v.endDate && Date.parse(v.endDate) <= Date.parse(v.startDate)), {
      path: ['endDate'],
      error: 'validation.endBeforeStart',
    }),
)

/**
 * Where an internal link leads (SPEC §3 Creative detail): the site's own contact, homepage ("form")
 * or membership form. An external link is an http(s) URL.
 */
export const INTERNAL_LINK_TARGETS = ['contact', 'form', 'membership'] as const
export type InternalLinkTarget = (typeof INTERNAL_LINK_TARGETS)[number]

/** A link field's value: at most 256 characters; checked against `isInternalLink` by `linkIssue`. */
export const linkValue = /* @__PURE__ */ lazySchema(() =>
  z.string().trim().max(SITE_LIMITS.url, { error: 'validation.tooLong' }),
)

/** The message key for a link that does not fit its kind, or null (empty is no link). */
export const linkIssue = (value: string | undefined, internal: boolean): string | null => {
  if (!value) return null
  if (internal)
    return (INTERNAL_LINK_TARGETS as readonly string[]).includes(value) ? null : 'validation.linkTarget'
  return url.safeParse(value).success ? null : 'validation.url'
}

/** Adds the issue of a link field to a refinement context. */
export const checkLink = (
  ctx: z.RefinementCtx,
  path: string,
  value: string | undefined,
  internal: boolean,
  required = false,
) => {
  if (required && !value) ctx.addIssue({ code: 'custom', path: [path], message: 'validation.required' })
  const issue = linkIssue(value, internal)
  if (issue) ctx.addIssue({ code: 'custom', path: [path], message: issue })
}

/** Where a popup CTA sits on the screen. */
export const CTA_POSITIONS = ['TOP', 'CENTER', 'BOTTOM'] as const

export const CTA_ANIMATIONS = [
  'NONE',
  'PULSE',
  'GLOW',
  'BOUNCE',
  'SHIMMER',
  'GLITCH',
  'WOBBLE',
  'BUBBLY',
  'PULSE_OUT',
] as const

/** The content languages a CTA's texts are kept in (the site model's SITE_LANGUAGES). */
const CTA_LANGUAGES = ['JP', 'EN', 'CN', 'KR'] as const

/**
 * A popup CTA's text and image in one content language. A language without its own text or image
 * shows the default language's (`ctaContentFor`, docs/decisions/0019-popup-ctas.md).
 */
export const CtaLocalizedSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    lang: z.enum(CTA_LANGUAGES),
    content: contentSchema.optional(),
    imageUrl: z.string().max(1024).optional(),
  }),
)

export const PopupCtaSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      kind: z.enum(['TIME_LIMIT', 'APPLICANT_LIMIT']),
      isInternalLink: z.boolean().default(CTA_DEFAULTS.isInternalLink),
      linkUrl: linkValue,
      /** Its text and image per content language, at most one entry each. */
      localized: z
        .array(CtaLocalizedSchema)
        .max(CTA_LANGUAGES.length)
        .refine((v) => new Set(v.map((l) => l.lang)).size === v.length, { error: 'validation.invalid' })
        .default([]),
      linkButtonColor: color.default(CTA_DEFAULTS.linkButtonColor),
      linkTextColor: color.default(CTA_DEFAULTS.linkTextColor),
      startDate: z.iso.datetime({ offset: true }).optional(),
      endDate: z.iso.datetime({ offset: true }).optional(),
      limit: limitFieldSchema.optional(),
      showRemainingTime: z.boolean().default(CTA_DEFAULTS.showRemainingTime),
      showRemainingSlots: z.boolean().default(CTA_DEFAULTS.showRemainingSlots),
      /** Page orders it shows on; none: every page (`onSheet`). */
      effectiveSheets: z.array(z.number().int().min(1)).default([]),
      animation: z.enum(CTA_ANIMATIONS).default(CTA_DEFAULTS.animation),
      displayPosition: z.enum(CTA_POSITIONS).default(CTA_DEFAULTS.displayPosition),
    })
    .superRefine((v, ctx) => checkLink(ctx, 'linkUrl', v.linkUrl, v.isInternalLink, true))
    .refine((v) => !(v.startDate && !v.endDate), { path: ['endDate'], error: 'validation.endRequired' })
    .refine((v) => !(v.startDate && v.endDate && Date.parse(v.endDate) <= Date.parse(v.startDate)), {
      path: ['endDate'],
      error: 'validation.endBeforeStart',
    }),
)

const legalText = /* @__PURE__ */ lazySchema(() =>
  z.string().max(SITE_LIMITS.tags, { error: 'validation.tooLong' }),
)

/** Company profile and legal texts; with Contract Agreement Required ON, terms and privacy policy are required. */
export const CompanySchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      companyWebsite: url.optional().or(z.literal('')),
      companyProfile: legalText.default(COMPANY_DEFAULTS.companyProfile),
      companyClause: legalText.default(COMPANY_DEFAULTS.companyClause),
      termsOfService: legalText.default(COMPANY_DEFAULTS.termsOfService),
      privacyPolicy: legalText.default(COMPANY_DEFAULTS.privacyPolicy),
      contractAgreementRequired: z.boolean().default(COMPANY_DEFAULTS.contractAgreementRequired),
      /** Where the company information and legal texts are linked from the visitor forms. */
      showInForm: z.boolean().default(COMPANY_DEFAULTS.showInForm),
      showInMemberShip: z.boolean().default(COMPANY_DEFAULTS.showInMemberShip),
      showInContact: z.boolean().default(COMPANY_DEFAULTS.showInContact),
    })
    .refine((v) => !v.contractAgreementRequired || v.termsOfService.trim() !== '', {
      path: ['termsOfService'],
      error: 'validation.required',
    })
    .refine((v) => !v.contractAgreementRequired || v.privacyPolicy.trim() !== '', {
      path: ['privacyPolicy'],
      error: 'validation.required',
    }),
)

/** A visitor's agreement to the terms when the site requires it. */
export const agreementSchema = (required: boolean) =>
  required ? z.literal(true, { error: 'validation.agreementRequired' }) : z.boolean().optional()

/** Domain settings: a host name, and the default domain's site UUID. */
export const DomainSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(253, { error: 'validation.domain' })
    .regex(/^(?=.{1,253}$)(?!-)(?:[a-z0-9-]{1,63}(?<!-)\.)+[a-z]{2,63}$/, { error: 'validation.domain' }),
)
export const SiteUuidSchema = /* @__PURE__ */ lazySchema(() =>
  z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, {
    error: 'validation.siteUuid',
  }),
)

/** API issuing settings: each method needs its credentials. */
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}(\/(3[0-2]|[12]?\d))?$/
export const ApiSettingsSchema = /* @__PURE__ */ lazySchema(() =>
  z.discriminatedUnion('authMethod', [
    z.object({
      enabled: z.boolean(),
      authMethod: z.literal('IP_RESTRICTION'),
      ipList: z
        .array(z.string().trim().regex(IPV4, { error: 'validation.invalid' }))
        .min(1, { error: 'validation.ipRequired' }),
    }),
    z.object({
      enabled: z.boolean(),
      authMethod: z.literal('BASIC_AUTH'),
      basicId: z.string().trim().min(1, { error: 'validation.basicAuthRequired' }).max(SITE_LIMITS.text),
      basicPassword: z.string().min(1, { error: 'validation.basicAuthRequired' }).max(SITE_LIMITS.text),
    }),
    z.object({
      enabled: z.boolean(),
      authMethod: z.literal('API_KEY'),
      apiKey: z.string().trim().min(1, { error: 'validation.apiKeyRequired' }).max(256),
    }),
  ]),
)

/** The share popup's security setting and the admin-settings email (SPEC §5). */
export const SecurityPasswordSchema = /* @__PURE__ */ lazySchema(() =>
  z.string().min(1, { error: 'validation.required' }).max(SITE_LIMITS.text),
)
export const AdminEmailSchema = email

/** Report date pickers: no future month, nothing older than one year (months as YYYY-MM). */
export const reportMonthSchema = (now: Date) =>
  z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'validation.date' })
    .refine((v) => v <= `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`, {
      error: 'validation.futureMonth',
    })
    .refine((v) => v >= `${now.getUTCFullYear() - 1}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`, {
      error: 'validation.tooOld',
    })

export { color as colorSchema, url as urlSchema }
export const generalTextSchema = /* @__PURE__ */ lazySchema(() => optionalText())
