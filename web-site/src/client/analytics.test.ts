import { describe, expect, it, vi } from 'vitest'
import {
  batches,
  clampDwell,
  createDwell,
  createQueue,
  FLUSH_MS,
  leavesPage,
  MAX_BYTES,
  MAX_DWELL_MS,
  MAX_EVENTS,
} from './analytics.ts'

const event = (i: number, extra: Record<string, unknown> = {}) => ({
  site: 'demo-site',
  lang: 'ja',
  event: 'swipe',
  position: 'A1',
  from: 'A1',
  to: 'B1',
  n: i,
  ...extra,
})

describe('analytics batches', () => {
  it('sends nothing for no events, and one JSON array for a few', () => {
    expect(batches([])).toEqual([])
    const [body, ...rest] = batches([event(0), event(1)])
    expect(rest).toEqual([])
    expect(JSON.parse(body!)).toEqual([event(0), event(1)])
  })

  it('splits at 50 events a request, keeping the order', () => {
    const bodies = batches(Array.from({ length: 120 }, (_, i) => event(i)))
    const sent = bodies.map((b) => JSON.parse(b) as { n: number }[])
    expect(sent.map((b) => b.length)).toEqual([MAX_EVENTS, MAX_EVENTS, 20])
    expect(sent.flat().map((e) => e.n)).toEqual(Array.from({ length: 120 }, (_, i) => i))
  })

  it('splits at 16 KB a request, counting bytes, not characters', () => {
    // About 1 KB each in UTF-8 (three bytes a character), 40 of them: over 16 KB in all.
    const events = Array.from({ length: 40 }, (_, i) => event(i, { note: 'あ'.repeat(330) }))
    const bodies = batches(events)
    expect(bodies.length).toBeGreaterThan(2)
    for (const body of bodies) expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(MAX_BYTES)
    expect(bodies.flatMap((b) => JSON.parse(b) as { n: number }[]).map((e) => e.n)).toHaveLength(40)
  })

  it('fills a request up to the byte limit exactly', () => {
    const one = JSON.stringify(event(0)).length
    // Room for exactly three events: brackets, three events and two commas.
    const limit = 2 + 3 * one + 2
    expect(
      batches([event(0), event(1), event(2), event(3)], 50, limit).map((b) => JSON.parse(b).length),
    ).toEqual([3, 1])
    expect(batches([event(0), event(1), event(2)], 50, limit - 1).map((b) => JSON.parse(b).length)).toEqual([
      2, 1,
    ])
  })

  it('drops an event too large for any request, not the others', () => {
    const bodies = batches([event(0), event(1, { note: 'x'.repeat(MAX_BYTES) }), event(2)])
    expect(bodies.flatMap((b) => JSON.parse(b) as { n: number }[]).map((e) => e.n)).toEqual([0, 2])
  })
})

describe('the analytics queue', () => {
  it('waits for more events, then sends them in one request', () => {
    vi.useFakeTimers()
    const sent: string[] = []
    const queue = createQueue((body) => sent.push(body))
    queue.push(event(0))
    vi.advanceTimersByTime(FLUSH_MS - 1)
    queue.push(event(1))
    expect(sent).toEqual([])
    vi.advanceTimersByTime(1)
    expect(sent.map((b) => JSON.parse(b).length)).toEqual([2])
    expect(queue.size()).toBe(0)
    // The next event starts a new wait.
    queue.push(event(2))
    vi.advanceTimersByTime(FLUSH_MS)
    expect(sent).toHaveLength(2)
  })

  it('sends at once when a request is full, or when flushed; an empty flush sends nothing', () => {
    vi.useFakeTimers()
    const sent: string[] = []
    const queue = createQueue((body) => sent.push(body))
    for (let i = 0; i < MAX_EVENTS; i++) queue.push(event(i))
    expect(sent.map((b) => JSON.parse(b).length)).toEqual([MAX_EVENTS])
    queue.push(event(50))
    queue.flush()
    queue.flush()
    expect(sent.map((b) => JSON.parse(b).length)).toEqual([MAX_EVENTS, 1])
    vi.advanceTimersByTime(FLUSH_MS)
    expect(sent).toHaveLength(2)
  })
})

describe('dwell accounting', () => {
  it('answers the time on the creative left, at each move', () => {
    const dwell = createDwell()
    expect(dwell.enter('A1', 1_000)).toBeUndefined()
    expect(dwell.enter('B1', 3_500)).toEqual({ position: 'A1', durationMs: 2_500 })
    expect(dwell.enter('B2', 3_900)).toEqual({ position: 'B1', durationMs: 400 })
  })

  it('stops while the page is hidden and starts again when it shows', () => {
    const dwell = createDwell()
    dwell.enter('A1', 0)
    expect(dwell.pause(2_000)).toEqual({ position: 'A1', durationMs: 2_000 })
    // Hidden twice (visibilitychange, then pagehide): one dwell only.
    expect(dwell.pause(9_000)).toBeUndefined()
    dwell.resume(60_000)
    dwell.resume(61_000)
    expect(dwell.enter('B1', 61_500)).toEqual({ position: 'A1', durationMs: 1_500 })
  })

  it('does not run for a page opened hidden until it shows', () => {
    const dwell = createDwell()
    dwell.enter('A1', 0, false)
    expect(dwell.pause(5_000)).toBeUndefined()
    dwell.resume(7_000)
    expect(dwell.pause(8_000)).toEqual({ position: 'A1', durationMs: 1_000 })
    expect(createDwell().pause(1)).toBeUndefined()
  })

  it('clamps durations to whole milliseconds within 0 … 30 minutes', () => {
    expect(clampDwell(1234.6)).toBe(1235)
    expect(clampDwell(-5)).toBe(0)
    expect(clampDwell(MAX_DWELL_MS + 1)).toBe(MAX_DWELL_MS)
    const dwell = createDwell()
    dwell.enter('A1', 0)
    expect(dwell.enter('A2', 3 * 60 * 60_000)?.durationMs).toBe(MAX_DWELL_MS)
    // A clock set back while on the page does not give a negative time.
    expect(dwell.enter('A3', 0)?.durationMs).toBe(0)
  })
})

describe('a click that leaves the page', () => {
  const here = 'https://demo.example.com/ja/?position=B2'
  const plain = {
    button: 0,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
  }
  const link = (href: string, target = '', attributes: string[] = []) => ({
    href,
    target,
    hasAttribute: (name: string) => attributes.includes(name),
  })

  it('is a plain click on a link that opens in this tab: another site, a page of the site, a reload', () => {
    for (const href of ['https://example.com/', 'https://demo.example.com/ja/contact', '/en/', here])
      expect(leavesPage(plain, link(href), here), href).toBe(true)
    expect(leavesPage(plain, link('/ja/contact', '_self'), here)).toBe(true)
    expect(leavesPage(plain, link('/ja/contact', '_top'), here)).toBe(true)
  })

  it('is not a click that stays: cancelled, another button or a modifier, a new tab, a download', () => {
    const contact = link('/ja/contact')
    expect(leavesPage({ ...plain, defaultPrevented: true }, contact, here)).toBe(false)
    expect(leavesPage({ ...plain, button: 1 }, contact, here)).toBe(false)
    for (const key of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'])
      expect(leavesPage({ ...plain, [key]: true }, contact, here), key).toBe(false)
    expect(leavesPage(plain, link('https://example.com/', '_blank'), here)).toBe(false)
    expect(leavesPage(plain, link('/catalogue.pdf', '', ['download']), here)).toBe(false)
    expect(leavesPage(plain, undefined, here)).toBe(false)
    expect(leavesPage(plain, null, here)).toBe(false)
  })

  it('is not a jump within the page, a phone number, a mail address or script', () => {
    expect(leavesPage(plain, link('https://demo.example.com/ja/?position=B2#A3'), here)).toBe(false)
    expect(leavesPage(plain, link('#A3'), here)).toBe(false)
    // Another page's fragment does replace the page.
    expect(leavesPage(plain, link('/en/#A3'), here)).toBe(true)
    for (const href of ['tel:0312345678', 'mailto:info@example.com', 'javascript:void(0)'])
      expect(leavesPage(plain, link(href), here), href).toBe(false)
    expect(leavesPage(plain, link('http://['), here)).toBe(false)
  })
})
