import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { FIRST_WINDOW_BYTES, fitsFirstWindow } from './first-window.ts'
import { fixtureSite, realisticSite } from './fixture.ts'
import { inlineCandidates, renderSitePages, renderSwipePage } from './render.tsx'
import { noise } from './testing/noise.ts'
import { wholePage } from './testing/whole-page.ts'
import type { PublishInput, RenderedFile } from './types.ts'

/**
 * Issue 35 item 2 (docs/decisions/0074-first-screen-first.md): a swipe page carries its first
 * screen's cells whole and every other cell as an empty slide of the same size; the language's
 * cells file holds every cell's markup for the island to fill them in after the first paint. So
 * the page, with its first creative inside, fits TCP's first window whatever the grid's size.
 */

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html')
const fileAt = (files: readonly RenderedFile[], path: string) => {
  const file = files.find((f) => f.path === path)
  if (!file) throw new Error(`no ${path} in ${files.map((f) => f.path).join(', ')}`)
  return String(file.body)
}
/** The cells file a page names (`data-cells`), parsed. */
const cellsOf = (files: readonly RenderedFile[], page: Document): Record<string, string> => {
  const url = page.body.dataset.cells
  if (!url) throw new Error('the page names no cells file')
  return JSON.parse(fileAt(files, url.replace(/^\//, '')))
}

/** The publisher's `inline` for `input`: each candidate AVIF as bytes of its size, and its measure. */
const publishing = (input: PublishInput): PublishInput => {
  const sizes = new Map(
    Object.values(input.renditions ?? {}).flatMap((r) => (r.images ?? []).map((i) => [i.key, i.bytes ?? 0])),
  )
  const files = Object.fromEntries(
    inlineCandidates(input).map((key) => [key, Buffer.from(noise(sizes.get(key)!)).toString('base64')]),
  )
  return { ...input, inline: { files, fits: fitsFirstWindow } }
}

const LANGUAGE_PAGES = ['index.html', 'en/index.html', 'cn/index.html', 'kr/index.html']
const gzipped = (html: string) => gzipSync(html).length

describe('the first screen first', () => {
  it('a realistic 10 × 10 site in four languages would not fit whole: the fixture the rule is for', () => {
    // Every cell whole (the console's preview renders the page so): what a page weighed before.
    const input = realisticSite()
    const files = renderSitePages(input)
    const html = fileAt(files, 'index.html')
    const cells = cellsOf(files, parse(html))
    const whole = wholePage(files)
    expect(whole.length - html.length).toBeGreaterThan(50_000)
    expect(Object.keys(cells)).toHaveLength(100)
    expect(gzipped(whole)).toBeGreaterThan(FIRST_WINDOW_BYTES)
  })

  it('fits the first window with its first creative inside, for every grid size from 1 × 1 to 10 × 10', () => {
    const over: string[] = []
    const notInline: string[] = []
    const check = (label: string, html: string) => {
      if (gzipped(html) > FIRST_WINDOW_BYTES) over.push(`${label}: ${gzipped(html)} B`)
      const first = parse(html).querySelector('#A1 source[type="image/avif"]')
      if (!first?.getAttribute('srcset')?.startsWith('data:image/avif;base64,')) notInline.push(label)
    }
    // Every size in the default language (its page is the largest: the language links, the
    // forms' names), every language at the corners and the middle.
    for (let rows = 1; rows <= 10; rows++)
      for (let columns = 1; columns <= 10; columns++)
        check(
          `${rows} × ${columns}`,
          String(renderSwipePage(publishing(realisticSite({ rows, columns })), 'JP').body),
        )
    for (const [rows, columns] of [
      [1, 1],
      [1, 10],
      [10, 1],
      [5, 5],
      [10, 10],
    ] as const) {
      const files = renderSitePages(publishing(realisticSite({ rows, columns })))
      for (const path of LANGUAGE_PAGES) check(`${rows} × ${columns} ${path}`, fileAt(files, path))
    }
    expect(over).toEqual([])
    expect(notInline).toEqual([])
  }, 120_000)

  it('fits on a start page far in the grid too (an ad’s own creative first), sharing the page’s cells file', () => {
    const input = realisticSite()
    const files = renderSitePages(publishing(input))
    const start = publishing({ ...input, startCell: 'J10' })
    for (const lang of ['JP', 'EN', 'CN', 'KR'] as const) {
      const page = renderSwipePage(start, lang)
      const html = String(page.body)
      expect(gzipped(html)).toBeLessThanOrEqual(FIRST_WINDOW_BYTES)
      const doc = parse(html)
      expect(doc.querySelector('#J10 source[type="image/avif"]')?.getAttribute('srcset')).toMatch(
        /^data:image\/avif;base64,/,
      )
      // J10, its left neighbour, and the first cells of the rows above (there is none below).
      expect([...doc.querySelectorAll('.c:not(:empty)')].map((c) => c.id)).toEqual(['A9', 'I10', 'J10'])
      // The opening cell alone is rendered at once; the others skip their rendering off the screen.
      expect([...doc.querySelectorAll('.c.o')].map((c) => c.id)).toEqual(['J10'])
      const plain = parse(fileAt(files, page.path))
      expect(doc.body.dataset.cells).toBe(plain.body.dataset.cells)
    }
  })

  it('carries the first screen whole and every other cell as an empty slide with its attributes but the label', () => {
    const input = realisticSite()
    const files = renderSitePages(input)
    const doc = parse(fileAt(files, 'index.html'))
    const slides = [...doc.querySelectorAll<HTMLElement>('.c')]
    expect(slides).toHaveLength(100)
    // A1, the cell to its right and the one below: where a first move lands.
    expect(slides.filter((c) => c.childElementCount).map((c) => c.id)).toEqual(['A1', 'B1', 'A2'])
    expect(slides.filter((c) => c.classList.contains('o')).map((c) => c.id)).toEqual(['A1'])
    const j10 = doc.getElementById('J10')!
    expect(j10.childNodes).toHaveLength(0)
    expect(Object.fromEntries([...j10.attributes].map((a) => [a.name, a.value]))).toEqual({
      class: 'c',
      id: 'J10',
      role: 'group',
      'aria-roledescription': 'slide',
      'data-o': '100',
      'data-sns': '',
    })
    // The page's product cards are its whole cells' (A1's); the others travel with their cells.
    expect([...doc.querySelectorAll('body > template[id^="p-"]')].map((t) => t.id)).toEqual(['p-A1-0'])
    // The title, description, h1 and the first cell's texts stay in the page for search engines.
    const jp = input.creatives.find((c) => c.lang === 'JP' && c.position === 'A1')!
    expect(doc.title).toBe(input.settings.find((s) => s.lang === 'JP')!.seo!.title)
    expect(doc.querySelector('#A1 .tx')?.textContent).toBe(jp.mainText)
    expect(doc.querySelector('#A1 img.m')?.getAttribute('alt')).toBe(jp.imageAlt)
  })

  it('puts every cell in its language’s cells file, as the page would carry it, products included', () => {
    const input = realisticSite()
    const files = renderSitePages(input)
    for (const [path, lang] of [
      ['index.html', 'JP'],
      ['kr/index.html', 'KR'],
    ] as const) {
      const doc = parse(fileAt(files, path))
      const cells = cellsOf(files, doc)
      expect(Object.keys(cells)).toHaveLength(100)
      // The whole cells of the page are in the file as the page has them (but A1: the page's first
      // image is loaded at once, the file's waits like every other).
      expect(fileAt(files, path)).toContain(`>${cells.B1}</div>`)
      const j10 = input.creatives.find((c) => c.lang === lang && c.position === 'J10')!
      const filled = parse(`<div>${cells.J10}</div>`).body.firstElementChild!
      expect(filled.querySelector('.tx')?.textContent).toBe(j10.mainText)
      expect(filled.querySelector('img.m')?.getAttribute('alt')).toBe(j10.imageAlt)
      expect(filled.querySelector('img.m')?.hasAttribute('data-avif')).toBe(true)
      expect(filled.querySelector('template#p-J10-0')).not.toBeNull()
      expect(filled.querySelector('a.bt')?.getAttribute('href')).toBe(j10.linkDestinationUrl)
    }
    // One file per language, served for a year under its content's hash.
    const data = files.filter((f) => f.path.startsWith('data/cells.'))
    expect(data.map((f) => f.path.replace(/\.[0-9a-z]+\.json$/, ''))).toEqual([
      'data/cells.ja',
      'data/cells.en',
      'data/cells.cn',
      'data/cells.kr',
    ])
    expect(new Set(data.map((f) => f.cacheControl))).toEqual(new Set(['public, max-age=31536000, immutable']))
  })

  it('keeps a members-only creative locked: its media and texts are in neither the page nor the cells file', () => {
    const input = realisticSite()
    for (const creative of input.creatives)
      if (creative.position === 'J10' || creative.position === 'B1') creative.membersOnlyLock = true
    const locked = input.creatives.filter((c) => c.membersOnlyLock)
    // Their media under names of their own, to look for.
    const media = input.media as Record<string, string>
    for (const c of locked) {
      media[c.mediaKey!] = `media/secret-${c.position}.jpg`
      for (const image of input.renditions?.[c.mediaKey!]?.images ?? [])
        media[image.key] = `media/secret-${c.position}-${image.width}.${image.format}`
    }
    // Its own words: the alt text (which names the cell), the links (random paths), and the
    // main text's lines and product descriptions long enough not to recur by chance.
    const secrets = [
      'media/secret-',
      ...locked.flatMap((c) => [
        c.imageAlt!,
        c.linkDestinationUrl!,
        ...(c.imageLinkPoints ?? []).map((p) => p.linkUrl!),
        ...[...c.mainText!.split('\n'), ...(c.products ?? []).map((p) => p.description!)].filter(
          (text) => text.length >= 40,
        ),
      ]),
    ]
    expect(secrets.length).toBeGreaterThan(12)
    const files = renderSitePages(input)
    const text = files.map((f) => String(f.body)).join('\n')
    expect(secrets.filter((secret) => text.includes(secret))).toEqual([])
    const doc = parse(fileAt(files, 'index.html'))
    const cells = cellsOf(files, doc)
    // B1 is whole in the page, J10 comes from the file: both the lock, alike.
    expect(doc.querySelector('#B1 .lk')).not.toBeNull()
    expect(cells.J10).toBe(cells.B1)
    expect(parse(`<div>${cells.J10}</div>`).querySelector('.lk img, .lk video, .st')).toBeNull()
  })

  it('leaves no cell out of a grid its first screen covers, and names no cells file there', () => {
    const files = renderSitePages(fixtureSite({ rows: 1, columns: 2 }))
    const doc = parse(fileAt(files, 'index.html'))
    expect(doc.body.hasAttribute('data-cells')).toBe(false)
    expect([...doc.querySelectorAll('.c')].every((c) => c.childElementCount > 0)).toBe(true)
    expect(files.some((f) => f.path.startsWith('data/cells.'))).toBe(false)
  })

  it('hides the empty slides without the script, so native scrolling reaches the cells the page carries', () => {
    const doc = parse(fileAt(renderSitePages(realisticSite()), 'index.html'))
    expect(doc.querySelector('noscript')?.textContent).toContain(
      '.ar,.ctas,.c:empty{display:none}.rw:not(:has(>.c:not(:empty))){display:none}',
    )
  })
})
