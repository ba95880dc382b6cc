import { ApiError } from '../../../lib/api.ts'
import { fileProblem, type PutFileOptions, putFile } from '../../../lib/files.ts'
import { type ConfirmedUpload, sitesApi } from '../api.ts'

/** What the builder takes (SPEC §7 generate-urls): images and videos up to 30 MB (SPEC §9). */
export const SITE_MEDIA_MAX_BYTES = 31_457_280
export const SITE_IMAGE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'jfif', 'heic', 'heif'] as const
export const SITE_VIDEO_EXTENSIONS = ['mp4', 'mov', 'webm'] as const
/** Logo and favicon: images only, 5 MB (docs/decisions/0016-site-uploads.md). */
export const SITE_LOGO_MAX_BYTES = 5 * 1024 * 1024

export const MEDIA_RULE = {
  extensions: [...SITE_IMAGE_EXTENSIONS, ...SITE_VIDEO_EXTENSIONS],
  maxBytes: SITE_MEDIA_MAX_BYTES,
}
export const IMAGE_RULE = { extensions: [...SITE_IMAGE_EXTENSIONS], maxBytes: SITE_MEDIA_MAX_BYTES }
export const LOGO_RULE = { extensions: [...SITE_IMAGE_EXTENSIONS], maxBytes: SITE_LOGO_MAX_BYTES }

/** The declared type of a file: the browser's, else one guessed from the extension. */
export const contentTypeOf = (file: File): string => {
  if (file.type) return file.type
  const ext = file.name.split('.').pop()?.toLowerCase() ?? ''
  const known: Record<string, string> = {
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    jfif: 'image/jpeg',
    heic: 'image/heic',
    heif: 'image/heif',
    mp4: 'video/mp4',
    mov: 'video/quicktime',
    webm: 'video/webm',
  }
  return known[ext] ?? 'application/octet-stream'
}

export interface UploadOneOptions extends PutFileOptions {
  /** Logo or favicon (generate-logo-url); otherwise a creative, product or CTA file (generate-urls). */
  purpose?: 'logo' | 'favicon'
}

/**
 * Uploads one file of a site: checks it here (type, size), asks the API for a presigned URL, PUTs
 * the bytes with progress, then has the server confirm it (size, declared type, first bytes).
 * Only a confirmed key may be attached to the site. Rejects with an ApiError whose message names
 * the file and the problem.
 */
export const uploadSiteFile = async (
  siteId: string,
  file: File,
  options: UploadOneOptions = {},
): Promise<ConfirmedUpload> => {
  const rule = options.purpose ? LOGO_RULE : MEDIA_RULE
  const problem = fileProblem(file, rule)
  if (problem) throw new ApiError(problem, 400, 'upload.refused')
  const request = { fileName: file.name, contentType: contentTypeOf(file), size: file.size }
  const target = options.purpose
    ? await sitesApi.logoUrl(siteId, options.purpose, request, options.signal)
    : (await sitesApi.uploadUrls(siteId, [request], options.signal)).uploads[0]
  if (!target) throw new ApiError('No upload URL', 500, 'error.internal')
  await putFile(target, file, options)
  return sitesApi.confirmUpload(siteId, target.key, file.name, options.signal)
}
