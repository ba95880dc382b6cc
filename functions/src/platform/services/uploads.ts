import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3'
import { type FileKind, kindFromFileName, MIME_BY_KIND, SNIFF_BYTES, sniffFileKind } from '@swipe/shared'
import { BadRequestError } from '../../edge/errors.ts'
import { checkImagePixels, IMAGE_HEAD_BYTES, isCappedImage, pixelParams } from './image-pixels.ts'
import { s3 } from './s3.ts'

export interface UploadRule {
  /** Kinds this upload may be. */
  kinds: readonly FileKind[]
  maxBytes: number
}

export interface VerifiedUpload {
  key: string
  kind: FileKind
  size: number
  contentType: string
}

/**
 * Confirms an object that a client uploaded with a presigned URL before the product attaches it:
 * it exists, its size is within the rule, its file name, declared content type and first bytes all
 * name the same allowed kind, and an image's header claims no more pixels than the cap. Neither
 * s3rver nor a presigned PUT proves any of this. Failures are 400s whose message names the file.
 */
export const verifyUpload = async (
  bucket: string,
  key: string,
  fileName: string,
  rule: UploadRule,
): Promise<VerifiedUpload> => {
  const fail = (
    code: 'upload.unsupportedType' | 'upload.tooLarge' | 'upload.contentMismatch' | 'upload.missing',
  ) => new BadRequestError(code, { file: fileName, maxMb: Math.floor(rule.maxBytes / 1024 / 1024) })

  const byName = kindFromFileName(fileName)
  if (!byName || !rule.kinds.includes(byName)) throw fail('upload.unsupportedType')

  let head: { ContentLength?: number | undefined; ContentType?: string | undefined }
  try {
    head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
  } catch (error) {
    const name = (error as { name?: string }).name
    if (name === 'NotFound' || name === 'NoSuchKey') throw fail('upload.missing')
    throw error
  }
  const size = head.ContentLength ?? 0
  if (size > rule.maxBytes) throw fail('upload.tooLarge')
  if (size === 0) throw fail('upload.contentMismatch')

  const contentType = (head.ContentType ?? '').split(';')[0]!.trim().toLowerCase()
  if (!MIME_BY_KIND[byName].includes(contentType)) throw fail('upload.contentMismatch')

  const headBytes = isCappedImage(byName) ? IMAGE_HEAD_BYTES : SNIFF_BYTES
  const object = await s3.send(
    new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${headBytes - 1}` }),
  )
  const head64 = (await object.Body?.transformToByteArray()) ?? new Uint8Array()
  const sniffed = sniffFileKind(head64)
  // HEIC and MP4 share the ISO container; the brand decides, so a .mov may sniff as mp4 and vice versa.
  const sameContainer = (a: FileKind, b: FileKind) =>
    a === b || (['mp4', 'mov'].includes(a) && ['mp4', 'mov'].includes(b))
  if (!sniffed || !sameContainer(sniffed, byName)) throw fail('upload.contentMismatch')
  if (isCappedImage(byName)) {
    const pixels = checkImagePixels(head64)
    if (!pixels.ok && pixels.problem === 'unreadable') throw fail('upload.contentMismatch')
    if (!pixels.ok && pixels.problem === 'tooManyPixels')
      throw new BadRequestError('upload.tooManyPixels', pixelParams(fileName, pixels.width, pixels.height))
  }

  return { key, kind: byName, size, contentType }
}
