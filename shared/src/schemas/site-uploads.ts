import * as z from 'zod'
import { EXTENSIONS_BY_KIND, type FileKind, kindFromFileName, MIME_BY_KIND } from '../files.ts'
import type { MessageKey } from '../i18n/messages.ts'
import { lazySchema } from '../lazy-schema.ts'
import { SITE_LANGUAGES } from './site-builder.ts'

/**
 * The site builder's uploads (SPEC §5 uploads, §7 generate-urls / generate-logo-url / bulk-upload,
 * §9 sizes): what a creative, product, CTA, logo or favicon file may be, and the request bodies.
 * The handlers check each file after the site's scope check, so another tenant's site id is a 404
 * whatever the files are.
 */

/** Images and videos of creatives, products and CTAs: 30 MB (SPEC §9). */
export const SITE_MEDIA_MAX_BYTES = 31_457_280
/** Logo and favicon: images only, 5 MB (docs/decisions/0016-site-uploads.md). */
export const SITE_LOGO_MAX_BYTES = 5 * 1024 * 1024
/** Bulk upload of creatives: one ZIP of at most 1 GB (SPEC §9). */
export const BULK_ZIP_MAX_BYTES = 1_073_741_824
/** Files per generate-urls request. */
export const MAX_FILES_PER_REQUEST = 20

export const SITE_IMAGE_KINDS = ['png', 'jpeg', 'heic'] as const satisfies readonly FileKind[]
export const SITE_VIDEO_KINDS = ['mp4', 'mov', 'webm'] as const satisfies readonly FileKind[]
export type SiteMediaKind = (typeof SITE_IMAGE_KINDS)[number] | (typeof SITE_VIDEO_KINDS)[number]

/** What one kind of site upload may be. */
export interface SiteFileRule {
  kinds: readonly SiteMediaKind[]
  maxBytes: number
}
export const SITE_MEDIA_RULE: SiteFileRule = {
  kinds: [...SITE_IMAGE_KINDS, ...SITE_VIDEO_KINDS],
  maxBytes: SITE_MEDIA_MAX_BYTES,
}
export const SITE_LOGO_RULE: SiteFileRule = { kinds: SITE_IMAGE_KINDS, maxBytes: SITE_LOGO_MAX_BYTES }

export const mediaTypeOf = (kind: FileKind): 'image' | 'video' =>
  (SITE_VIDEO_KINDS as readonly FileKind[]).includes(kind) ? 'video' : 'image'

/** The extensions a rule accepts, for messages: "PNG, JPEG, JPG, …". */
export const allowedTypesText = (rule: SiteFileRule): string =>
  rule.kinds
    .flatMap((kind) => EXTENSIONS_BY_KIND[kind])
    .map((ext) => ext.toUpperCase())
    .join(', ')

/** The lower-case extension of a file name ('' when it has none). */
export const extensionOf = (fileName: string): string =>
  fileName.includes('.') ? (fileName.split('.').pop() ?? '').toLowerCase() : ''

/** The content type a stored object of this extension is given (the first of its kind's types). */
export const contentTypeForExtension = (ext: string): string | undefined => {
  if (ext === 'heif') return 'image/heif'
  const kind = kindFromFileName(`x.${ext}`)
  return kind ? MIME_BY_KIND[kind][0] : undefined
}

export interface FileProblem {
  code: MessageKey
  params: Record<string, string | number>
}

/**
 * Why a file may not be uploaded under a rule, or null: its extension and its declared content
 * type must name the same allowed kind, and it must be within the size. Messages name the file.
 */
export const siteFileProblem = (
  file: { fileName: string; contentType: string; size: number },
  rule: SiteFileRule,
): FileProblem | null => {
  const kind = kindFromFileName(file.fileName)
  const type = file.contentType.split(';')[0]!.trim().toLowerCase()
  if (
    !kind ||
    !extensionOf(file.fileName) ||
    !(rule.kinds as readonly FileKind[]).includes(kind) ||
    !MIME_BY_KIND[kind].includes(type)
  )
    return {
      code: 'upload.unsupportedTypeAllowed',
      params: { file: file.fileName, types: allowedTypesText(rule) },
    }
  if (file.size > rule.maxBytes)
    return {
      code: 'upload.tooLarge',
      params: { file: file.fileName, maxMb: Math.floor(rule.maxBytes / 1048576) },
    }
  return null
}

const siteId = /* @__PURE__ */ lazySchema(() => z.string().min(1).max(64))
const fileName = /* @__PURE__ */ lazySchema(() => z.string().trim().min(1).max(255))
const storageKey = /* @__PURE__ */ lazySchema(() => z.string().min(1).max(1024))

/** One file to upload: name, declared content type and size in bytes. */
export const UploadFileSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    fileName,
    contentType: z.string().trim().min(1).max(255),
    size: z.number().int().min(1),
  }),
)

/** POST /site/generate-urls: 1–20 creative, product or CTA files of one site. */
export const GenerateUploadUrlsBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    siteId,
    files: z.array(UploadFileSchema).min(1, { error: 'validation.required' }).max(MAX_FILES_PER_REQUEST),
  }),
)

/** POST /site/generate-logo-url: the site's logo or favicon. */
export const GenerateLogoUrlBody = /* @__PURE__ */ lazySchema(() =>
  UploadFileSchema.extend({
    siteId,
    purpose: z.enum(['logo', 'favicon']),
  }),
)

/** POST /site/confirm-upload: the server checks the stored object before it may be attached. */
export const ConfirmUploadBody = /* @__PURE__ */ lazySchema(() =>
  z.object({ siteId, key: storageKey, fileName }),
)

/** POST /site/bulk-upload/start. */
export const BulkStartBody = /* @__PURE__ */ lazySchema(() =>
  z.object({ siteId, fileName, size: z.number().int().min(1) }),
)

/** POST /site/bulk-upload/abort. */
export const BulkAbortBody = /* @__PURE__ */ lazySchema(() =>
  z.object({ siteId, uploadId: z.string().min(1).max(1024), key: storageKey }),
)

/** POST /site/bulk-upload/complete: the parts' ETags, and where the creatives go. */
export const BulkCompleteBody = /* @__PURE__ */ lazySchema(() =>
  BulkAbortBody.extend({
    parts: z
      .array(z.object({ partNumber: z.number().int().min(1).max(10_000), etag: z.string().min(1).max(256) }))
      .min(1)
      .max(10_000),
    lang: z.enum(SITE_LANGUAGES),
    version: z.number().int().positive(),
  }),
)

export const BulkJobParams = /* @__PURE__ */ lazySchema(() => z.object({ jobId: z.string().min(1).max(64) }))

/** Where a ZIP placement is (GET /site/bulk-upload/{jobId}). */
export const BULK_JOB_STATUSES = ['processing', 'done', 'refused', 'failed'] as const
/** What happened to one entry of a ZIP. */
export const BULK_REPORT_STATUSES = ['placed', 'skipped', 'refused'] as const
