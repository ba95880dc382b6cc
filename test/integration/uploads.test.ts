import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PutObjectCommand } from '@aws-sdk/client-s3'
import { describe, expect, it } from 'vitest'
import { useStackEnv } from '../support/env.ts'

useStackEnv()
const { s3, mediaBucket } = await import('../../functions/src/platform/services/s3.ts')
const { verifyUpload } = await import('../../functions/src/platform/services/uploads.ts')
const { AppError } = await import('../../functions/src/edge/errors.ts')

const jpeg = readFileSync(
  join(import.meta.dirname, '..', '..', 'infra', 'local', 'seed-assets', 'creative-A1.jpg'),
)
const rule = { kinds: ['png', 'jpeg'] as const, maxBytes: 30 * 1024 * 1024 }

const put = async (body: Buffer | string, contentType: string) => {
  const key = `test/${randomUUID()}`
  await s3.send(new PutObjectCommand({ Bucket: mediaBucket, Key: key, Body: body, ContentType: contentType }))
  return key
}

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  return {
    status: (error as InstanceType<typeof AppError>).status,
    code: (error as InstanceType<typeof AppError>).code,
    params: (error as InstanceType<typeof AppError>).params,
  }
}

describe('verifyUpload against S3', () => {
  it('accepts a real JPEG declared as one', async () => {
    const key = await put(jpeg, 'image/jpeg')
    expect(await verifyUpload(mediaBucket, key, 'photo.jpg', rule)).toEqual({
      key,
      kind: 'jpeg',
      size: jpeg.length,
      contentType: 'image/jpeg',
    })
  })

  it('refuses bytes that do not match the declared type, naming the file', async () => {
    const key = await put('<html><script>alert(1)</script></html>', 'image/png')
    expect(await failure(verifyUpload(mediaBucket, key, 'evil.png', rule))).toEqual({
      status: 400,
      code: 'upload.contentMismatch',
      params: { file: 'evil.png', maxMb: 30 },
    })
  })

  it('refuses a JPEG declared as PNG, an unsupported name, a missing object and an oversize file', async () => {
    const jpegAsPng = await put(jpeg, 'image/png')
    expect((await failure(verifyUpload(mediaBucket, jpegAsPng, 'photo.png', rule))).code).toBe(
      'upload.contentMismatch',
    )
    expect((await failure(verifyUpload(mediaBucket, jpegAsPng, 'photo.exe', rule))).code).toBe(
      'upload.unsupportedType',
    )
    expect((await failure(verifyUpload(mediaBucket, `test/${randomUUID()}`, 'gone.jpg', rule))).code).toBe(
      'upload.missing',
    )
    const small = { ...rule, maxBytes: 1024 }
    const big = await put(jpeg, 'image/jpeg')
    expect(await failure(verifyUpload(mediaBucket, big, 'big.jpg', small))).toEqual({
      status: 400,
      code: 'upload.tooLarge',
      params: { file: 'big.jpg', maxMb: 0 },
    })
  })
})
