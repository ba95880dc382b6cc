import { SITE_LOGO_RULE, siteFileProblem } from '@swipe/shared'
import { sitesRoutes } from '@swipe/shared/contract/sites'
import { BadRequestError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { presignPut } from '#platform/services/presign'
import { mediaBucket } from '#platform/services/s3'
import { newUploadKey } from './uploads.ts'

/**
 * A presigned PUT for the site's logo or favicon: images only, 5 MB. Its key names the purpose, so
 * POST /site/confirm-upload applies the same rule to the stored bytes.
 */
export const handler = endpoint(sitesRoutes['sites.logoUrl'], async ({ actor, body }) => {
  const site = await sitesFor(actor).get(body.siteId, 'site:write')
  const problem = siteFileProblem(body, SITE_LOGO_RULE)
  if (problem) throw new BadRequestError(problem.code, problem.params)
  return ok({
    fileName: body.fileName,
    ...(await presignPut(
      mediaBucket,
      newUploadKey(site.siteId, body.fileName, body.purpose),
      body.contentType.split(';')[0]!.trim().toLowerCase(),
      body.size,
    )),
  })
})
