import * as z from 'zod'
import { SITE_STATUSES } from '../accounts.ts'
import {
  CreativeSchema,
  DEFAULT_MAX_CREATIVES,
  defaultInLanguages,
  defaultLanguageIssue,
  GlobalMenuSchema,
  GlobalSettingSchema,
  globalSettingFields,
  SITE_LANGUAGES,
  SiteSettingsSchema,
} from '../site/model.ts'
import { DEFAULT_SITE_LANGUAGES } from '../site/model-defaults.ts'
import { gridSchema } from './site.ts'
import { isoDate } from './users.ts'

/**
 * Request bodies of the site builder API (SPEC §3, §7 Sites), built from the site model
 * (`site/model.ts`, re-exported here for the modules that import it from this one). The editor's
 * forms and the handlers parse the same schemas.
 */
export {
  type CreativeInput,
  CreativeSchema,
  DEFAULT_MAX_CREATIVES,
  GlobalMenuSchema,
  GlobalSettingSchema,
  ImageLinkPointSchema,
  type Product,
  ProductSchema,
  SITE_LANGUAGES,
  type SiteLanguage,
  SiteSettingsSchema,
  SNS_TYPES,
  SnsLinkSchema,
} from '../site/model.ts'

import { lazySchema } from '../lazy-schema.ts'
import { dropNulls } from '../nulls.ts'

/**
 * POST /site: name, grid size and languages; the owner is the caller's account. The language
 * icon (the visitors' language switcher) is ON for a site made with several languages unless
 * `displayLanguageIcon: false` is sent (`languageIconAtCreate`).
 */
export const CreateSiteBody = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      ...globalSettingFields,
      languages: globalSettingFields.languages.default([...DEFAULT_SITE_LANGUAGES]),
      displayLanguageIcon: z.boolean().optional(),
    })
    .and(gridSchema(DEFAULT_MAX_CREATIVES))
    .refine(defaultInLanguages, defaultLanguageIssue),
)

/**
 * The language icon of a new site: what the creator asked for, else ON exactly when the site has
 * more than one language (a multilingual site's visitors need the switcher;
 * docs/decisions/0018-multilingual-sites.md).
 */
export const languageIconAtCreate = (body: { languages: readonly string[]; displayLanguageIcon?: boolean }) =>
  body.displayLanguageIcon ?? body.languages.length > 1

/**
 * PUT /site/{id}. `globalSetting` is the whole global setting. Each of `menus`, `creatives` and
 * `settings`, when sent, is the whole of that part (entries left out are deleted); a part not
 * sent stays as it is.
 */
// `null` means "not set" (../nulls.ts): dropped before validation.
export const UpdateSiteBody = /* @__PURE__ */ lazySchema(() =>
  z.preprocess(
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
  ),
)
export type UpdateSiteInput = z.output<typeof UpdateSiteBody>

/** The editor's save actions (SPEC §4): save draft, publish as public, publish as private. */
export const SITE_STATUS_ACTIONS = ['draft', 'publish', 'private'] as const
export const SiteStatusBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    action: z.enum(SITE_STATUS_ACTIONS),
    version: z.number().int().positive(),
  }),
)

/**
 * The site list's filters, shared by `GET /site` and `GET /site/export`. Date bounds are calendar
 * days (YYYY-MM-DD), both inclusive, read as Asia/Tokyo days (docs/decisions/0014-site-builder.md).
 */
const SiteListFilters = /* @__PURE__ */ lazySchema(() =>
  z.object({
    name: z.string().trim().max(100).optional(),
    status: z.enum(SITE_STATUSES).optional(),
    ownerId: z.string().max(64).optional(),
    createdFrom: isoDate.optional(),
    createdTo: isoDate.optional(),
    publishedFrom: isoDate.optional(),
    publishedTo: isoDate.optional(),
  }),
)

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
export const ExportSitesQuery = /* @__PURE__ */ lazySchema(() => withDateRanges(SiteListFilters))
export type ExportSitesInput = z.output<typeof ExportSitesQuery>

export const ListSitesQuery = /* @__PURE__ */ lazySchema(() =>
  withDateRanges(
    SiteListFilters.extend({
      cursor: z.string().max(2048).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
  ),
)
export type ListSitesInput = z.output<typeof ListSitesQuery>
