import { randomUUID } from 'node:crypto'
import { CreateMultipartUploadCommand, UploadPartCommand } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { BULK_ZIP_MAX_BYTES, extensionOf } from '@swipe/shared'
import { sitesRoutes } from '@swipe/shared/contract/sites'
import { BadRequestError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { mediaBucket, s3 } from '#platform/services/s3'
import { BULK_PART_SIZE } from './bulk-limits.ts'
import { bulkKey } from './uploads.ts'

/** How long the part URLs stay valid: a 1 GB ZIP over a slow line takes a while. */
const PART_URL_SECONDS = 2 * 60 * 60

/**
 * Starts the upload of a ZIP of creatives (SPEC §7 bulk-upload/start): `.zip` only, 1 GB at most.
 * The browser PUTs the parts straight to S3 (each URL signs its part's length) and reads each
 * part's ETag for bulk-upload/complete. The ZIP's own name rides along as object metadata, so the
 * worker's messages can name it.
 */
export const handler = endpoint(sitesRoutes['sites.bulkStart'], async ({ actor, body }) => {
  const site = await sitesFor(actor).get(body.siteId, 'site:write')
  if (extensionOf(body.fileName) !== 'zip') throw new BadRequestError('zip.notZip', { file: body.fileName })
  if (body.size > BULK_ZIP_MAX_BYTES)
    throw new BadRequestError('zip.tooLarge', { file: body.fileName, maxMb: BULK_ZIP_MAX_BYTES / 1048576 })
  const key = bulkKey(site.siteId, randomUUID())
  const created = await s3.send(
    new CreateMultipartUploadCommand({
      Bucket: mediaBucket,
      Key: key,
      ContentType: 'application/zip',
      Metadata: { 'file-name': encodeURIComponent(body.fileName) },
    }),
  )
  const uploadId = created.UploadId
  if (!uploadId) throw new Error('CreateMultipartUpload returned no UploadId')
  const count = Math.ceil(body.size / BULK_PART_SIZE)
  const parts = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const partNumber = index + 1
      const length = Math.min(BULK_PART_SIZE, body.size - index * BULK_PART_SIZE)
      const uploadUrl = await getSignedUrl(
        s3,
        new UploadPartCommand({
          Bucket: mediaBucket,
          Key: key,
          UploadId: uploadId,
          PartNumber: partNumber,
          ContentLength: length,
        }),
        { expiresIn: PART_URL_SECONDS },
      )
      return { partNumber, uploadUrl }
    }),
  )
  return ok({ uploadId, key, partSize: BULK_PART_SIZE, parts })
})
