import { describe, expect, it } from 'vitest'
import { kindFromFileName, sniffFileKind } from './files.ts'

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)))

describe('sniffFileKind', () => {
  it.each([
    ['png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a])],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['gif', bytes('GIF89a')],
    ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBP')],
    ['webm', bytes([0x1a, 0x45, 0xdf, 0xa3])],
    ['zip', bytes('PK', [3, 4])],
    ['mp4', bytes([0, 0, 0, 0x18], 'ftypisom')],
    ['mov', bytes([0, 0, 0, 0x14], 'ftypqt  ')],
    ['heic', bytes([0, 0, 0, 0x18], 'ftypheic')],
  ])('recognises %s', (kind, head) => {
    expect(sniffFileKind(head)).toBe(kind)
  })

  it('does not recognise text or truncated input', () => {
    expect(sniffFileKind(bytes('<html><script>'))).toBeUndefined()
    expect(sniffFileKind(bytes([0x89], 'PN'))).toBeUndefined()
    expect(sniffFileKind(new Uint8Array())).toBeUndefined()
  })
})

describe('kindFromFileName', () => {
  it.each([
    ['photo.JPG', 'jpeg'],
    ['photo.jfif', 'jpeg'],
    ['clip.mov', 'mov'],
    ['x.heif', 'heic'],
    ['archive.zip', 'zip'],
  ])('%s is %s', (name, kind) => {
    expect(kindFromFileName(name)).toBe(kind)
  })
  it('knows nothing of other extensions', () => {
    expect(kindFromFileName('run.exe')).toBeUndefined()
    expect(kindFromFileName('noextension')).toBeUndefined()
  })
})
