import * as z from 'zod'
import { SITE_STATUSES } from '../accounts.ts'
import { color } from './common.ts'
import {
  CompanySchema,
  checkLink,
  contentSchema,
  gridSchema,
  linkValue,
  MenuItemsSchema,
  PopupCtaSchema,
  SeoConfigSchema,
  SITE_LIMITS,
  SiteNameSchema,
} from './site.ts'
import { CREATIVE_DEFAULTS } from './site-defaults.ts'
import { SiteFormsSchema } from './site-forms.ts'
import { isoDate } from './users.ts'

/**
 * Request bodies of the site builder API (SPEC §3, §7 Sites), built from the §5 rules in
 * `site.ts`. The editor's forms and the handlers parse the same schemas.
 */

/** Site content languages (SPEC §1): JP, KR, CN, EN. */
export const SITE_LANGUAGES = ['JP', 'EN', 'CN', 'KR'] as const
export type SiteLanguage = (typeof SITE_LANGUAGES)[number]

/**
 * Creatives (rows × columns) a site may have until the plans API exists: the one place the
 * default plan limit lives (docs/decisions.md, "Site builder").
 */
export const DEFAULT_MAX_CREATIVES = 100

/** A grid cell: column letters A–Z then the row number 1–100 (SPEC §3 Other). */
export const CELL_POSITION = /^[A-Z]{1,3}([1-9]\d?|100)$/

/** The cell reference of a zero-based row and column: (0, 0) is A1. */
export const cellPosition = (row: number, column: number): string =>
  `${String.fromCharCode(65 + column)}${row + 1}`

const text = (max: number = SITE_LIMITS.text) => z.string().max(max, { error: 'validation.tooLong' })
const optionalColor = color.optional()
const mediaKey = z.string().max(1024)

/** SPEC §3 Product, with its defaults. */
export const ProductSchema = z
  .object({
    id: z.string().max(64).optional(),
    productName: text().default(''),
    imagePath: mediaKey.optional(),
    price: z.number().int().min(0).optional(),
    description: contentSchema.optional(),
    linkButtonUrl: linkValue.optional(),
    linkButtonText: text().optional(),
    linkButtonColor: color.default('#2BAA50'),
    linkTextColor: color.default('#FFFFFF'),
    coordinateX: z.number().default(65),
    coordinateY: z.number().default(260),
    textColor: optionalColor,
    backgroundColor: optionalColor,
    isInternalLink: z.boolean().default(false),
    order: z.number().int().min(0).default(0),
  })
  .superRefine((v, ctx) => checkLink(ctx, 'linkButtonUrl', v.linkButtonUrl, v.isInternalLink))
export type Product = z.output<typeof ProductSchema>

/** A point on a creative image that links somewhere. */
export const ImageLinkPointSchema = z
  .object({
    x: z.number().min(0),
    y: z.number().min(0),
    linkUrl: linkValue.optional(),
    isInternalLink: z.boolean().default(false),
  })
  .superRefine((v, ctx) => checkLink(ctx, 'linkUrl', v.linkUrl, v.isInternalLink))

/** SPEC §3 Creative detail: one cell in one language. */
export const CreativeSchema = z
  .object({
    lang: z.enum(SITE_LANGUAGES),
    position: z.string().regex(CELL_POSITION, { error: 'validation.invalid' }),
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
    snsConfig: z.boolean().default(CREATIVE_DEFAULTS.snsConfig),
    showCompany: z.boolean().default(CREATIVE_DEFAULTS.showCompany),
    membersOnlyLock: z.boolean().default(CREATIVE_DEFAULTS.membersOnlyLock),
    hoverArrowColor: color.default(CREATIVE_DEFAULTS.hoverArrowColor),
    arrowFadeInterval: z.number().min(0).max(3600).optional(),
    sliderSeconds: z.number().min(0).max(3600).optional(),
    imageLinkPoints: z.array(ImageLinkPointSchema).max(20).default([]),
    products: z.array(ProductSchema).max(20).default([]),
  })
  .superRefine((v, ctx) => checkLink(ctx, 'linkDestinationUrl', v.linkDestinationUrl, v.isInternalLink))
export type CreativeInput = z.output<typeof CreativeSchema>

/** The global menu of one language. */
export const GlobalMenuSchema = z.object({
  lang: z.enum(SITE_LANGUAGES),
  items: MenuItemsSchema,
  textColor: optionalColor,
})

export const SNS_TYPES = ['youtube', 'line', 'instagram', 'x', 'tiktok', 'facebook', 'phone_number'] as const

export const SnsLinkSchema = z.object({
  id: z.string().max(64).optional(),
  snsType: z.enum(SNS_TYPES),
  snsUrl: z.string().trim().min(1, { error: 'validation.required' }).max(SITE_LIMITS.url, {
    error: 'validation.tooLong',
  }),
})

/**
 * SPEC §3 Other settings of one language: SEO and tags, SNS links, company and legal texts, and
 * the contact, membership and homepage forms.
 */
export const SiteSettingsSchema = z.object({
  lang: z.enum(SITE_LANGUAGES),
  seo: SeoConfigSchema.optional(),
  sns: z.array(SnsLinkSchema).max(SNS_TYPES.length).default([]),
  company: CompanySchema.optional(),
  forms: SiteFormsSchema.optional(),
})

const globalSettingFields = {
  name: SiteNameSchema,
  viewMode: z.enum(['MOBILE', 'PC']).default('MOBILE'),
  defaultLanguage: z.enum(SITE_LANGUAGES).default('JP'),
  languages: z
    .array(z.enum(SITE_LANGUAGES))
    .min(1, { error: 'validation.required' })
    .refine((v) => new Set(v).size === v.length, { error: 'validation.invalid' }),
}

/** The default language must be one of the site's languages. */
const defaultInLanguages = (v: { languages: readonly string[]; defaultLanguage: string }) =>
  v.languages.includes(v.defaultLanguage)
const defaultLanguageIssue = { path: ['defaultLanguage'], error: 'validation.invalid' }

/** POST /site: name, grid size and languages; the owner is the caller's account. */
export const CreateSiteBody = z
  .object({ ...globalSettingFields, languages: globalSettingFields.languages.default(['JP']) })
  .and(gridSchema(DEFAULT_MAX_CREATIVES))
  .refine(defaultInLanguages, defaultLanguageIssue)

/** SPEC §3 Site (global setting) as the editor sends it: `id` names the site. */
export const GlobalSettingSchema = z
  .object({
    id: z.string().min(1).max(64),
    ...globalSettingFields,
    faviconKey: mediaKey.optional(),
    logoKey: mediaKey.optional(),
    globalMenuTextColor: optionalColor,
    speakerColor: optionalColor,
    displayLanguageIcon: z.boolean().default(false),
    displayGlobalMenu: z.boolean().default(false),
    popupCtas: z.array(PopupCtaSchema).max(20).default([]),
  })
  .and(gridSchema(DEFAULT_MAX_CREATIVES))
  .refine(defaultInLanguages, defaultLanguageIssue)

/**
 * `null` means "not set": the API answers absent optional values as null, so an editor can send a
 * loaded site straight back. Object properties that are null are dropped before validation.
 */
const dropNulls = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(dropNulls)
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => [k, dropNulls(v)]),
    )
  return value
}

/**
 * PUT /site/{id}. `globalSetting` is the whole global setting. Each of `menus`, `creatives` and
 * `settings`, when sent, is the whole of that part (entries left out are deleted); a part not
 * sent stays as it is.
 */
export const UpdateSiteBody = z.preprocess(
  dropNulls,
  z.object({
    version: z.number().int().positive(),
    globalSetting: GlobalSettingSchema,
    menus: z.array(GlobalMenuSchema).max(SITE_LANGUAGES.length).optional(),
    creatives: z
      .array(CreativeSchema)
      .max(DEFAULT_MAX_CREATIVES * SITE_LANGUAGES.length)
      .optional(),
    settings: z.array(SiteSettingsSchema).max(SITE_LANGUAGES.length).optional(),
  }),
)
export type UpdateSiteInput = z.output<typeof UpdateSiteBody>

/** The editor's save actions (SPEC §4): save draft, publish as public, publish as private. */
export const SITE_STATUS_ACTIONS = ['draft', 'publish', 'private'] as const
export const SiteStatusBody = z.object({
  action: z.enum(SITE_STATUS_ACTIONS),
  version: z.number().int().positive(),
})

/**
 * The site list's filters, shared by `GET /site` and `GET /site/export`. Date bounds are calendar
 * days (YYYY-MM-DD), both inclusive, read as Asia/Tokyo days (docs/decisions.md, "Site builder").
 */
const SiteListFilters = z.object({
  name: z.string().trim().max(100).optional(),
  status: z.enum(SITE_STATUSES).optional(),
  ownerId: z.string().max(64).optional(),
  createdFrom: isoDate.optional(),
  createdTo: isoDate.optional(),
  publishedFrom: isoDate.optional(),
  publishedTo: isoDate.optional(),
})

/** Each date range's bounds: the `to` day may equal the `from` day but not precede it. */
export const SITE_LIST_DATE_RANGES = [
  ['createdFrom', 'createdTo'],
  ['publishedFrom', 'publishedTo'],
] as const

type DateBounds = Partial<Record<(typeof SITE_LIST_DATE_RANGES)[number][number], string>>

const withDateRanges = <T extends z.ZodType<DateBounds>>(schema: T) =>
  schema.superRefine((value, ctx) => {
    for (const [from, to] of SITE_LIST_DATE_RANGES) {
      // A bound that is no date has its own issue; YYYY-MM-DD compares as text in calendar order.
      const start = isoDate.safeParse(value[from])
      const end = isoDate.safeParse(value[to])
      if (start.success && end.success && end.data < start.data)
        ctx.addIssue({ code: 'custom', path: [to], message: 'validation.dateRangeOrder' })
    }
  })

/** GET /site/export: the list's filters, every page. */
export const ExportSitesQuery = withDateRanges(SiteListFilters)
export type ExportSitesInput = z.output<typeof ExportSitesQuery>

export const ListSitesQuery = withDateRanges(
  SiteListFilters.extend({
    cursor: z.string().max(2048).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
)
export type ListSitesInput = z.output<typeof ListSitesQuery>
