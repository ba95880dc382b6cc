import { describe, expect, it } from 'vitest'
import {
  allowedTypesText,
  contentTypeForExtension,
  GenerateUploadUrlsBody,
  SITE_LOGO_RULE,
  SITE_MEDIA_RULE,
  siteFileProblem,
} from './site-uploads.ts'

const file = (fileName: string, contentType: string, size = 1000) => ({ fileName, contentType, size })

describe('siteFileProblem', () => {
  it('accepts images and videos whose extension and declared type agree', () => {
    for (const [name, type] of [
      ['a.png', 'image/png'],
      ['a.JPG', 'image/jpeg'],
      ['a.jfif', 'image/jpeg'],
      ['a.heic', 'image/heic'],
      ['a.heif', 'image/heif'],
      ['a.mp4', 'video/mp4'],
      ['a.mov', 'video/quicktime'],
      ['a.webm', 'video/webm; codecs=vp9'],
    ])
      expect(siteFileProblem(file(name!, type!), SITE_MEDIA_RULE), name).toBeNull()
    expect(siteFileProblem(file('a.png', 'image/png', 31_457_280), SITE_MEDIA_RULE)).toBeNull()
  })

  it('names the file and the allowed types or the limit', () => {
    const types = 'PNG, JPG, JPEG, JFIF, HEIC, HEIF, MP4, MOV, WEBM'
    expect(siteFileProblem(file('a.gif', 'image/gif'), SITE_MEDIA_RULE)).toEqual({
      code: 'upload.unsupportedTypeAllowed',
      params: { file: 'a.gif', types },
    })
    // The extension and the declared type must name the same kind.
    expect(siteFileProblem(file('a.png', 'image/jpeg'), SITE_MEDIA_RULE)?.code).toBe(
      'upload.unsupportedTypeAllowed',
    )
    expect(siteFileProblem(file('png', 'image/png'), SITE_MEDIA_RULE)?.code).toBe(
      'upload.unsupportedTypeAllowed',
    )
    expect(siteFileProblem(file('a.mp4', 'video/mp4', 31_457_281), SITE_MEDIA_RULE)).toEqual({
      code: 'upload.tooLarge',
      params: { file: 'a.mp4', maxMb: 30 },
    })
    expect(siteFileProblem(file('a.mp4', 'video/mp4'), SITE_LOGO_RULE)).toEqual({
      code: 'upload.unsupportedTypeAllowed',
      params: { file: 'a.mp4', types: allowedTypesText(SITE_LOGO_RULE) },
    })
    expect(siteFileProblem(file('a.png', 'image/png', 5 * 1024 * 1024 + 1), SITE_LOGO_RULE)).toEqual({
      code: 'upload.tooLarge',
      params: { file: 'a.png', maxMb: 5 },
    })
  })

  it('stores each extension with its own content type', () => {
    expect(['png', 'jpg', 'jfif', 'heic', 'heif', 'mp4', 'mov', 'webm'].map(contentTypeForExtension)).toEqual(
      [
        'image/png',
        'image/jpeg',
        'image/jpeg',
        'image/heic',
        'image/heif',
        'video/mp4',
        'video/quicktime',
        'video/webm',
      ],
    )
  })

  it('takes 1 to 20 files per request', () => {
    const one = { fileName: 'a.png', contentType: 'image/png', size: 1 }
    expect(GenerateUploadUrlsBody.safeParse({ siteId: 's', files: [] }).success).toBe(false)
    expect(GenerateUploadUrlsBody.safeParse({ siteId: 's', files: Array(20).fill(one) }).success).toBe(true)
    expect(GenerateUploadUrlsBody.safeParse({ siteId: 's', files: Array(21).fill(one) }).success).toBe(false)
  })
})
