import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { FIRST_WINDOW_BYTES, fitsFirstWindow } from './first-window.ts'
import { fixtureSite } from './fixture.ts'
import { INLINE_MAX_BYTES } from './inline.ts'
import { inlineCandidates, renderSitePages } from './render.tsx'
import { noise } from './testing/noise.ts'
import type { PublishInput } from './types.ts'

/** Issue 22: the first creative's small AVIF travels inside the page when the page still fits. */

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html')
const page = (input: PublishInput, path = 'index.html') =>
  String(renderSitePages(input).find((f) => f.path === path)?.body)

/** Gives the JP and EN A1 creatives renditions (AVIF of `avifBytes` at 702 w); returns A1's key. */
const withRenditions = (input: PublishInput, avifBytes: number) => {
  const key = input.creatives.find((c) => c.position === 'A1' && c.lang === 'JP')!.mediaKey!
  const media = input.media as Record<string, string>
  const images = (['avif', 'webp', 'jpeg'] as const).flatMap((format) =>
    [96, 351, 702].map((width) => ({
      format,
      key: `r/${width}.${format}`,
      width,
      bytes: format === 'avif' && width === 702 ? avifBytes : 20_000,
    })),
  )
  for (const image of images) media[image.key] = `media/${image.key}`
  input.renditions = { [key]: { images } }
  return key
}

/** The publisher's `inline`: the files base64, and its gzip measure. */
const carrying = (files: Record<string, Uint8Array>) => ({
  files: Object.fromEntries(
    Object.entries(files).map(([key, bytes]) => [key, Buffer.from(bytes).toString('base64')]),
  ),
  fits: fitsFirstWindow,
})

describe('the first creative inside the page', () => {
  it('names the largest AVIF of the first creative as the only candidate, when it is small', () => {
    const input = fixtureSite()
    withRenditions(input, 6_000)
    expect(inlineCandidates(input)).toEqual(['r/702.avif'])
    withRenditions(input, INLINE_MAX_BYTES + 1)
    expect(inlineCandidates(input)).toEqual([])
    // No renditions (the original is shown): nothing to inline.
    expect(inlineCandidates(fixtureSite())).toEqual([])
  })

  it('carries the AVIF as a data: URL in the first <source>, without the preload, and keeps the rest as they were', () => {
    const input = fixtureSite()
    // The fixture page is ~7 KB gzipped: a 4 KB AVIF fits beside it.
    withRenditions(input, 4_000)
    const bytes = noise(4_000)
    const html = page({ ...input, inline: carrying({ 'r/702.avif': bytes }) })
    const doc = parse(html)
    const sources = [...doc.querySelectorAll('#A1 picture source')]
    expect(sources.map((s) => [s.getAttribute('type'), s.getAttribute('srcset')])).toEqual([
      ['image/avif', `data:image/avif;base64,${Buffer.from(bytes).toString('base64')} 702w`],
      ['image/webp', '/media/r/351.webp 351w, /media/r/702.webp 702w'],
    ])
    // Browsers without AVIF fetch the JPEG as before, eagerly and first.
    const img = doc.querySelector('#A1 picture img')!
    expect(img.getAttribute('srcset')).toBe('/media/r/351.jpeg 351w, /media/r/702.jpeg 702w')
    expect(img.getAttribute('fetchpriority')).toBe('high')
    // The AVIF has arrived: no preload would fetch it again.
    expect(doc.head.querySelectorAll('link[rel=preload]')).toHaveLength(0)
    expect(gzipSync(html).length).toBeLessThanOrEqual(FIRST_WINDOW_BYTES)
    // The English page shows the same creative first: it carries the same file.
    const en = parse(page({ ...input, inline: carrying({ 'r/702.avif': bytes }) }, 'en/index.html'))
    expect(en.querySelector('#A1 picture source')?.getAttribute('srcset')).toMatch(
      /^data:image\/avif;base64,.* 702w$/,
    )
    expect(en.head.querySelectorAll('link[rel=preload]')).toHaveLength(0)
  })

  it('links the AVIF and preloads it as before when the page would no longer fit the first window', () => {
    const input = fixtureSite()
    withRenditions(input, INLINE_MAX_BYTES)
    // An AVIF near the limit on a page with a long description: together over the window.
    const settings = input.settings.map((s) =>
      s.lang === 'JP'
        ? { ...s, seo: { ...s.seo, description: Buffer.from(noise(3_000)).toString('hex') } }
        : s,
    )
    const html = page({ ...input, settings, inline: carrying({ 'r/702.avif': noise(INLINE_MAX_BYTES) }) })
    const doc = parse(html)
    expect(html).not.toContain('data:image/avif')
    expect(doc.querySelector('#A1 picture source')?.getAttribute('srcset')).toBe(
      '/media/r/351.avif 351w, /media/r/702.avif 702w',
    )
    expect(doc.head.querySelector('link[rel=preload][as=image]')?.getAttribute('type')).toBe('image/avif')
  })

  it('links the AVIF when the publisher could not read it', () => {
    const input = fixtureSite()
    withRenditions(input, 6_000)
    const html = page({ ...input, inline: carrying({}) })
    expect(html).not.toContain('data:image/avif')
    expect(parse(html).head.querySelectorAll('link[rel=preload][as=image]')).toHaveLength(1)
  })
})
