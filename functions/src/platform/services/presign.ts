import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { s3 } from './s3.ts'

/*
 * Presigned URLs for the console's uploads and private objects: a module of their own, apart from
 * ./uploads.ts's checks of an upload (which reach the image-size parser), so the functions that only
 * show or accept an object do not carry those (docs/decisions/0073-cold-starts-near-the-floor.md).
 */

/**
 * A presigned PUT for one object; the client must send the same Content-Type and, when a length
 * is given, exactly that many bytes (S3 checks both signed headers; a browser sets Content-Length
 * itself, so only the content type is handed back as a header to send). Valid 10 minutes.
 */
export const presignPut = async (
  bucket: string,
  key: string,
  contentType: string,
  contentLength?: number,
) => {
  const url = await getSignedUrl(
    s3,
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      ContentType: contentType,
      ...(contentLength === undefined ? {} : { ContentLength: contentLength }),
    }),
    // The SDK leaves content-type out of presigned signatures unless told to sign it.
    { expiresIn: 600, signableHeaders: new Set(['content-type']) },
  )
  return { uploadUrl: url, key, headers: { 'content-type': contentType } }
}

/** A presigned GET for showing a private object (a logo), for an hour unless `expiresIn` (seconds) says less. */
export const presignGet = async (bucket: string, key: string, expiresIn = 3600) => {
  return getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn })
}
