import { describe, expect, it } from 'vitest'
import { png, pngClaiming } from '../../../../test/support/zip.ts'
import { checkImagePixels, IMAGE_HEAD_BYTES, isCappedImage, pixelParams } from './image-pixels.ts'

/** A baseline JPEG's first bytes: SOI, an APP0 segment of `pad` bytes, then SOF0 with the size. */
const jpegHead = (width: number, height: number, pad = 16) => {
  const app0 = Buffer.alloc(4 + pad)
  app0.writeUInt16BE(0xffe0, 0)
  app0.writeUInt16BE(pad + 2, 2)
  const sof = Buffer.from([
    0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
  ])
  sof.writeUInt16BE(height, 5)
  sof.writeUInt16BE(width, 7)
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof])
}

/** A GIF's header: signature, then the logical screen size. */
const gifHead = (width: number, height: number) => {
  const head = Buffer.alloc(13)
  head.write('GIF89a', 0, 'ascii')
  head.writeUInt16LE(width, 6)
  head.writeUInt16LE(height, 8)
  return head
}

describe('checkImagePixels', () => {
  it('passes images within the cap, with their dimensions', () => {
    expect(checkImagePixels(png(702, 1070))).toEqual({ ok: true, width: 702, height: 1070 })
    expect(checkImagePixels(jpegHead(4032, 3024))).toEqual({ ok: true, width: 4032, height: 3024 })
    expect(checkImagePixels(gifHead(10_000, 5_000))).toEqual({ ok: true, width: 10_000, height: 5_000 })
  })

  it('refuses a small file whose header claims 10 gigapixels', () => {
    const bomb = pngClaiming(100_000, 100_000)
    expect(bomb.length).toBeLessThan(70 * 1024)
    expect(checkImagePixels(bomb)).toEqual({
      ok: false,
      problem: 'tooManyPixels',
      width: 100_000,
      height: 100_000,
    })
  })

  it('refuses a side over 10,000 px and an area over 50 megapixels, at the exact edges', () => {
    expect(checkImagePixels(gifHead(10_001, 10)).ok).toBe(false)
    expect(checkImagePixels(pngClaiming(10_000, 5_000))).toEqual({ ok: true, width: 10_000, height: 5_000 })
    expect(checkImagePixels(pngClaiming(10_000, 5_001))).toEqual({
      ok: false,
      problem: 'tooManyPixels',
      width: 10_000,
      height: 5_001,
    })
  })

  it('finds a JPEG frame header after large metadata within the bytes it reads', () => {
    expect(checkImagePixels(jpegHead(60_000, 60_000, 60_000))).toMatchObject({ ok: false, width: 60_000 })
    expect(IMAGE_HEAD_BYTES).toBeGreaterThanOrEqual(256 * 1024)
  })

  it('calls an image without readable dimensions unreadable', () => {
    expect(checkImagePixels(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toEqual({
      ok: false,
      problem: 'unreadable',
    })
    expect(checkImagePixels(jpegHead(0, 0))).toEqual({ ok: false, problem: 'unreadable' })
  })

  it('caps images only, and names the limits in the message parameters', () => {
    expect(['png', 'jpeg', 'gif', 'webp', 'heic'].every((k) => isCappedImage(k as never))).toBe(true)
    expect(['mp4', 'mov', 'webm', 'zip', 'csv'].some((k) => isCappedImage(k as never))).toBe(false)
    expect(pixelParams('a.png', 100_000, 100_000)).toEqual({
      file: 'a.png',
      width: 100_000,
      height: 100_000,
      maxSide: 10_000,
      maxMegapixels: 50,
    })
  })
})
