import { describe, expect, it } from 'vitest'
import { mockStorage } from '../test/mockUpload.ts'
import { ApiError } from './api.ts'
import { isAbort, putFile, putFilePart } from './files.ts'

const target = {
  uploadUrl: 'https://storage.test/put/a.bin',
  key: 'a.bin',
  headers: { 'Content-Type': 'image/png' },
}
const blob = () => new Blob([new Uint8Array(8)])

describe('uploads to storage', () => {
  it('putFile sends the signed headers, reports progress and resolves with nothing', async () => {
    const { puts } = mockStorage()
    const progress: number[] = []
    await expect(putFile(target, blob(), { onProgress: (p) => progress.push(p) })).resolves.toBeUndefined()
    expect(progress).toEqual([50, 100])
    expect(puts).toEqual([
      {
        method: 'PUT',
        url: target.uploadUrl,
        headers: { 'content-type': 'image/png' },
        body: expect.any(Blob),
      },
    ])
  })

  it('putFilePart resolves with the part ETag that completing a multipart upload needs', async () => {
    mockStorage({ etag: () => '"3858f62230ac3c915f300c664312c11f"' })
    await expect(putFilePart(target, blob())).resolves.toBe('"3858f62230ac3c915f300c664312c11f"')
  })

  it('putFilePart fails when storage hides the ETag (CORS without ExposeHeaders)', async () => {
    mockStorage({ etag: () => null })
    const error = await putFilePart(target, blob()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).code).toBe('upload.failed')
  })

  it('both fail with upload.failed on a refused PUT and with an abort when cancelled', async () => {
    mockStorage({ status: 403 })
    const refused = await putFilePart(target, blob()).catch((e: unknown) => e)
    expect((refused as ApiError).status).toBe(403)
    expect((refused as ApiError).code).toBe('upload.failed')

    const controller = new AbortController()
    const pending = putFile(target, blob(), { signal: controller.signal }).catch((e: unknown) => e)
    controller.abort()
    expect(isAbort(await pending)).toBe(true)
  })
})
