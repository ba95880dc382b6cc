import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { fixtureSite } from '../fixture.ts'
import { renderSitePages } from '../render.tsx'
import { startingCell } from './swipe.ts'

/** Issue 34 part 5: the island on a page rendered to open on B2 (`startCell`, `<body data-start>`). */

describe('where the island starts', () => {
  const cells = new Set(['A1', 'B1', 'B2', 'C3'])
  const isCell = (p: string) => cells.has(p)
  it.each([
    ['the link’s ?position= first', { query: 'C3', hash: 'B1', rendered: 'B2', cookie: 'A1' }, 'C3'],
    ['then its #cell', { hash: 'B1', rendered: 'B2', cookie: 'A1', stored: 'A1' }, 'B1'],
    ['then the rendered start, before where the visitor was', { rendered: 'B2', cookie: 'C3' }, 'B2'],
    ['then the cookie', { cookie: 'C3', stored: 'B1' }, 'C3'],
    ['then local storage', { stored: 'B1' }, 'B1'],
    ['skipping what is no cell of the page', { query: 'Z9', hash: 'x', rendered: 'B2' }, 'B2'],
    ['else nothing: the first creative', { query: null, hash: '' }, undefined],
  ])('takes %s', (_, candidates, expected) => {
    expect(startingCell(candidates, isCell)).toBe(expected)
  })
})

describe('the island on a page rendered to open on B2', () => {
  const beacons: string[] = []
  /** The grid's position and the viewport's animation class, each time one of them changed. */
  const changes: string[] = []
  const current = () =>
    [...document.querySelectorAll<HTMLElement>('.c')].filter((c) => !c.inert).map((c) => c.id)
  const grid = () => ({
    r: document.querySelector<HTMLElement>('.tr')!.style.getPropertyValue('--r'),
    c: [...document.querySelectorAll<HTMLElement>('.rw')].map((row) => row.style.getPropertyValue('--c')),
  })

  beforeAll(async () => {
    const now = '2026-11-22T03:00:00.000Z'
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(new Date(now))
    const input = { ...fixtureSite({ now }), analyticsEndpoint: '/beacon', startCell: 'B2' }
    const html = String(renderSitePages(input).find((f) => f.path === 'index.html')!.body)
    const doc = new DOMParser().parseFromString(html, 'text/html')
    document.head.innerHTML = doc.head.innerHTML
    document.body.innerHTML = doc.body.innerHTML
    for (const attribute of doc.body.attributes) document.body.setAttribute(attribute.name, attribute.value)
    // An earlier visit ended on C3: the ad's page still opens on its own creative.
    localStorage.setItem('position_tab', 'C3')
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (_url: string, body: string) => {
        beacons.push(body)
        return true
      },
    })
    new MutationObserver((records) => {
      for (const record of records)
        changes.push(
          (record.target as Element).id === 'sw'
            ? `class ${(record.target as Element).className}`
            : `${(record.target as HTMLElement).className} ${(record.target as HTMLElement).getAttribute('style')}`,
        )
    }).observe(document.getElementById('sw')!, {
      subtree: true,
      attributes: true,
      attributeFilter: ['style', 'class'],
    })
    // As painted, before the island: already at B2.
    expect(grid()).toEqual({ r: '1', c: ['', '1', ''] })
    await import('./main.ts')
    await vi.waitFor(() => expect(current()).toEqual(['B2']))
    await vi.waitFor(() => expect(document.getElementById('sw')!.classList.contains('an')).toBe(true))
  })

  afterAll(() => {
    Reflect.deleteProperty(navigator, 'sendBeacon')
    localStorage.removeItem('position_tab')
  })

  it('starts at B2 without moving the grid, and animates only afterwards', () => {
    expect(current()).toEqual(['B2'])
    expect(grid()).toEqual({ r: '1', c: ['', '1', ''] })
    // Nothing in the grid changed as the island started: only the transitions went on.
    expect(changes).toEqual(['class an'])
  })

  it('reports the view at B2, with no swipe and no new remembered position', () => {
    const events = beacons.flatMap((b) => JSON.parse(b) as { event: string; position: string }[])
    expect(events.filter((e) => e.event === 'view')).toMatchObject([{ event: 'view', position: 'B2' }])
    expect(events.filter((e) => e.event === 'swipe')).toEqual([])
    expect(document.cookie).not.toContain('position_tab')
  })

  it('shows the arrows and status of B2: every way open, nothing announced', () => {
    const shown = [...document.querySelectorAll<HTMLButtonElement>('.ar button')]
      .filter((b) => !b.hidden)
      .map((b) => b.dataset.m)
    expect(shown).toEqual(['l', 'r', 'u', 'd'])
    expect(document.getElementById('st')!.textContent).toBe('')
  })

  it('moves on from B2 as from any cell (and a move is seen where the start was not)', async () => {
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }))
    expect(current()).toEqual(['A3'])
    await Promise.resolve()
    expect(changes).toEqual(['class an', 'tr --r: 2;', 'rw --c: 0;'])
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true }))
    expect(current()).toEqual(['B2'])
  })
})
