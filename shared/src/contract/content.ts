/** The content context's routes with their schemas (heads in ./routes.ts): issue 20. */
import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import {
  CONTENT_STATUSES,
  ContentListQuery,
  CreateDeliveryBody,
  CreateNewsBody,
  CreateSystemNotiBody,
  DELIVERY_LANGS,
  DeliveryImageUploadBody,
  DeliveryListQuery,
  FeedQuery,
  MarkAsReadBody,
  NoticeImageUploadBody,
  PUBLISH_MODES,
  SYSTEM_NOTI_AUDIENCES,
  UpdateDeliveryBody,
  UpdateNewsBody,
  UpdateSystemNotiBody,
} from '../schemas/content.ts'
import { IdParams, PresignedUpload, ServerMessage, VersionQuery } from './common.ts'
import { defineContext } from './define.ts'
import { noticeRoutesIo } from './notices.ts'

const iso = /* @__PURE__ */ lazySchema(() => z.iso.datetime())
const texts = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ja: z.string(),
    en: z.string().optional(),
    zh: z.string().optional(),
    ko: z.string().optional(),
  }),
)

/** A system notification as staff manage it: every language, the stored rules and the status now. */
export const SystemNotiSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    audiences: z.array(z.enum(SYSTEM_NOTI_AUDIENCES)),
    mode: z.enum(PUBLISH_MODES),
    draft: z.boolean(),
    /** Computed when read from the draft flag and dates (SPEC §4). */
    status: z.enum(CONTENT_STATUSES),
    title: texts,
    content: texts,
    contentUrl: z.string(),
    /** When readers see it: the instant it was published, or the scheduled start; null for a draft. */
    publicationDate: iso.nullable(),
    startDate: iso.nullable(),
    endDate: iso.nullable(),
    createdAt: iso,
    updatedAt: iso,
    version: z.number().int(),
  }),
)

/** One notification in a reader's bell, in the reader's language. */
export const FeedItemSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    content: z.string(),
    contentUrl: z.string(),
    publicationDate: iso,
    read: z.boolean(),
  }),
)

const Feed = /* @__PURE__ */ lazySchema(() =>
  z.object({
    unreadCount: z.number().int().nonnegative(),
    items: z.array(FeedItemSchema),
    nextCursor: z.string().nullable(),
  }),
)

/** Latest information or a notification delivery as its writers manage it, with the status now. */
export const NoticeSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    content: z.string(),
    contentUrl: z.string(),
    distributeSiteUrl: z.string(),
    mode: z.enum(PUBLISH_MODES),
    draft: z.boolean(),
    status: z.enum(CONTENT_STATUSES),
    publicationDate: iso.nullable(),
    startDate: iso.nullable(),
    endDate: iso.nullable(),
    imageKey: z.string().nullable(),
    /** A presigned GET of the image (one hour), or null. */
    imageUrl: z.string().nullable(),
    createdAt: iso,
    updatedAt: iso,
    version: z.number().int(),
  }),
)
export const DeliverySchema = /* @__PURE__ */ lazySchema(() =>
  NoticeSchema.extend({ siteId: z.string(), lang: z.enum(DELIVERY_LANGS) }),
)

/** Latest information as its readers see it on their summary. */
export const NewsItemSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    content: z.string(),
    contentUrl: z.string(),
    distributeSiteUrl: z.string(),
    imageUrl: z.string().nullable(),
    publicationDate: iso,
  }),
)

const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() })

export const contentRoutes = defineContext('content')({
  'content.systemNotiList': () => ({
    summary: 'System notifications, newest first: filter by status (computed now); cursor pages.',
    query: ContentListQuery,
    response: z.object({ items: z.array(SystemNotiSchema), nextCursor: z.string().nullable() }),
  }),
  'content.systemNotiCreate': () => ({
    summary: 'Creates a system notification for receivers by role, published now or at its start.',
    body: CreateSystemNotiBody,
    status: 201,
    response: SystemNotiSchema.extend(ServerMessage.shape),
  }),
  'content.systemNotiShow': () => ({
    summary:
      "The caller's bell: unread count and visible notifications, newest first, in the caller's language (ETag; If-None-Match answers 304).",
    query: FeedQuery,
    response: Feed,
  }),
  'content.systemNotiMarkAsRead': () => ({
    summary: 'Marks notifications read (`noti_ids`) or all of them (`all`, one "read up to" instant).',
    body: MarkAsReadBody,
    response: z.object({ unreadCount: z.number().int().nonnegative() }).extend(ServerMessage.shape),
  }),
  'content.systemNotiGet': () => ({
    summary: 'One system notification with every language.',
    params: IdParams,
    response: SystemNotiSchema,
  }),
  'content.systemNotiUpdate': () => ({
    summary: 'Saves a system notification (optimistic lock on version).',
    params: IdParams,
    body: UpdateSystemNotiBody,
    response: SystemNotiSchema.extend(ServerMessage.shape),
  }),
  'content.systemNotiRemove': () => ({
    summary: 'Deletes a system notification (optimistic lock on version).',
    params: IdParams,
    query: VersionQuery,
    response: ServerMessage,
  }),
  'content.newsList': () => ({
    summary: "Latest information in the caller's scope, newest first: filter by status (computed now).",
    query: ContentListQuery,
    response: page(NoticeSchema),
  }),
  'content.newsCreate': () => ({
    summary:
      "Creates latest information for the accounts in the caller's scope, published now or at its start.",
    body: CreateNewsBody,
    status: 201,
    response: NoticeSchema.extend(ServerMessage.shape),
  }),
  'content.newsShow': () => ({
    summary: 'The latest information the caller reads now (platform and its partner), newest first.',
    response: z.object({ items: z.array(NewsItemSchema) }),
  }),
  'content.newsUploadUrl': () => ({
    summary: 'Presigned upload of an image for latest information (PNG or JPEG, 5 MB).',
    body: NoticeImageUploadBody,
    response: PresignedUpload,
  }),
  'content.newsGet': () => ({
    summary: 'One piece of latest information.',
    params: IdParams,
    response: NoticeSchema,
  }),
  'content.newsUpdate': () => ({
    summary: 'Saves latest information (optimistic lock on version).',
    params: IdParams,
    body: UpdateNewsBody,
    response: NoticeSchema.extend(ServerMessage.shape),
  }),
  'content.newsRemove': () => ({
    summary: 'Deletes latest information (optimistic lock on version).',
    params: IdParams,
    query: VersionQuery,
    response: ServerMessage,
  }),
  'content.deliveryList': () => ({
    summary: "A site's notification deliveries, newest first: filter by status (computed now).",
    query: DeliveryListQuery,
    response: page(DeliverySchema),
  }),
  'content.deliveryCreate': () => ({
    summary: "Creates a notice for a site's visitors, published now or at its start.",
    body: CreateDeliveryBody,
    status: 201,
    response: DeliverySchema.extend(ServerMessage.shape),
  }),
  'content.deliveryUploadUrl': () => ({
    summary: "Presigned upload of an image for a site's notice (PNG or JPEG, 5 MB).",
    body: DeliveryImageUploadBody,
    response: PresignedUpload,
  }),
  'content.deliveryGet': () => ({
    summary: 'One notification delivery.',
    params: IdParams,
    response: DeliverySchema,
  }),
  'content.deliveryUpdate': () => ({
    summary: 'Saves a notification delivery (optimistic lock on version).',
    params: IdParams,
    body: UpdateDeliveryBody,
    response: DeliverySchema.extend(ServerMessage.shape),
  }),
  'content.deliveryRemove': () => ({
    summary: 'Deletes a notification delivery (optimistic lock on version).',
    params: IdParams,
    query: VersionQuery,
    response: ServerMessage,
  }),
  ...noticeRoutesIo,
})
