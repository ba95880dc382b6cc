import { CopyObjectCommand, DeleteObjectCommand } from '@aws-sdk/client-s3'
import { kindFromFileName, mediaTypeOf, SITE_LOGO_RULE, SITE_MEDIA_RULE } from '@swipe/shared'
import { sitesRoutes } from '@swipe/shared/contract/sites'
import { SiteUploads } from '#data/site-uploads'
import { AppError, BadRequestError, ValidationError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { logger } from '#platform/services/logger'
import { presignGet } from '#platform/services/presign'
import { mediaBucket, s3 } from '#platform/services/s3'
import { verifyUpload } from '#platform/services/uploads'
import { requestRenditions } from './renditions.ts'
import { newUploadKey, purposeOfKey } from './uploads.ts'

const remove = (key: string) =>
  s3.send(new DeleteObjectCommand({ Bucket: mediaBucket, Key: key })).catch(() => undefined)

/**
 * Confirms a file uploaded with a presigned URL of this site. The object is first copied to a key
 * no upload URL was ever issued for, and that copy is checked (size, declared type, first bytes
 * against the file name and the rule of its purpose): the bytes that may be attached are exactly
 * the bytes checked, even if the presigned URL is used again. A refused file is deleted. The
 * confirmed key is recorded for the site, and only such keys may be attached (PUT /site/{id}).
 */
export const handler = endpoint(sitesRoutes['sites.confirmUpload'], async ({ actor, body }) => {
  const site = await sitesFor(actor).get(body.siteId, 'site:write')
  const purpose = purposeOfKey(site.siteId, body.key)
  if (!purpose) throw new ValidationError([{ path: 'body.key', code: 'validation.invalid' }])
  const rule = purpose === 'media' ? SITE_MEDIA_RULE : SITE_LOGO_RULE
  const refuse = (code: 'upload.contentMismatch' | 'upload.missing') =>
    new BadRequestError(code, { file: body.fileName, maxMb: Math.floor(rule.maxBytes / 1048576) })

  const key = newUploadKey(site.siteId, body.key, purpose)
  try {
    await s3.send(
      new CopyObjectCommand({
        Bucket: mediaBucket,
        Key: key,
        CopySource: `${mediaBucket}/${body.key.split('/').map(encodeURIComponent).join('/')}`,
      }),
    )
  } catch (error) {
    const name = (error as { name?: string }).name
    if (name === 'NoSuchKey' || name === 'NotFound') throw refuse('upload.missing')
    throw error
  }
  let verified: Awaited<ReturnType<typeof verifyUpload>>
  try {
    // The name the user gave must name the kind the key was issued for.
    if (kindFromFileName(body.fileName) !== kindFromFileName(body.key)) throw refuse('upload.contentMismatch')
    verified = await verifyUpload(mediaBucket, key, body.fileName, rule)
  } catch (error) {
    await remove(key)
    if (error instanceof AppError) await remove(body.key)
    throw error
  }
  await SiteUploads.put({
    siteId: site.siteId,
    key,
    fileName: body.fileName,
    kind: verified.kind,
    mediaType: mediaTypeOf(verified.kind),
    purpose,
    size: verified.size,
    contentType: verified.contentType,
  }).go()
  await remove(body.key)
  // Web renditions are made off the request path (issue 22); until then the original is served.
  await requestRenditions({
    siteId: site.siteId,
    key,
    kind: verified.kind,
    mediaType: mediaTypeOf(verified.kind),
    purpose,
  }).catch((error: unknown) => logger.error('Media renditions not started', { key, error: error as Error }))
  return ok({ key, mediaType: mediaTypeOf(verified.kind), url: await presignGet(mediaBucket, key) })
})
