import * as z from 'zod'
import { SITE_STATUSES } from '../accounts.ts'
import { lazySchema } from '../lazy-schema.ts'
import { color } from '../schemas/common.ts'
import {
  CompanySchema,
  CtaLocalizedSchema,
  checkLink,
  contentSchema,
  gridSchema,
  linkValue,
  MenuItemsSchema,
  PopupCtaSchema,
  SeoConfigSchema,
  SITE_LIMITS,
  SiteNameSchema,
} from '../schemas/site.ts'
import { SiteFormsSchema } from '../schemas/site-forms.ts'
import { BOTTOM_BAR_DEFAULTS } from './bottom-bar.ts'
import { CELL_PATTERN } from './cells.ts'
import { MessageMatchSchema } from './message-match.ts'
import {
  CREATIVE_DEFAULTS,
  DEFAULT_MEDIA_TYPE,
  GLOBAL_SETTING_DEFAULTS,
  LINK_POINT_DEFAULTS,
  PRODUCT_DEFAULTS,
} from './model-defaults.ts'
import { SiteTagsSchema } from './tags-vendors.ts'

/**
 * The site model (SPEC §3), declared once: the global setting, the global menus, the creatives
 * with their products and link points, the popup CTAs and the other settings, with their
 * defaults (`model-defaults.ts`). Everything else derives from it: the editor's save body
 * (`schemas/site-builder.ts`), the stored documents and their entity attributes (checked by
 * functions/src/data/sites.test.ts), the documents read back (`migrations.ts`), the API's views
 * (`*ViewSchema` below), the console's types (`import type` only) and the publish input.
 */

/** Site content languages (SPEC §1): JP, KR, CN, EN. */
export const SITE_LANGUAGES = ['JP', 'EN', 'CN', 'KR'] as const
export type SiteLanguage = (typeof SITE_LANGUAGES)[number]

/**
 * Creatives (rows × columns) a site may have until the plans API exists: the one place the
 * default plan limit lives (docs/decisions/0014-site-builder.md).
 */
export const DEFAULT_MAX_CREATIVES = 100

const text = (max: number = SITE_LIMITS.text) => z.string().max(max, { error: 'validation.tooLong' })
const optionalColor = /* @__PURE__ */ lazySchema(() => color.optional())
const mediaKey = /* @__PURE__ */ lazySchema(() => z.string().max(1024))

/** SPEC §3 Product, with its defaults. */
export const ProductSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      id: z.string().max(64).optional(),
      productName: text().default(PRODUCT_DEFAULTS.productName),
      imagePath: mediaKey.optional(),
      price: z.number().int().min(0).optional(),
      description: contentSchema.optional(),
      linkButtonUrl: linkValue.optional(),
      linkButtonText: text().optional(),
      linkButtonColor: color.default(PRODUCT_DEFAULTS.linkButtonColor),
      linkTextColor: color.default(PRODUCT_DEFAULTS.linkTextColor),
      coordinateX: z.number().default(PRODUCT_DEFAULTS.coordinateX),
      coordinateY: z.number().default(PRODUCT_DEFAULTS.coordinateY),
      textColor: optionalColor,
      backgroundColor: optionalColor,
      isInternalLink: z.boolean().default(PRODUCT_DEFAULTS.isInternalLink),
      order: z.number().int().min(0).default(PRODUCT_DEFAULTS.order),
    })
    .superRefine((v, ctx) => checkLink(ctx, 'linkButtonUrl', v.linkButtonUrl, v.isInternalLink)),
)
export type Product = z.output<typeof ProductSchema>

/** A point on a creative image that links somewhere. */
export const ImageLinkPointSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      x: z.number().min(0),
      y: z.number().min(0),
      linkUrl: linkValue.optional(),
      isInternalLink: z.boolean().default(LINK_POINT_DEFAULTS.isInternalLink),
    })
    .superRefine((v, ctx) => checkLink(ctx, 'linkUrl', v.linkUrl, v.isInternalLink)),
)
export type ImageLinkPoint = z.output<typeof ImageLinkPointSchema>

/** SPEC §3 Creative detail: one cell in one language. */
export const CreativeSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      lang: z.enum(SITE_LANGUAGES),
      position: z.string().regex(CELL_PATTERN, { error: 'validation.invalid' }),
      mediaKey: mediaKey.optional(),
      mediaType: z.enum(['image', 'video']).optional(),
      imageAlt: text().optional(),
      linkButtonText: text().optional(),
      linkDestinationUrl: linkValue.optional(),
      isInternalLink: z.boolean().default(CREATIVE_DEFAULTS.isInternalLink),
      linkButtonColor: color.default(CREATIVE_DEFAULTS.linkButtonColor),
      linkTextColor: color.default(CREATIVE_DEFAULTS.linkTextColor),
      mainText: contentSchema.optional(),
      mainTextColor: optionalColor,
      price: z.number().int().min(0).optional(),
      priceTextColor: optionalColor,
      /** Bottom-bar SNS links and company tabs on this creative: absent follows the language's default (`site/bottom-bar.ts`). */
      snsConfig: z.boolean().optional(),
      showCompany: z.boolean().optional(),
      membersOnlyLock: z.boolean().default(CREATIVE_DEFAULTS.membersOnlyLock),
      hoverArrowColor: color.default(CREATIVE_DEFAULTS.hoverArrowColor),
      arrowFadeInterval: z.number().min(0).max(3600).optional(),
      sliderSeconds: z.number().min(0).max(3600).optional(),
      imageLinkPoints: z.array(ImageLinkPointSchema).max(20).default([]),
      products: z.array(ProductSchema).max(20).default([]),
    })
    .superRefine((v, ctx) => checkLink(ctx, 'linkDestinationUrl', v.linkDestinationUrl, v.isInternalLink)),
)
export type CreativeInput = z.output<typeof CreativeSchema>

/** The global menu of one language. */
export const GlobalMenuSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    lang: z.enum(SITE_LANGUAGES),
    items: MenuItemsSchema,
    textColor: optionalColor,
  }),
)

export const SNS_TYPES = ['youtube', 'line', 'instagram', 'x', 'tiktok', 'facebook', 'phone_number'] as const

export const SnsLinkSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string().max(64).optional(),
    snsType: z.enum(SNS_TYPES),
    snsUrl: z.string().trim().min(1, { error: 'validation.required' }).max(SITE_LIMITS.url, {
      error: 'validation.tooLong',
    }),
  }),
)

/**
 * SPEC §3 Other settings of one language: SEO and tags, SNS links, company and legal texts, and
 * the contact, membership and homepage forms.
 */
export const SiteSettingsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    lang: z.enum(SITE_LANGUAGES),
    seo: SeoConfigSchema.optional(),
    sns: z.array(SnsLinkSchema).max(SNS_TYPES.length).default([]),
    company: CompanySchema.optional(),
    forms: SiteFormsSchema.optional(),
    /** The bottom bar on creatives that do not choose (`site/bottom-bar.ts`): shown unless switched off. */
    showSnsByDefault: z.boolean().default(BOTTOM_BAR_DEFAULTS.showSnsByDefault),
    showCompanyByDefault: z.boolean().default(BOTTOM_BAR_DEFAULTS.showCompanyByDefault),
  }),
)

/** The global setting's fields a new site is created with. */
export const globalSettingFields = /* @__PURE__ */ lazySchema(() => ({
  name: SiteNameSchema,
  viewMode: z.enum(['MOBILE', 'PC']).default(GLOBAL_SETTING_DEFAULTS.viewMode),
  defaultLanguage: z.enum(SITE_LANGUAGES).default(GLOBAL_SETTING_DEFAULTS.defaultLanguage),
  languages: z
    .array(z.enum(SITE_LANGUAGES))
    .min(1, { error: 'validation.required' })
    .refine((v) => new Set(v).size === v.length, { error: 'validation.invalid' }),
}))

/** The default language must be one of the site's languages. */
export const defaultInLanguages = (v: { languages: readonly string[]; defaultLanguage: string }) =>
  v.languages.includes(v.defaultLanguage)
export const defaultLanguageIssue = { path: ['defaultLanguage'], error: 'validation.invalid' }

/**
 * SPEC §3 Site (global setting) as one document: what the Site item stores besides its keys,
 * status and bookkeeping. The grid size is checked as a number of rows and columns here; against
 * the plan on save (`GlobalSettingSchema`).
 */
export const SiteDocumentSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...globalSettingFields,
    numberHorizontal: z.number().int().min(1),
    numberVertical: z.number().int().min(1),
    faviconKey: mediaKey.optional(),
    logoKey: mediaKey.optional(),
    globalMenuTextColor: optionalColor,
    speakerColor: optionalColor,
    displayLanguageIcon: z.boolean().default(GLOBAL_SETTING_DEFAULTS.displayLanguageIcon),
    displayGlobalMenu: z.boolean().default(GLOBAL_SETTING_DEFAULTS.displayGlobalMenu),
    /** On phones: cover the screen or show the whole frame; absent: GLOBAL_SETTING_DEFAULTS.creativeFit. */
    creativeFit: z.enum(['FILL', 'FIT']).optional(),
    popupCtas: z.array(PopupCtaSchema).max(20).default([]),
    /**
     * Ad and analytics tags by ID, and how visitors consent to them (./tags-vendors.ts): loaded by the
     * published page from a first-party file after consent; absent or empty: no tags, no banner.
     */
    adTags: SiteTagsSchema.optional(),
    /**
     * Message match (issue 34 part 5, ./message-match.ts): which creative a visit opens on for a
     * `utm_content` or `utm_campaign` value; absent or empty: every visit opens on A1.
     */
    messageMatch: MessageMatchSchema.optional(),
  }),
)
export type SiteDocument = z.output<typeof SiteDocumentSchema>

/** SPEC §3 Site (global setting) as the editor sends it: `id` names the site. */
export const GlobalSettingSchema = /* @__PURE__ */ lazySchema(() =>
  SiteDocumentSchema.omit({ numberHorizontal: true, numberVertical: true })
    .extend({ id: z.string().min(1).max(64) })
    .and(gridSchema(DEFAULT_MAX_CREATIVES))
    .refine(defaultInLanguages, defaultLanguageIssue),
)

/** The stored documents of a site, by kind: the Site item and its child items. */
export const SITE_DOCUMENTS = {
  site: SiteDocumentSchema,
  creative: CreativeSchema,
  menu: GlobalMenuSchema,
  settings: SiteSettingsSchema,
} as const
export type SiteDocumentKind = keyof typeof SITE_DOCUMENTS
export type CreativeDocument = z.output<typeof CreativeSchema>
export type MenuDocument = z.output<typeof GlobalMenuSchema>
export type SettingsDocument = z.output<typeof SiteSettingsSchema>

/** The fields each stored document holds (the keys of its schema): what the entities declare. */
export const documentFields = <K extends SiteDocumentKind>(kind: K) =>
  Object.keys(SITE_DOCUMENTS[kind].shape) as (keyof (typeof SITE_DOCUMENTS)[K]['shape'] & string)[]

/** Picks a document's fields out of a stored item (keys, version and bookkeeping left behind). */
export const pickDocument = <K extends SiteDocumentKind>(kind: K, item: Record<string, unknown>) =>
  Object.fromEntries(documentFields(kind).flatMap((f) => (item[f] === undefined ? [] : [[f, item[f]]])))

/**
 * An answer's shape of a document: an absent optional value is `null`, so a client sees every
 * field and can send a loaded document straight back (the save body drops nulls).
 */
type Answered<S extends z.core.$ZodShape> = {
  -readonly [K in keyof S]: S[K] extends z.ZodOptional<infer T> ? z.ZodNullable<T> : S[K]
}
const answered = <S extends z.core.$ZodShape>(shape: S): Answered<S> =>
  Object.fromEntries(
    Object.entries(shape).map(([k, s]) => [
      k,
      s instanceof z.ZodOptional ? (s.unwrap() as z.ZodType).nullable() : s,
    ]),
  ) as Answered<S>

/**
 * A nested part of an answer (a product, a link point, a CTA): an absent optional value stays
 * absent, and the editor may hold it as null (the save body drops nulls).
 */
type Nested<S extends z.core.$ZodShape> = {
  -readonly [K in keyof S]: S[K] extends z.ZodOptional<infer T> ? z.ZodOptional<z.ZodNullable<T>> : S[K]
}
const nested = <S extends z.core.$ZodShape>(shape: S) =>
  z.object(
    Object.fromEntries(
      Object.entries(shape).map(([k, s]) => [
        k,
        s instanceof z.ZodOptional ? (s.unwrap() as z.ZodType).nullish() : s,
      ]),
    ) as Nested<S>,
  )

const isoOrNull = /* @__PURE__ */ lazySchema(() => z.string().nullable())

/** GET /site/{id} `globalSetting`: the document, then what the server keeps about the site. */
export const GlobalSettingViewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    ...answered(SiteDocumentSchema.shape),
    popupCtas: z.array(
      nested(PopupCtaSchema.shape).extend({ localized: z.array(nested(CtaLocalizedSchema.shape)) }),
    ),
    status: z.enum(SITE_STATUSES),
    url: z.string().nullable(),
    siteUuid: z.string(),
    ownerId: z.string(),
    customDomain: z.string().nullable(),
    createdAt: isoOrNull,
    updatedAt: isoOrNull,
    publishedAt: isoOrNull,
    /**
     * The site version whose content the public site shows (null: not served publicly). Set by a
     * publish, carried by a save that changes nothing, removed when the site stops being served.
     */
    publishedVersion: z.number().int().nullable().default(null),
    /** The site is served publicly and what is saved differs from what visitors see (republish to show it). */
    unpublishedChanges: z.boolean().default(false),
  }),
)
/** One creative as the editor loads it; `order` is its row-major place from 1 (set by the server). */
export const CreativeViewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...answered(CreativeSchema.shape),
    imageLinkPoints: z.array(nested(ImageLinkPointSchema.shape)),
    products: z.array(nested(ProductSchema.shape)),
    order: z.number().int().nullable().optional(),
  }),
)
export const MenuViewSchema = /* @__PURE__ */ lazySchema(() => z.object(answered(GlobalMenuSchema.shape)))
export const SettingsViewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...answered(SiteSettingsSchema.shape),
    sns: z.array(nested(SnsLinkSchema.shape)),
    company: nested(CompanySchema.shape).extend({ companyWebsite: z.string().nullish() }).nullable(),
    // Always answered; optional so an editor's new entry may leave them to the model's defaults.
    showSnsByDefault: z.boolean().optional(),
    showCompanyByDefault: z.boolean().optional(),
  }),
)

/** The whole site as the editor loads it (GET /site/{id} and every save's answer, before `plan` and `media`). */
export const SiteViewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    globalSetting: GlobalSettingViewSchema,
    version: z.number().int(),
    menus: z.array(MenuViewSchema),
    creatives: z.array(CreativeViewSchema),
    settings: z.array(SettingsViewSchema),
  }),
)
export type GlobalSettingView = z.output<typeof GlobalSettingViewSchema>
export type CreativeView = z.output<typeof CreativeViewSchema>

/** The required keys of `T` that may hold null, each null. */
type NullsOf<T> = {
  [K in keyof T as null extends T[K] ? (undefined extends T[K] ? never : K) : never]: null
}

/** Every key of a view's shape that may hold null, as null: what an editor starts a new item from. */
const nullsOf = <T>(shape: z.core.$ZodShape): NullsOf<T> =>
  Object.fromEntries(
    Object.entries(shape).flatMap(([key, schema]) => (schema instanceof z.ZodNullable ? [[key, null]] : [])),
  ) as NullsOf<T>

/**
 * A new creative as the editor starts it on a cell's first edit (SPEC §3 Creative detail): the
 * defaults, no media, no texts, no links, no products. Read from the view's shape, so a field added
 * to the model starts empty here without an edit (migrations.test.ts parses the result).
 */
export const newCreativeView = (lang: SiteLanguage, position: string): CreativeView => ({
  ...nullsOf<CreativeView>(CreativeViewSchema.shape),
  ...CREATIVE_DEFAULTS,
  lang,
  position,
  imageLinkPoints: [],
  products: [],
})
export type MenuView = z.output<typeof MenuViewSchema>
export type SettingsView = z.output<typeof SettingsViewSchema>
export type SiteView = z.output<typeof SiteViewSchema>

/**
 * One web rendition of an uploaded image (issue 22) as a visitor's page loads it: its format and
 * the width of the box it was made for (the `srcset` width descriptor), and its URL — never a
 * storage key.
 */
export const VisitorImageRenditionSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    format: z.enum(['avif', 'webp', 'jpeg']),
    width: z.number().int(),
    url: z.string(),
  }),
)
export type VisitorImageRendition = z.output<typeof VisitorImageRenditionSchema>

/**
 * The web renditions of a creative's media (issue 22), when they are ready: an image's files in
 * every format and width made (AVIF, WebP, JPEG), or a video's H.264/AAC MP4 and its poster (the
 * first frame, JPEG). Null while they are being made, when they failed, or for a kind that gets
 * none: the reader shows `mediaUrl`, the file as uploaded.
 */
export const VisitorMediaRenditionsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    images: z.array(VisitorImageRenditionSchema),
    video: z.string().nullable(),
    poster: z.string().nullable(),
  }),
)
export type VisitorMediaRenditions = z.output<typeof VisitorMediaRenditionsSchema>

/** A product as a visitor sees it: its image as a URL, never a storage key. */
export const VisitorProductViewSchema = /* @__PURE__ */ lazySchema(() => {
  const { imagePath: _storageKey, ...productShape } = ProductSchema.shape
  return z.object({
    ...answered(productShape),
    imageUrl: z.string().nullable(),
    /** The image's web renditions (issue 22); empty until they are ready (`imageUrl` is the original). */
    imageRenditions: z.array(VisitorImageRenditionSchema),
  })
})
export type VisitorProductView = z.output<typeof VisitorProductViewSchema>

const frameShape = /* @__PURE__ */ lazySchema(() => {
  const creative = CreativeSchema.shape
  return {
    position: creative.position,
    /** Page order from 1 (A1 = 1, B1 = 2, …): what CTA sheets name. */
    order: z.number().int(),
    /** The creative's own choice; null follows the language's default (`site/bottom-bar.ts`). */
    snsConfig: creative.snsConfig.unwrap().nullable(),
    showCompany: creative.showCompany.unwrap().nullable(),
    hoverArrowColor: creative.hoverArrowColor,
    arrowFadeInterval: creative.arrowFadeInterval.unwrap().nullable(),
    sliderSeconds: creative.sliderSeconds.unwrap().nullable(),
  }
})

/**
 * One creative for a visitor (end-user API). A members-only one is `locked` (unless the visitor is
 * a member) and carries only what the frame needs; an open one its media as a URL (the file as
 * uploaded) with its web renditions when they are ready, its texts, link, price, link points and
 * products.
 */
export const VisitorCreativeViewSchema = /* @__PURE__ */ lazySchema(() => {
  const creative = CreativeSchema.shape
  return z.discriminatedUnion('locked', [
    z.object({ ...frameShape, locked: z.literal(true) }),
    z.object({
      ...frameShape,
      locked: z.literal(false),
      mediaType: creative.mediaType.unwrap().default(DEFAULT_MEDIA_TYPE),
      mediaUrl: z.string().nullable(),
      mediaRenditions: VisitorMediaRenditionsSchema.nullable(),
      imageAlt: z.string(),
      ...answered({
        mainText: creative.mainText,
        mainTextColor: creative.mainTextColor,
        linkButtonText: creative.linkButtonText,
        linkDestinationUrl: creative.linkDestinationUrl,
        price: creative.price,
        priceTextColor: creative.priceTextColor,
      }),
      isInternalLink: creative.isInternalLink,
      linkButtonColor: creative.linkButtonColor,
      linkTextColor: creative.linkTextColor,
      imageLinkPoints: z.array(z.object(answered(ImageLinkPointSchema.shape))),
      products: z.array(VisitorProductViewSchema),
    }),
  ])
})
export type VisitorCreativeView = z.output<typeof VisitorCreativeViewSchema>

/**
 * A value as a reader may hold it: every optional property, at any depth, may also be `null`
 * (the API answers absent values as null; the editor keeps "not set" as null). The console's
 * draft types and the publish input are this of the views.
 */
export type Nullable<T> = T extends readonly (infer U)[]
  ? Nullable<U>[]
  : T extends object
    ? {
        [K in keyof T]: undefined extends T[K]
          ? Nullable<Exclude<T[K], undefined>> | null | undefined
          : Nullable<T[K]>
      }
    : T
