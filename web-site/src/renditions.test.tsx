import { describe, expect, it } from 'vitest'
import { SIZES } from './blocks/renditions.ts'
import { showPicture, takeDeferredPicture } from './client/pictures.ts'
import { fixtureSite } from './fixture.ts'
import { publicMediaKeys, renderSitePages } from './render.tsx'
import type { PublishInput, PublishRenditions } from './types.ts'

/** Issue 22: the page offers each creative's web renditions and falls back to the original. */

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html')
const home = (input: PublishInput) => {
  const file = renderSitePages(input).find((f) => f.path === 'index.html')
  return parse(String(file?.body))
}

/** Renditions of a creative key, each file in the media map at `media/r/<name>`. */
const withRenditions = (input: PublishInput, key: string): PublishRenditions => {
  const made: PublishRenditions = {
    images: (['avif', 'webp', 'jpeg'] as const).flatMap((format) =>
      [96, 351, 702].map((width) => ({ format, key: `${key}.${width}.${format}`, width })),
    ),
  }
  const media = input.media as Record<string, string>
  for (const file of made.images ?? []) media[file.key] = `media/r/${file.key.split('/').pop()}`
  input.renditions = { ...input.renditions, [key]: made }
  return made
}

const creativeKey = (input: PublishInput, position: string) =>
  input.creatives.find((c) => c.position === position && c.lang === 'JP')!.mediaKey!

describe('web renditions in the publish render', () => {
  it('gives the first creative a <picture> with AVIF and WebP sources, a JPEG srcset and its preload', () => {
    const input = fixtureSite()
    const key = creativeKey(input, 'A1')
    withRenditions(input, key)
    const doc = home(input)
    const picture = doc.querySelector('#A1 picture')!
    const sources = [...picture.querySelectorAll('source')]
    const set = (format: string) =>
      // The popup CTA's 96 px files are made but never offered to a frame (SMALLEST_FRAME).
      [351, 702].map((w) => `/media/r/${key.split('/').pop()}.${w}.${format} ${w}w`).join(', ')
    expect(sources.map((s) => [s.type, s.getAttribute('srcset'), s.getAttribute('sizes')])).toEqual([
      ['image/avif', set('avif'), 'min(100vw, 66vh)'],
      ['image/webp', set('webp'), 'min(100vw, 66vh)'],
    ])
    const img = picture.querySelector('img')!
    expect(img.getAttribute('src')).toBe(`/media/r/${key.split('/').pop()}.351.jpeg`)
    expect(img.getAttribute('srcset')).toBe(set('jpeg'))
    expect(img.getAttribute('sizes')).toBe('min(100vw, 66vh)')
    expect(img.getAttribute('fetchpriority')).toBe('high')
    expect(img.getAttribute('loading')).toBe('eager')
    expect(img.className).toBe('m')
    // One preload for the first creative: the best format's srcset, typed, before any script.
    const preloads = [...doc.head.querySelectorAll('link[rel=preload][as=image]')]
    expect(preloads).toHaveLength(1)
    expect(preloads[0]!.getAttribute('type')).toBe('image/avif')
    expect(preloads[0]!.getAttribute('imagesrcset')).toBe(set('avif'))
    expect(preloads[0]!.getAttribute('imagesizes')).toBe('min(100vw, 66vh)')
    expect(preloads[0]!.getAttribute('fetchpriority')).toBe('high')
    expect(preloads[0]!.hasAttribute('href')).toBe(false)
  })

  it('keeps every other creative lazy: its files wait in data attributes behind the placeholder, as valid HTML', () => {
    const input = fixtureSite()
    const key = creativeKey(input, 'B1')
    withRenditions(input, key)
    const doc = home(input)
    const picture = doc.querySelector('#B1 picture')!
    // No <source> and no sizes yet: valid HTML has them only with a srcset (the Nu checker).
    expect(picture.querySelectorAll('source')).toHaveLength(0)
    const img = picture.querySelector('img')!
    expect(img.getAttribute('src')).toMatch(/^data:image\/gif;base64,/)
    expect(img.hasAttribute('srcset')).toBe(false)
    expect(img.hasAttribute('sizes')).toBe(false)
    const name = key.split('/').pop()
    const set = (format: string) => [351, 702].map((w) => `/media/r/${name}.${w}.${format} ${w}w`).join(', ')
    expect({ ...img.dataset }).toEqual({
      src: `/media/r/${name}.351.jpeg`,
      srcset: set('jpeg'),
      avif: set('avif'),
      webp: set('webp'),
    })
    // The island shows it as the first creative is rendered: the sources before the image, sizes and all.
    showPicture(img, takeDeferredPicture(img)!, SIZES.frame)
    expect(
      [...picture.querySelectorAll('source')].map((s) => [s.type, s.getAttribute('srcset'), s.sizes]),
    ).toEqual([
      ['image/avif', set('avif'), 'min(100vw, 66vh)'],
      ['image/webp', set('webp'), 'min(100vw, 66vh)'],
    ])
    expect([img.getAttribute('srcset'), img.sizes, img.getAttribute('src'), { ...img.dataset }]).toEqual([
      set('jpeg'),
      'min(100vw, 66vh)',
      `/media/r/${name}.351.jpeg`,
      {},
    ])
    // A1 has no renditions: shown as uploaded, preloaded by its eager <img>.
    expect(doc.querySelector('#A1 picture')).toBeNull()
    expect(doc.querySelector('#A1 img')?.getAttribute('src')).toBe('/media/creative-A1.jpg')
    expect(doc.head.querySelector('link[rel=preload][as=image]')?.getAttribute('href')).toBe(
      '/media/creative-A1.jpg',
    )
  })

  it('falls back to the original when a rendition file is not in the release', () => {
    const input = fixtureSite()
    const key = creativeKey(input, 'A1')
    const made = withRenditions(input, key)
    // The JPEG fallback of one size is missing: no picture at all.
    delete (input.media as Record<string, string>)[
      made.images!.find((i) => i.format === 'jpeg' && i.width === 351)!.key
    ]
    const doc = home(input)
    expect(doc.querySelector('#A1 picture')).toBeNull()
    expect(doc.querySelector('#A1 img')?.getAttribute('src')).toBe('/media/creative-A1.jpg')
  })

  it('plays a video’s web MP4 with its poster as the first paint', () => {
    const input = fixtureSite()
    const creative = input.creatives.find((c) => c.position === 'A1' && c.lang === 'JP')!
    creative.mediaType = 'video'
    const key = creative.mediaKey!
    const media = input.media as Record<string, string>
    media[`${key}.mp4`] = 'media/r/a1.mp4'
    media[`${key}.poster.jpg`] = 'media/r/a1.jpg'
    input.renditions = {
      [key]: { video: `${key}.mp4`, poster: [{ format: 'jpeg', key: `${key}.poster.jpg` }] },
    }
    const video = home(input).querySelector('#A1 video')!
    expect(video.getAttribute('src')).toBe('/media/r/a1.mp4')
    expect(video.getAttribute('poster')).toBe('/media/r/a1.jpg')
    // Without the MP4 in the release: the original, and no poster.
    delete media[`${key}.mp4`]
    const original = home(input).querySelector('#A1 video')!
    expect(original.getAttribute('src')).toBe('/media/creative-A1.jpg')
    expect(original.hasAttribute('poster')).toBe(false)
  })

  it('names the renditions among the keys a release needs', () => {
    const input = fixtureSite()
    const key = creativeKey(input, 'A1')
    const made = withRenditions(input, key)
    const keys = publicMediaKeys(input)
    for (const file of made.images ?? []) expect(keys).toContain(file.key)
    expect(keys).toContain(key)
  })

  it('gives a product card the same <picture>, lazy, sized for the card', () => {
    const input = fixtureSite()
    const key = creativeKey(input, 'A1')
    withRenditions(input, key)
    const card = home(input).querySelector<HTMLTemplateElement>('template#p-A1-0')!.content
    const sizes = '(max-width: 448px) calc(100vw - 48px), 400px'
    expect(
      [...card.querySelectorAll('picture source')].map((s) => [s.type, s.getAttribute('sizes')]),
    ).toEqual([
      ['image/avif', sizes],
      ['image/webp', sizes],
    ])
    const img = card.querySelector('picture img')!
    expect(img.getAttribute('src')).toBe(`/media/r/${key.split('/').pop()}.351.jpeg`)
    expect(img.getAttribute('loading')).toBe('lazy')
  })

  it('gives link previews the first creative’s largest JPEG rendition, else its original', () => {
    const input = fixtureSite()
    input.origin = 'https://6f1c2f8e.sites.example.com/'
    const key = creativeKey(input, 'A1')
    const ogImage = () =>
      home(input).querySelector('meta[property="og:image"]')?.getAttribute('content') ?? null
    // No renditions yet: the file as uploaded.
    expect(ogImage()).toBe('https://6f1c2f8e.sites.example.com/media/creative-A1.jpg')
    const made = withRenditions(input, key)
    expect(ogImage()).toBe(`https://6f1c2f8e.sites.example.com/media/r/${key.split('/').pop()}.702.jpeg`)
    // The largest JPEG not in the release: the next one down.
    const largest = made.images!.find((i) => i.format === 'jpeg' && i.width === 702)!
    delete (input.media as Record<string, string>)[largest.key]
    expect(ogImage()).toBe(`https://6f1c2f8e.sites.example.com/media/r/${key.split('/').pop()}.351.jpeg`)
  })
})
