import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { api } from './api.ts'
import { mp4, png } from './zip.ts'

/** Small real files of each kind the site builder takes. */
export const samples = {
  png: () => png(16, 16),
  jpeg: () =>
    readFileSync(join(import.meta.dirname, '..', '..', 'infra', 'local', 'seed-assets', 'creative-A1.jpg')),
  mp4: () => mp4(),
}

/** PUTs bytes to a presigned URL with the headers it was signed with, as the console does. */
export const putTo = (target: { upload_url: string; headers: Record<string, string> }, bytes: Buffer) =>
  fetch(target.upload_url, { method: 'PUT', headers: target.headers, body: bytes })

/**
 * Uploads one file through the API exactly as the console does: generate-urls (or
 * generate-logo-url with a purpose), a PUT to the presigned URL, confirm-upload.
 */
export const uploadThroughApi = async (
  http: ReturnType<typeof api>,
  token: string,
  siteId: string,
  file: { fileName: string; contentType: string; bytes: Buffer; purpose?: 'logo' | 'favicon' },
): Promise<{ key: string; media_type: 'image' | 'video'; url: string }> => {
  const request = { file_name: file.fileName, content_type: file.contentType, size: file.bytes.length }
  const issued = file.purpose
    ? await http.post(
        '/site/generate-logo-url',
        { site_id: siteId, purpose: file.purpose, ...request },
        { token },
      )
    : await http.post('/site/generate-urls', { site_id: siteId, files: [request] }, { token })
  expect(issued.status, JSON.stringify(issued.body)).toBe(200)
  const target = file.purpose ? issued.body : issued.body.uploads[0]
  const put = await putTo(target, file.bytes)
  expect(put.status).toBe(200)
  const confirmed = await http.post(
    '/site/confirm-upload',
    { site_id: siteId, key: target.key, file_name: file.fileName },
    { token },
  )
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
  return confirmed.body
}

/**
 * Records confirmed uploads straight through the entity, for tests that need attachable keys but
 * not their bytes. Requires the stack env (useStackEnv).
 */
export const confirmedKeys = async (siteId: string, exts: readonly string[]): Promise<string[]> => {
  const { SiteUploads } = await import('../../functions/src/data/site-uploads.ts')
  const keys = exts.map((ext) => `sites/${siteId}/uploads/${randomUUID()}.${ext}`)
  await SiteUploads.put(
    keys.map((key, i) => {
      const ext = exts[i]!
      const video = ['mp4', 'mov', 'webm'].includes(ext)
      return {
        siteId,
        key,
        fileName: `test.${ext}`,
        kind: ext === 'jpg' ? 'jpeg' : ext,
        mediaType: video ? ('video' as const) : ('image' as const),
        size: 1,
        contentType: video ? `video/${ext}` : `image/${ext === 'jpg' ? 'jpeg' : ext}`,
      }
    }),
  ).go()
  return keys
}

/**
 * Puts a small real file of each key's kind at the key in the media bucket, so keys recorded by
 * `confirmedKeys` can also be published (the publisher copies the bytes). Requires the stack env.
 */
export const storeMedia = async (keys: readonly string[]): Promise<void> => {
  const { PutObjectCommand } = await import('@aws-sdk/client-s3')
  const { s3, mediaBucket } = await import('../../functions/src/platform/services/s3.ts')
  for (const key of keys) {
    const ext = key.split('.').pop() ?? ''
    const [body, type] =
      ext === 'png'
        ? [samples.png(), 'image/png']
        : ext === 'mp4'
          ? [samples.mp4(), 'video/mp4']
          : [samples.jpeg(), 'image/jpeg']
    await s3.send(new PutObjectCommand({ Bucket: mediaBucket, Key: key, Body: body, ContentType: type }))
  }
}

/**
 * Waits for an upload's renditions job to leave `processing` and returns its record (ready or
 * failed). Requires the stack env.
 */
export const settledRenditions = async (siteId: string, key: string) => {
  const { MediaRenditions } = await import('../../functions/src/data/media-renditions.ts')
  for (let attempt = 0; attempt < 600; attempt++) {
    const record = (await MediaRenditions.get({ siteId, key }).go({ consistent: true })).data
    if (record && record.state !== 'processing') return record
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`The renditions of ${key} never settled`)
}
