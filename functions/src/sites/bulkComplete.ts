import { CompleteMultipartUploadCommand } from '@aws-sdk/client-s3'
import { sitesRoutes } from '@swipe/shared/contract/sites'
import { BulkJobs } from '#data/site-uploads'
import { BadRequestError, ConflictError, ValidationError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { adminOf, sitesFor } from '#edge/tenancy'
import { runJob } from '#platform/services/jobs'
import { logger } from '#platform/services/logger'
import { mediaBucket, s3 } from '#platform/services/s3'
import { JOB_TTL_SECONDS } from './bulk-limits.ts'
import { jobIdOfBulkKey } from './uploads.ts'

/**
 * Completes a ZIP upload and starts placing its files (SPEC §7 bulk-upload/complete). Reading a
 * 1 GB ZIP does not fit API Gateway's 30 s, so this records a job and answers 202 `{ jobId }`;
 * the console polls GET /site/bulk-upload/{jobId}. A version that is already stale is refused here
 * (409, the upload stays completable after a reload); one that goes stale while the job runs
 * fails the job. Completing the same upload again answers the same job.
 */
export const handler = endpoint(sitesRoutes['sites.bulkComplete'], async ({ actor, body }) => {
  const account = adminOf(actor)
  const site = await sitesFor(actor).get(body.siteId, 'site:write')
  const jobId = jobIdOfBulkKey(site.siteId, body.key)
  if (!jobId) throw new ValidationError([{ path: 'body.key', code: 'validation.invalid' }])
  const existing = (await BulkJobs.get({ jobId }).go()).data
  if (existing) {
    if (existing.siteId !== site.siteId)
      throw new ValidationError([{ path: 'body.key', code: 'validation.invalid' }])
    return ok({ jobId }, 202)
  }
  if (!site.languages.includes(body.lang))
    throw new ValidationError([{ path: 'body.lang', code: 'validation.invalid' }])
  if (body.version !== site.version) throw new ConflictError()

  try {
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: mediaBucket,
        Key: body.key,
        UploadId: body.uploadId,
        MultipartUpload: {
          Parts: [...body.parts]
            .sort((a, b) => a.partNumber - b.partNumber)
            .map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })),
        },
      }),
    )
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
    if (status && status >= 400 && status < 500) {
      logger.warn('Bulk upload could not be completed', { error: (error as Error).name })
      throw new BadRequestError('zip.uploadFailed')
    }
    throw error
  }

  try {
    await BulkJobs.create({
      jobId,
      siteId: site.siteId,
      accountId: account.accountId,
      zipKey: body.key,
      lang: body.lang,
      version: body.version,
      expiresAt: Math.floor(Date.now() / 1000) + JOB_TTL_SECONDS,
    }).go()
  } catch (error) {
    // A concurrent complete of the same upload made the job first: answer it.
    if ((await BulkJobs.get({ jobId }).go()).data) return ok({ jobId }, 202)
    throw error
  }
  try {
    await runJob({ context: 'sites', type: 'bulkUpload', id: jobId })
  } catch (error) {
    await BulkJobs.patch({ jobId }).set({ status: 'failed', code: 'error.internal', params: {} }).go()
    throw error
  }
  return ok({ jobId }, 202)
})
