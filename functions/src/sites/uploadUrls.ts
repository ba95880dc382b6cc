import { SITE_MEDIA_RULE, siteFileProblem } from '@swipe/shared'
import { sitesRoutes } from '@swipe/shared/contract/sites'
import { type FieldIssue, ValidationError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { presignPut } from '#platform/services/presign'
import { mediaBucket } from '#platform/services/s3'
import { newUploadKey } from './uploads.ts'

/**
 * Presigned PUTs for creative, product and CTA files (SPEC §7 generate-urls). Every file is checked
 * first (extension and declared type name the same allowed kind, 30 MB); one bad file refuses the
 * request, with an issue per file. The URL signs the declared type and size. Nothing may be
 * attached until POST /site/confirm-upload has checked the stored bytes.
 */
export const handler = endpoint(sitesRoutes['sites.uploadUrls'], async ({ actor, body }) => {
  const site = await sitesFor(actor).get(body.siteId, 'site:write')
  const issues: FieldIssue[] = []
  body.files.forEach((file, index) => {
    const problem = siteFileProblem(file, SITE_MEDIA_RULE)
    if (problem) issues.push({ path: `body.files.${index}`, ...problem })
  })
  if (issues.length) throw new ValidationError(issues)
  const uploads = await Promise.all(
    body.files.map(async (file) => ({
      fileName: file.fileName,
      ...(await presignPut(
        mediaBucket,
        newUploadKey(site.siteId, file.fileName),
        file.contentType.split(';')[0]!.trim().toLowerCase(),
        file.size,
      )),
    })),
  )
  return ok({ uploads })
})
