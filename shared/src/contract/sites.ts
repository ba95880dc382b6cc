/** The sites context's routes with their schemas (heads in ./routes.ts). */
import * as z from 'zod'
import { SITE_STATUSES } from '../accounts.ts'
import { lazySchema } from '../lazy-schema.ts'
import { INTERNAL_LINK_TARGETS } from '../schemas/site.ts'
import {
  CreateSiteBody,
  ExportSitesQuery,
  ListSitesQuery,
  SiteStatusBody,
  UpdateSiteBody,
} from '../schemas/site-builder.ts'
import {
  BULK_JOB_STATUSES,
  BULK_REPORT_STATUSES,
  BulkAbortBody,
  BulkCompleteBody,
  BulkJobParams,
  BulkStartBody,
  ConfirmUploadBody,
  GenerateLogoUrlBody,
  GenerateUploadUrlsBody,
} from '../schemas/site-uploads.ts'
import { SITE_LANGUAGES, SiteViewSchema } from '../site/model.ts'
import { approvalRoutesIo } from './approvals.ts'
import { IdParams, PlanFeaturesSchema, PresignedUpload, ServerMessage, VersionQuery } from './common.ts'
import { defineContext } from './define.ts'
import { experimentRoutesIo } from './experiments.ts'
import { mediaRoutesIo } from './media.ts'
import { scheduleRoutesIo } from './schedule.ts'
import { VersionLockBody, VersionParams, versionRoutesIo } from './versions.ts'

const isoOrNull = /* @__PURE__ */ lazySchema(() => z.iso.datetime().nullable())

/** A link to a form that is off in the link's language (`site/form-links.ts`). */
const DisabledFormLinkSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    code: z.literal('site.linkToDisabledForm'),
    lang: z.enum(SITE_LANGUAGES),
    place: z.enum(['creative', 'product', 'point', 'cta']),
    position: z.string().optional(),
    index: z.number().int().optional(),
    target: z.enum(INTERNAL_LINK_TARGETS),
    form: z.enum(['contact', 'homepage', 'membership']),
  }),
)
const mediaType = /* @__PURE__ */ lazySchema(() => z.enum(['image', 'video']))

/** The plan a site is built under: its limits and feature switches (SPEC §3 Plan). */
export const SitePlanSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    /** Creatives per site (rows × columns). */
    quantitySwipe: z.number().int(),
    /** Sites per account. */
    quantitySite: z.number().int(),
    features: PlanFeaturesSchema,
  }),
)

/** A storage key the site references and a URL to show it (presigned GET, one hour). */
export const SiteMediaSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ key: z.string(), url: z.string() }),
)

/**
 * The site as the editor loads it (GET /site/{id}): the model's view, the owner's plan and a
 * display URL for every stored file the site references (favicon, logo, creatives, products, CTAs).
 */
export const SiteDetailSchema = /* @__PURE__ */ lazySchema(() =>
  SiteViewSchema.extend({
    plan: SitePlanSchema,
    media: z.array(SiteMediaSchema),
  }),
)

/** A row of the site list. */
export const SiteSummarySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    /** The public address ('' while the stage has no sites origin). */
    url: z.string(),
    status: z.enum(SITE_STATUSES),
    ownerId: z.string(),
    /** The owning account's company name (its email when it has none); null when it is gone. */
    ownerName: z.string().nullable(),
    numberHorizontal: z.number().int(),
    numberVertical: z.number().int(),
    languages: z.array(z.enum(SITE_LANGUAGES)),
    createdAt: isoOrNull,
    publishedAt: isoOrNull,
    /** A scheduled publish and unpublish (issue 33 part 6), when there are. */
    scheduledPublishAt: isoOrNull,
    scheduledUnpublishAt: isoOrNull,
    version: z.number().int(),
  }),
)

/** A presigned upload of one file, with the name it was asked for. */
const SiteUploadSchema = /* @__PURE__ */ lazySchema(() => PresignedUpload.extend({ fileName: z.string() }))

/** One entry of a ZIP placement's report, its message in the caller's language. */
export const BulkReportEntrySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** The entry's name inside the ZIP (cut to 120 characters). */
    name: z.string(),
    status: z.enum(BULK_REPORT_STATUSES),
    position: z.string().optional(),
    mediaType: mediaType.optional(),
    code: z.string().optional(),
    message: z.string().optional(),
  }),
)

export const sitesRoutes = defineContext('sites')({
  'sites.list': () => ({
    summary: "Sites in the caller's scope, newest first: filter by name, status, owner; cursor pages.",
    query: ListSitesQuery,
    response: z.object({ items: z.array(SiteSummarySchema), nextCursor: z.string().nullable() }),
  }),
  'sites.create': () => ({
    summary: "Creates a draft site (name, grid, languages) owned by the caller's account.",
    body: CreateSiteBody,
    status: 201,
    response: SiteDetailSchema.extend(ServerMessage.shape),
  }),
  'sites.export': () => ({
    summary: 'CSV of the site list (UTF-8 BOM, formula cells neutralised).',
    query: ExportSitesQuery,
    responseType: 'csv',
  }),
  'sites.limits': () => ({
    summary: "The plan the caller's sites are built under (limits, features) and the sites used.",
    response: z.object({ plan: SitePlanSchema, sitesUsed: z.number().int().nonnegative() }),
  }),
  'sites.get': () => ({
    summary: 'The whole site: global setting, menus, creatives, other settings, version.',
    params: IdParams,
    response: SiteDetailSchema,
  }),
  'sites.update': () => ({
    summary: 'Saves the editor (one transaction, optimistic lock on version; grid change clears creatives).',
    params: IdParams,
    body: UpdateSiteBody,
    response: SiteDetailSchema.extend(ServerMessage.shape),
  }),
  'sites.remove': () => ({
    summary: 'Deletes a site and all its items (optimistic lock on version).',
    params: IdParams,
    query: VersionQuery,
    response: ServerMessage,
  }),
  'sites.status': () => ({
    summary: 'Save draft, publish as public or as private: records status and published date.',
    params: IdParams,
    body: SiteStatusBody,
    // The plan is not read again: the editor keeps the one it loaded.
    response: SiteDetailSchema.omit({ plan: true })
      .extend(ServerMessage.shape)
      .extend({
        /**
         * Links to forms that are off in their language, found when publishing (public or private):
         * the site is published, the visitor sees 「現在ご利用いただけません」 (
         * docs/decisions/0020-form-links-and-bottom-bar-defaults.md). Empty for a draft.
         */
        warnings: z.array(DisabledFormLinkSchema),
      }),
  }),
  'sites.uploadUrls': () => ({
    summary: 'Presigned uploads for 1–20 creative, product or CTA files (images and videos, 30 MB).',
    body: GenerateUploadUrlsBody,
    response: z.object({ uploads: z.array(SiteUploadSchema) }),
  }),
  'sites.logoUrl': () => ({
    summary: "Presigned upload of the site's logo or favicon (images, 5 MB).",
    body: GenerateLogoUrlBody,
    response: SiteUploadSchema,
  }),
  'sites.confirmUpload': () => ({
    summary: 'Checks an uploaded file (size, type, first bytes) and records it as attachable to the site.',
    body: ConfirmUploadBody,
    /** The confirmed key to attach, and a URL to show the file (one hour). */
    response: z.object({ key: z.string(), mediaType, url: z.string() }),
  }),
  'sites.bulkStart': () => ({
    summary: 'Starts a multipart upload of a ZIP of creatives (1 GB) and presigns its parts.',
    body: BulkStartBody,
    response: z.object({
      uploadId: z.string(),
      key: z.string(),
      /** Bytes per part; the last part holds the rest. */
      partSize: z.number().int().positive(),
      parts: z.array(z.object({ partNumber: z.number().int().positive(), uploadUrl: z.string() })),
    }),
  }),
  'sites.bulkComplete': () => ({
    summary: 'Completes the ZIP upload and starts placing its files in the creatives (202, a job to poll).',
    body: BulkCompleteBody,
    status: 202,
    response: z.object({ jobId: z.string() }),
  }),
  'sites.bulkAbort': () => ({
    summary: 'Abandons a ZIP upload that was started.',
    body: BulkAbortBody,
    response: ServerMessage,
  }),
  'sites.bulkStatus': () => ({
    summary: 'Progress and per-file report of a ZIP placement; the site once it is done.',
    params: BulkJobParams,
    /**
     * `done` carries the site after the placement (as GET /site/{id} answers it); `refused` placed
     * nothing; `failed` names why (`code` `error.conflict` when another change was saved first).
     */
    response: z.object({
      jobId: z.string(),
      status: z.enum(BULK_JOB_STATUSES),
      processed: z.number().int().nonnegative(),
      total: z.number().int().nonnegative(),
      report: z.array(BulkReportEntrySchema),
      code: z.string().optional(),
      message: z.string().optional(),
      site: SiteDetailSchema.optional(),
    }),
  }),
  // Media renditions (issue 22): ./media.ts
  ...mediaRoutesIo,
  // Version history and rollback (issue 33): ./versions.ts
  ...versionRoutesIo,
  // Scheduled publishing (issue 33 part 6): ./schedule.ts
  ...scheduleRoutesIo,
  // Pre-publish checklist and approvals (issue 33 parts 4 and 5): ./approvals.ts
  ...approvalRoutesIo,
  // Experiments (issue 34): ./experiments.ts
  ...experimentRoutesIo,
  'sites.restoreVersion': () => ({
    summary:
      "Replaces the draft with a version's content (a save: optimistic lock, validation and plan limits as for PUT /site/{id}); the live site is unchanged.",
    summaryJa:
      '下書きをバージョンの内容に置き換えます（保存と同じく楽観ロック・検証・プランの上限あり）。公開中のサイトは変わりません。',
    params: VersionParams,
    body: VersionLockBody,
    response: SiteDetailSchema.extend(ServerMessage.shape),
  }),
})
