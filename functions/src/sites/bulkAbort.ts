import { AbortMultipartUploadCommand } from '@aws-sdk/client-s3'
import { sitesRoutes } from '@swipe/shared/contract/sites'
import { ValidationError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { mediaBucket, s3 } from '#platform/services/s3'
import { jobIdOfBulkKey } from './uploads.ts'

/** Abandons a ZIP upload (the user cancelled): its parts are dropped. Aborting twice is no error. */
export const handler = endpoint(sitesRoutes['sites.bulkAbort'], async ({ actor, body, t }) => {
  const site = await sitesFor(actor).get(body.siteId, 'site:write')
  if (!jobIdOfBulkKey(site.siteId, body.key))
    throw new ValidationError([{ path: 'body.key', code: 'validation.invalid' }])
  try {
    await s3.send(
      new AbortMultipartUploadCommand({ Bucket: mediaBucket, Key: body.key, UploadId: body.uploadId }),
    )
  } catch (error) {
    if ((error as { name?: string }).name !== 'NoSuchUpload') throw error
  }
  return ok({ message: t('zip.aborted') })
})
