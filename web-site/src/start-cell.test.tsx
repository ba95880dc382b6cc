import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { FIRST_WINDOW_BYTES, fitsFirstWindow } from './first-window.ts'
import { fixtureSite } from './fixture.ts'
import { inlineCandidates, renderSitePages, renderSwipePage } from './render.tsx'
import { NO_SCRIPT_CSS } from './styles.ts'
import { wholePage } from './testing/whole-page.ts'
import type { PublishInput, RenderedFile } from './types.ts'

/** Issue 34 part 5, "message match": a swipe page rendered to open on a given cell (`startCell`). */

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html')
const html = (input: PublishInput, path = 'index.html') => {
  const file = renderSitePages(input).find((f) => f.path === path)
  if (!file) throw new Error(`no ${path}`)
  return String(file.body)
}
const starting = (startCell: string | undefined, change?: (input: PublishInput) => void) => {
  const input = { ...fixtureSite(), ...(startCell === undefined ? {} : { startCell }) }
  change?.(input)
  return input
}
/** The grid's position as the markup sets it: the track's `--r` and each row's `--c`. */
const position = (doc: Document) => ({
  r: doc.querySelector<HTMLElement>('.tr')!.style.getPropertyValue('--r'),
  c: [...doc.querySelectorAll<HTMLElement>('.rw')].map((row) => row.style.getPropertyValue('--c')),
})
/** The frames loaded with the page (eager, high priority), by cell. */
const eager = (doc: Document) =>
  [...doc.querySelectorAll('.c')].filter((c) => c.querySelector('img.m[fetchpriority=high]')).map((c) => c.id)
/** Which arrows show from where the page opens. */
const arrows = (doc: Document) =>
  [...doc.querySelectorAll<HTMLButtonElement>('.ar button')].filter((b) => !b.hidden).map((b) => b.dataset.m)

/** Renditions for a creative key (AVIF, WebP, JPEG at 351 and 702 w), each file in the media map. */
const withRenditions = (input: PublishInput, position: string, avifBytes = 20_000) => {
  const key = input.creatives.find((c) => c.position === position && c.lang === 'JP')!.mediaKey!
  const media = input.media as Record<string, string>
  const images = (['avif', 'webp', 'jpeg'] as const).flatMap((format) =>
    [351, 702].map((width) => ({
      format,
      key: `${position}/${width}.${format}`,
      width,
      bytes: format === 'avif' && width === 702 ? avifBytes : 20_000,
    })),
  )
  for (const image of images) media[image.key] = `media/${image.key}`
  input.renditions = { ...input.renditions, [key]: { images } }
}

describe('a swipe page that opens on its start cell', () => {
  it('is at B2 from the first paint: the position in the markup, B2 loaded first, A1 waiting, data-start', () => {
    const doc = parse(html(starting('B2')))
    // Row 2 of the rows, column 2 of its row; the other rows at their first column.
    expect(position(doc)).toEqual({ r: '1', c: ['', '1', ''] })
    expect(doc.body.dataset.start).toBe('B2')
    expect(eager(doc)).toEqual(['B2'])
    const b2 = doc.querySelector('#B2 img.m')!
    expect(b2.getAttribute('src')).toBe('/media/creative-B2.jpg')
    expect(b2.getAttribute('loading')).toBe('eager')
    const a1 = doc.querySelector<HTMLImageElement>('#A1 img.m')!
    expect(a1.getAttribute('src')).toMatch(/^data:image\/gif;base64,/)
    expect(a1.dataset.src).toBe('/media/creative-A1.jpg')
    expect(a1.hasAttribute('fetchpriority')).toBe(false)
    // The only preload is B2's (React's, for its eager high-priority image).
    expect([...doc.head.querySelectorAll('link[rel=preload]')].map((l) => l.getAttribute('href'))).toEqual([
      '/media/creative-B2.jpg',
    ])
    // From the middle of the 3 × 3 grid every way is open; the arrows and the bottom bar are B2's.
    expect(arrows(doc)).toEqual(['l', 'r', 'u', 'd'])
    expect(doc.querySelector('.ar')?.getAttribute('style')).toBe('--ac:#FFFFFF')
    expect(doc.getElementById('bb')?.className).toBe('bb')
    // The plain page is at A1 with A1's arrows (B1's colour is not A1's) and bottom bar.
    const plain = parse(html(starting(undefined)))
    expect(position(plain)).toEqual({ r: '', c: ['', '', ''] })
    expect(plain.body.hasAttribute('data-start')).toBe(false)
    expect(eager(plain)).toEqual(['A1'])
    expect(arrows(plain)).toEqual(['r', 'd'])
    expect(plain.querySelector('.ar')?.getAttribute('style')).toBe('--ac:#FFFFFF;--fi:1.5s')
  })

  it('starts a video cell with its poster and autoplay, as a first video would', () => {
    const doc = parse(
      html(
        starting('B2', (input) => {
          const b2 = input.creatives.find((c) => c.lang === 'JP' && c.position === 'B2')!
          Object.assign(b2, { mediaType: 'video', mediaKey: 'clip' })
          input.media = { ...input.media, clip: 'media/clip.mp4' }
          input.renditions = { clip: { video: 'clip.web', poster: [{ format: 'jpeg', key: 'clip.poster' }] } }
          input.media = { ...input.media, 'clip.web': 'media/clip.web.mp4', 'clip.poster': 'media/clip.jpg' }
        }),
      ),
    )
    const video = doc.querySelector('#B2 video')!
    expect(video.hasAttribute('autoplay')).toBe(true)
    expect(video.getAttribute('preload')).toBe('auto')
    expect(video.getAttribute('poster')).toBe('/media/clip.jpg')
    expect(eager(doc)).toEqual([])
    expect(doc.querySelector('#A1 img.m')?.hasAttribute('data-src')).toBe(true)
  })

  it('counts only the rows and cells that are shown: B2 without row 1 and A2 is the first row’s first cell', () => {
    const doc = parse(
      html(
        starting('B2', (input) => {
          input.creatives = input.creatives.filter((c) => !/^[A-C]1$|^A2$/.test(c.position))
        }),
      ),
    )
    expect(doc.querySelector('.rw')?.firstElementChild?.id).toBe('B2')
    expect(position(doc)).toEqual({ r: '', c: ['', ''] })
    expect(doc.body.dataset.start).toBe('B2')
    expect(eager(doc)).toEqual(['B2'])
    // Already where the plain page opens: the no-script scrollers need nothing more.
    expect(doc.querySelector('noscript')?.textContent).toBe(NO_SCRIPT_CSS)
  })

  it('gives B2 the first creative’s preload of its renditions, and carries its small AVIF inside instead of A1’s', () => {
    const input = starting('B2')
    withRenditions(input, 'A1', 4_000)
    withRenditions(input, 'B2', 4_000)
    const doc = parse(html(input))
    const preload = doc.head.querySelector('link[rel=preload][as=image]')!
    expect(preload.getAttribute('imagesrcset')).toBe('/media/B2/351.avif 351w, /media/B2/702.avif 702w')
    expect(preload.getAttribute('fetchpriority')).toBe('high')
    expect(doc.querySelector('#A1 picture source')).toBeNull()
    // The publisher reads B2's AVIF for this page, not A1's.
    expect(inlineCandidates(input)).toEqual(['B2/702.avif'])
    expect(inlineCandidates(starting(undefined, (i) => withRenditions(i, 'A1', 4_000)))).toEqual([
      'A1/702.avif',
    ])
    const avif = Buffer.alloc(4_000, 7).toString('base64')
    const carried = html({ ...input, inline: { files: { 'B2/702.avif': avif }, fits: fitsFirstWindow } })
    const inside = parse(carried)
    expect(inside.querySelector('#B2 picture source')?.getAttribute('srcset')).toBe(
      `data:image/avif;base64,${avif} 702w`,
    )
    expect(inside.querySelector('#B2 picture img')?.getAttribute('fetchpriority')).toBe('high')
    expect(inside.head.querySelectorAll('link[rel=preload]')).toHaveLength(0)
    // A1 links its AVIF for the island to load later: one picture travels inside, B2's.
    expect(inside.querySelector<HTMLImageElement>('#A1 img.m')?.dataset.avif).toBe(
      '/media/A1/351.avif 351w, /media/A1/702.avif 702w',
    )
    expect(carried.split('data:image/avif').length).toBe(2)
  })

  it('stays within the first window, as the page from A1 does', () => {
    const plainFiles = renderSitePages(starting(undefined))
    const startFiles = renderSitePages(starting('B2'))
    for (const path of ['index.html', 'en/index.html']) {
      const start = gzipSync(html(starting('B2'), path)).length
      expect(start).toBeLessThanOrEqual(FIRST_WINDOW_BYTES)
      // The start costs its few attributes and no-script rules, nothing more, once every cell is
      // in (served, it carries B2's first screen, five cells to A1's three: docs/decisions/0074).
      const whole = (files: RenderedFile[]) => gzipSync(wholePage(files, path)).length
      expect(whole(startFiles) - whole(plainFiles)).toBeLessThan(120)
    }
  })

  it('keeps the SEO texts, the link preview and everything readable as the page from A1 has them', () => {
    const origin = (input: PublishInput) => {
      input.origin = 'https://lp.example.com'
    }
    // Each as the island leaves it once the cells past its first screen are in (docs/decisions/0074).
    const plain = parse(wholePage(renderSitePages(starting(undefined, origin))))
    const start = parse(wholePage(renderSitePages(starting('B2', origin))))
    const seo = (doc: Document) =>
      [...doc.head.querySelectorAll('title,meta,link[rel=canonical],link[rel=alternate]')].map(
        (e) => e.outerHTML,
      )
    expect(seo(start)).toEqual(seo(plain))
    expect(start.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(
      'https://lp.example.com/media/creative-A1.jpg',
    )
    expect(start.body.textContent).toBe(plain.body.textContent)
    // Cells in the same order, the same links.
    const links = (doc: Document) => [...doc.querySelectorAll('a[href]')].map((a) => a.getAttribute('href'))
    expect(links(start)).toEqual(links(plain))
    expect([...start.querySelectorAll('.c')].map((c) => c.id)).toEqual(
      [...plain.querySelectorAll('.c')].map((c) => c.id),
    )
  })

  it('lets a page without the script open at B2 where the browser can, every cell it carries still in reach', () => {
    const css = parse(html(starting('B2'))).querySelector('noscript')?.textContent
    expect(css).toBe(`${NO_SCRIPT_CSS}.tr,.rw{transform:none}#B2,.rw:has(#B2){scroll-initial-target:nearest}`)
    expect(parse(html(starting(undefined))).querySelector('noscript')?.textContent).toBe(NO_SCRIPT_CSS)
  })

  it('starts each language on its own: a language where the cell is empty opens as without the option', () => {
    const emptyInJapanese = (input: PublishInput) => {
      input.creatives = input.creatives.filter((c) => !(c.lang === 'JP' && c.position === 'B2'))
    }
    expect(html(starting('B2', emptyInJapanese))).toBe(html(starting(undefined, emptyInJapanese)))
    expect(parse(html(starting('B2', emptyInJapanese), 'en/index.html')).body.dataset.start).toBe('B2')
  })

  it.each([
    ['a members-only cell', 'C2'],
    ['a cell outside the grid', 'D1'],
    ['no cell reference', 'B2; x'],
    ['an empty text', ''],
  ])('renders as without the option from %s', (_, startCell) => {
    const plain = renderSitePages(starting(undefined))
    expect(renderSitePages(starting(startCell))).toEqual(plain)
  })

  it('takes a reference in any case', () => {
    expect(html(starting('b2'))).toBe(html(starting('B2')))
  })

  it('changes nothing but the swipe pages, and renders each alone as renderSitePages does', () => {
    const plain = renderSitePages(starting(undefined))
    const start = renderSitePages(starting('B2'))
    expect(start.map((f) => f.path)).toEqual(plain.map((f) => f.path))
    const changed = start.filter((f, i) => f.body !== plain[i]!.body).map((f) => f.path)
    expect(changed).toEqual(['index.html', 'en/index.html'])
    expect(renderSwipePage(starting('B2'), 'EN')).toEqual(start.find((f) => f.path === 'en/index.html'))
    expect(renderSwipePage(starting(undefined), 'JP')).toEqual(plain.find((f) => f.path === 'index.html'))
  })

  it('marks a start at the first creative for the island and is otherwise the page from A1', () => {
    const a1 = html(starting('A1'))
    expect(parse(a1).body.dataset.start).toBe('A1')
    expect(a1.replace(' data-start="A1"', '')).toBe(html(starting(undefined)))
  })
})
