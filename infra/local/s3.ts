import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import S3rver from 's3rver'
import { HOST } from './ports.ts'
import type { Running } from './process.ts'

/** s3rver, path-style; bucket CORS is set by the bootstrap with PutBucketCors, as on AWS. */
export const startS3 = async (port: number, dataDir: string): Promise<Running> => {
  mkdirSync(dataDir, { recursive: true })
  const server = new S3rver({
    port,
    address: HOST,
    directory: dataDir,
    silent: true,
    allowMismatchedSignatures: true,
  })
  addAbortMultipartUpload(server)
  await server.run()
  return {
    name: 's3',
    url: `http://${HOST}:${port}`,
    stop: () => server.close() as Promise<void>,
  }
}

interface KoaContext {
  method: string
  path: string
  query: Record<string, string | string[] | undefined>
  status: number
  body: unknown
  type: string
}

/**
 * s3rver implements CreateMultipartUpload, UploadPart and CompleteMultipartUpload but not
 * AbortMultipartUpload (it answers 405), which the bulk upload calls when the user cancels, and it
 * fails with a 500 when an upload that does not exist (any more) is completed. This answers both
 * as S3 does, in front of s3rver's router: abort 204, or 404 NoSuchUpload for an unknown upload.
 */
const addAbortMultipartUpload = (server: S3rver) => {
  const koa = server as unknown as {
    middleware: Array<(ctx: KoaContext, next: () => Promise<void>) => Promise<void>>
    store: { getResourcePath: (bucket: string, key: undefined, resource: string) => string }
  }
  koa.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId
    if (!['DELETE', 'POST'].includes(ctx.method) || typeof uploadId !== 'string') return next()
    const bucket = decodeURIComponent(ctx.path.split('/')[1] ?? '')
    const dir = /^[0-9a-f]{32}$/.test(uploadId)
      ? join(koa.store.getResourcePath(bucket, undefined, 'uploads'), uploadId)
      : undefined
    if (!dir || !existsSync(dir)) {
      ctx.status = 404
      ctx.type = 'application/xml'
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>'
      return
    }
    if (ctx.method === 'POST') return next()
    rmSync(dir, { recursive: true, force: true })
    ctx.status = 204
  })
}

/** The CORS rules the media bucket gets, locally and (in CDK) on AWS. */
export const mediaCorsXml = (adminOrigin: string) => `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${adminOrigin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`
