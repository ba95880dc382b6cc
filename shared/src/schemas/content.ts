import * as z from 'zod'
import { LOCALES, type Locale } from '../i18n/locales.ts'
import { lazySchema } from '../lazy-schema.ts'
import { requiredText, url } from './common.ts'

/**
 * Latest information, notification delivery and system notifications (SPEC §2, §3 "News,
 * notification delivery, system notification", §4 statuses, §5 content ≤ 120 characters and dates).
 * Statuses are never stored: `contentStatus` derives them from the stored draft flag and dates when
 * read, so nothing has to run when a scheduled notice goes live or expires
 * (docs/decisions/0044-notifications.md).
 */

/** Content max 120 characters (SPEC §5 "Popup CTA, news, notifications"). */
export const CONTENT_MAX = 120
/** Titles are general text fields (SPEC §5: max 50). */
export const TITLE_MAX = 50

/** The list filter's statuses (SPEC §4); "all" is no filter. */
export const CONTENT_STATUSES = ['public', 'unpublic', 'draft', 'expired'] as const
export type ContentStatus = (typeof CONTENT_STATUSES)[number]

/** Publication instant (when saved) or scheduled (at the start date). */
export const PUBLISH_MODES = ['INSTANT', 'RESERVE'] as const
export type PublishMode = (typeof PUBLISH_MODES)[number]

/** System notification receivers (SPEC §2, §6). */
export const SYSTEM_NOTI_AUDIENCES = ['OEM_MASTER', 'OEM_ADMIN', 'OEM_USER', 'MASTER_USER'] as const
export type SystemNotiAudience = (typeof SYSTEM_NOTI_AUDIENCES)[number]

/** What decides a status: the stored draft flag, the instant it became (or becomes) visible and its end. */
export interface StatusInput {
  draft: boolean
  /** ISO instant from which readers see it (null only for a draft never published). */
  visibleFrom: string | null | undefined
  endDate?: string | null | undefined
}

/**
 * The status at `now` (ms): draft; unpublic while a scheduled publication is still ahead; expired
 * once the end date has passed; public otherwise.
 */
export const contentStatus = (item: StatusInput, now: number): ContentStatus => {
  if (item.draft || !item.visibleFrom) return 'draft'
  if (Date.parse(item.visibleFrom) > now) return 'unpublic'
  if (item.endDate && Date.parse(item.endDate) <= now) return 'expired'
  return 'public'
}

/** Text per UI language: Japanese required, the others optional (readers see theirs, else Japanese). */
const perLocale = (required: z.ZodType<string>, optional: z.ZodType<string>) =>
  z.object({
    ja: required,
    en: optional.optional(),
    zh: optional.optional(),
    ko: optional.optional(),
  })

const optionalText = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' })

export const LocalizedTitle = /* @__PURE__ */ lazySchema(() =>
  perLocale(requiredText(TITLE_MAX), optionalText(TITLE_MAX)),
)
export const LocalizedContent = /* @__PURE__ */ lazySchema(() =>
  perLocale(requiredText(CONTENT_MAX), optionalText(CONTENT_MAX)),
)
export type LocalizedText = {
  ja: string
  en?: string | undefined
  zh?: string | undefined
  ko?: string | undefined
}

/** The reader's language, else Japanese (which is always written). */
export const localized = (text: LocalizedText, locale: Locale): string => {
  const value = text[locale]
  return value?.trim() ? value : text.ja
}
export const TEXT_LOCALES = LOCALES

const isoInstant = /* @__PURE__ */ lazySchema(() =>
  z.iso.datetime({ offset: true, error: 'validation.invalid' }),
)

/** An optional link: empty means none. */
const optionalUrl = /* @__PURE__ */ lazySchema(() => z.union([z.literal(''), url]).optional())

/**
 * The publication rules every content form shares (SPEC §4, §5): a scheduled publication needs its
 * start; a start needs an end; the end comes after the start.
 */
const withDateRules = <
  T extends z.ZodType<{ mode: PublishMode; startDate?: string | undefined; endDate?: string | undefined }>,
>(
  schema: T,
) =>
  schema
    .refine((v) => v.mode !== 'RESERVE' || Boolean(v.startDate), {
      path: ['startDate'],
      error: 'validation.required',
    })
    .refine((v) => !(v.startDate && !v.endDate), { path: ['endDate'], error: 'validation.endRequired' })
    .refine((v) => !(v.startDate && v.endDate && Date.parse(v.endDate) <= Date.parse(v.startDate)), {
      path: ['endDate'],
      error: 'validation.endBeforeStart',
    })

const systemNotiFields = /* @__PURE__ */ lazySchema(() =>
  z.object({
    audiences: z
      .array(z.enum(SYSTEM_NOTI_AUDIENCES, { error: 'validation.option' }), { error: 'validation.required' })
      .min(1, { error: 'validation.required' })
      .max(SYSTEM_NOTI_AUDIENCES.length),
    mode: z.enum(PUBLISH_MODES, { error: 'validation.required' }),
    draft: z.boolean().default(false),
    title: LocalizedTitle,
    content: LocalizedContent,
    contentUrl: optionalUrl,
    startDate: isoInstant.optional(),
    endDate: isoInstant.optional(),
  }),
)

export const CreateSystemNotiBody = /* @__PURE__ */ lazySchema(() => withDateRules(systemNotiFields))
export const UpdateSystemNotiBody = /* @__PURE__ */ lazySchema(() =>
  withDateRules(systemNotiFields.extend({ version: z.number().int().positive() })),
)
export type SystemNotiInput = z.output<typeof CreateSystemNotiBody>

export const ContentListQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    status: z.enum(CONTENT_STATUSES).optional(),
    cursor: z.string().max(2048).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
)

export const FeedQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    cursor: z.string().max(2048).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(10),
  }),
)

/** Mark some notifications read (`noti_ids`), or all of them (`all`: one "read up to" instant). */
export const MarkAsReadBody = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      notiIds: z.array(z.string().min(1).max(64)).max(100).optional(),
      all: z.boolean().optional(),
    })
    .refine((v) => v.all === true || (v.notiIds?.length ?? 0) > 0, {
      path: ['notiIds'],
      error: 'validation.required',
    }),
)

// ---------- latest information (news) and notification delivery ----------

/** Which site language a delivery is shown in; ALL: every language of the site. */
export const DELIVERY_LANGS = ['ALL', 'JP', 'EN', 'CN', 'KR'] as const
export type DeliveryLang = (typeof DELIVERY_LANGS)[number]

/** An uploaded image the server checks before attaching (`…/upload-url`, then the key here). */
const imageFields = /* @__PURE__ */ lazySchema(() => ({
  /** The key handed out by the upload route; null removes the image. */
  imageKey: z.string().max(512).nullable().optional(),
  /** The uploaded file's name (its extension is checked against its bytes). */
  imageFileName: z.string().max(255).optional(),
}))

const noticeFields = /* @__PURE__ */ lazySchema(() =>
  z.object({
    title: requiredText(TITLE_MAX),
    /** The link target (SPEC §3 contentUrl). */
    contentUrl: optionalUrl,
    /** The distribution site (SPEC §3 distributeSiteUrl): the site the notice is about. */
    distributeSiteUrl: optionalUrl,
    content: requiredText(CONTENT_MAX),
    mode: z.enum(PUBLISH_MODES, { error: 'validation.required' }),
    draft: z.boolean().default(false),
    startDate: isoInstant.optional(),
    endDate: isoInstant.optional(),
    ...imageFields,
  }),
)

export const CreateNewsBody = /* @__PURE__ */ lazySchema(() => withDateRules(noticeFields))
export const UpdateNewsBody = /* @__PURE__ */ lazySchema(() =>
  withDateRules(noticeFields.extend({ version: z.number().int().positive() })),
)
export type NoticeInput = z.output<typeof CreateNewsBody>

const deliveryFields = /* @__PURE__ */ lazySchema(() =>
  noticeFields.extend({ lang: z.enum(DELIVERY_LANGS).default('ALL') }),
)
export const CreateDeliveryBody = /* @__PURE__ */ lazySchema(() =>
  withDateRules(deliveryFields.extend({ siteId: z.string().min(1).max(64) })),
)
export const UpdateDeliveryBody = /* @__PURE__ */ lazySchema(() =>
  withDateRules(deliveryFields.extend({ version: z.number().int().positive() })),
)

export const DeliveryListQuery = /* @__PURE__ */ lazySchema(() =>
  ContentListQuery.extend({ siteId: z.string().min(1).max(64) }),
)

/** Images of notices: PNG or JPEG (SPEC §5 upload types), 5 MB. */
export const NOTICE_IMAGE_MAX_BYTES = 5 * 1024 * 1024
export const NoticeImageUploadBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    fileName: z.string().min(1).max(255),
    contentType: z.enum(['image/png', 'image/jpeg'], { error: 'validation.option' }),
    size: z.number().int().positive(),
  }),
)
export const DeliveryImageUploadBody = /* @__PURE__ */ lazySchema(() =>
  NoticeImageUploadBody.extend({ siteId: z.string().min(1).max(64) }),
)

/** The visitor read: the active notices of one published site in one language. */
export const EndUserDeliveryQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    siteId: z.string().min(1).max(64),
    lang: z.enum(['JP', 'EN', 'CN', 'KR']).default('JP'),
  }),
)

/** One notice as a site's visitors see it: no owner, tenant, version or storage key. */
export const VisitorNoticeSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    content: z.string(),
    contentUrl: z.string(),
    publicationDate: z.iso.datetime(),
  }),
)
