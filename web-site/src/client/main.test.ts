import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { fixtureSite } from '../fixture.ts'
import { renderSitePages } from '../render.tsx'
import { releaseStep, step } from './swipe.ts'

describe('swipe steps', () => {
  const sizes = [3, 2, 3]
  it('moves within the grid, remembering each row’s column', () => {
    const start = { row: 0, columns: [0, 0, 0] }
    const right = step(start, sizes, 'x', 1)
    expect(right).toEqual({ row: 0, columns: [1, 0, 0] })
    const down = step(right, sizes, 'y', 1)
    expect(down).toEqual({ row: 1, columns: [1, 0, 0] })
    expect(step(down, sizes, 'y', -1)).toEqual({ row: 0, columns: [1, 0, 0] })
  })

  it('stops at the edges, or wraps when asked (auto-advance)', () => {
    expect(step({ row: 0, columns: [0, 0, 0] }, sizes, 'x', -1)).toEqual({ row: 0, columns: [0, 0, 0] })
    expect(step({ row: 2, columns: [0, 0, 0] }, sizes, 'y', 1).row).toBe(2)
    expect(step({ row: 0, columns: [2, 0, 0] }, sizes, 'x', 1, true).columns[0]).toBe(0)
  })

  it.each([
    ['a short slow drag stays', -30, 400, 500, 0],
    ['a drag past 18% of the viewport turns forward', -80, 400, 800, 1],
    ['a drag the other way turns back', 80, 400, 800, -1],
    ['a quick flick turns even when short', -40, 400, 60, 1],
    ['a tiny fast twitch stays', -10, 400, 5, 0],
  ])('%s', (_, distance, size, ms, expected) => {
    expect(releaseStep(distance, size, ms)).toBe(expected)
  })
})

/** The page as the browser gets it, with the island running on it (jsdom: no layout, no IntersectionObserver). */
describe('the island on a rendered page', () => {
  const cookies: string[] = []
  const beacons: { url: string; body: string }[] = []
  /** The API and company-text requests (the cells file is answered apart, in `released`). */
  const fetched: string[] = []
  /** The release's files the island fetched (the cells file, docs/decisions/0074-first-screen-first.md). */
  const released: string[] = []
  let files: { path: string; body: string }[] = []
  const answer = async (url: string) => {
    const file = files.find((f) => f.path.startsWith('data/cells.') && `/${f.path}` === url)
    if (file) {
      released.push(url)
      return new Response(file.body)
    }
    fetched.push(url)
    return new Response(JSON.stringify({ texts: ['PROFILE', 'CLAUSE', 'TERMS <b>x</b>', 'PRIVACY'] }))
  }
  const observed: Element[] = []
  const plays: string[] = []
  const media = { play: HTMLMediaElement.prototype.play, pause: HTMLMediaElement.prototype.pause }
  let intersect: (entries: Partial<IntersectionObserverEntry>[]) => void = () => {}
  const current = () =>
    [...document.querySelectorAll<HTMLElement>('.c')].filter((c) => !c.inert).map((c) => c.id)
  const key = (k: string) =>
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }))
  const wheel = (deltaX: number, deltaY: number) =>
    document
      .getElementById('A1')!
      .dispatchEvent(new WheelEvent('wheel', { deltaX, deltaY, bubbles: true, cancelable: true }))
  /** Every event sent so far, in order (each beacon is a JSON array). */
  const events = () => beacons.flatMap((b) => JSON.parse(b.body) as Record<string, unknown>[])
  /** Leaves the page and comes back (back-forward cache): what was queued goes out. */
  const leaveAndReturn = () => {
    window.dispatchEvent(new Event('pagehide'))
    window.dispatchEvent(new Event('pageshow'))
  }
  const setHidden = (hidden: boolean) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden })
    document.dispatchEvent(new Event('visibilitychange'))
  }
  const pointer = (type: string, x: number, y: number) => {
    const event = new MouseEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y, button: 0 })
    Object.assign(event, { pointerId: 1, isPrimary: true })
    document.querySelector('.c:not([inert]) .st')!.dispatchEvent(event)
  }

  const now = '2026-11-22T03:00:00.000Z'

  // The shared setup restores real timers and globals after each test: each test fakes its own.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(new Date(now))
    vi.stubGlobal('fetch', answer)
  })

  beforeAll(async () => {
    const input = fixtureSite({ now })
    input.analyticsEndpoint = '/beacon'
    const b2 = input.creatives.find((c) => c.lang === 'JP' && c.position === 'B2')!
    Object.assign(b2, { mediaType: 'video', mediaKey: 'clip' })
    input.media = { ...input.media, clip: 'media/clip.mp4' }
    Object.defineProperty(window, 'IntersectionObserver', {
      configurable: true,
      value: class {
        constructor(callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
          intersect = callback
        }
        observe(element: Element) {
          observed.push(element)
        }
      },
    })
    HTMLMediaElement.prototype.play = async function play() {
      plays.push('play')
    }
    HTMLMediaElement.prototype.pause = function pause() {
      plays.push('pause')
    }
    files = renderSitePages(input).map((f) => ({ path: f.path, body: String(f.body) }))
    const html = files.find((f) => f.path === 'index.html')!.body
    const doc = new DOMParser().parseFromString(html, 'text/html')
    document.documentElement.lang = doc.documentElement.lang
    document.head.innerHTML = doc.head.innerHTML
    document.body.innerHTML = doc.body.innerHTML
    for (const attribute of doc.body.attributes) document.body.setAttribute(attribute.name, attribute.value)
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => cookie.get!.call(document),
      set: (value: string) => {
        cookies.push(value)
        cookie.set!.call(document, value)
      },
    })
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, body: string) => {
        beacons.push({ url, body })
        return true
      },
    })
    vi.setSystemTime(new Date(now))
    vi.stubGlobal('fetch', answer)
    await import('./main.ts')
    // The grid starts after the first paint.
    await vi.waitFor(() => expect(current()).toEqual(['A1']))
    // Then the cells the page left out come in.
    await vi.waitFor(() => expect(document.querySelector('.c:empty')).toBeNull())
  })

  afterAll(() => {
    Reflect.deleteProperty(document, 'cookie')
    Reflect.deleteProperty(navigator, 'sendBeacon')
    Reflect.deleteProperty(document, 'hidden')
    Reflect.deleteProperty(window, 'IntersectionObserver')
    Object.assign(HTMLMediaElement.prototype, media)
  })

  it('fills the cells the page left out from its cells file, once, as the file has them', () => {
    const cells = files.find((f) => f.path.startsWith('data/cells.ja.'))!
    expect(released).toEqual([`/${cells.path}`])
    const markup = JSON.parse(cells.body) as Record<string, string>
    // The page carried A1, B1 and A2; the six others came from the file.
    for (const position of ['C1', 'B2', 'C2', 'A3', 'B3', 'C3']) {
      const expected = document.createElement('div')
      expected.innerHTML = markup[position]!
      expect(document.getElementById(position)!.innerHTML).toBe(expected.innerHTML)
    }
    expect(document.querySelector('#C3 .tx')?.textContent).toBe('スワイプで次のクリエイティブへ')
    expect(document.body.hasAttribute('data-cells')).toBe(false)
  })

  it('starts at A1 with every other creative inert and records a view at once, with the CTA shown', () => {
    expect(current()).toEqual(['A1'])
    // One beacon, sent without waiting: a JSON array of the events so far.
    expect(beacons).toHaveLength(1)
    expect(beacons[0]!.url).toBe('/beacon')
    expect(JSON.parse(beacons[0]!.body)).toEqual([
      { site: 'demo-site', lang: 'ja', event: 'cta', position: 'A1', cta: 0, at: Date.parse(now) },
      { site: 'demo-site', lang: 'ja', event: 'view', position: 'A1', at: Date.parse(now) },
    ])
  })

  it('shows the CTAs whose sheets and dates match, with the countdown', () => {
    const [bottom, top] = [
      document.querySelector<HTMLElement>('[data-cta="0"]')!,
      document.querySelector<HTMLElement>('[data-cta="1"]')!,
    ]
    expect([bottom.hidden, top.hidden]).toEqual([false, true])
    expect(bottom.querySelector('[data-cd]')?.textContent).toBe('残り1時間')
  })

  it('follows CTA links without any network when the page names no API', () => {
    const link = document.querySelector<HTMLAnchorElement>('[data-cta="0"] a')!
    expect(document.body.hasAttribute('data-api')).toBe(false)
    let prevented: boolean | undefined
    const record = (e: Event) => {
      prevented = e.defaultPrevented
      e.preventDefault() // jsdom does not navigate
    }
    window.addEventListener('click', record)
    link.click()
    window.removeEventListener('click', record)
    expect(prevented).toBe(false)
    expect(fetched).toEqual([])
    leaveAndReturn()
    expect(events().filter((e) => e.event === 'click')).toMatchObject([{ target: 'cta', position: 'A1' }])
  })

  it('moves with the arrow keys, keeping position in a cookie and local storage', () => {
    key('ArrowRight')
    expect(current()).toEqual(['B1'])
    expect(document.querySelector<HTMLElement>('.rw')!.style.getPropertyValue('--c')).toBe('1')
    expect(cookies.at(-1)).toBe('position_tab=B1; path=/; samesite=lax')
    expect(localStorage.getItem('position_tab')).toBe('B1')
    expect(document.getElementById('st')!.textContent).toBe('B1 (2)')
    key('ArrowDown')
    expect(current()).toEqual(['A2'])
    expect(document.querySelector<HTMLElement>('.tr')!.style.getPropertyValue('--r')).toBe('1')
    // Batched: nothing goes out until the page is left (or the queue's wait is over).
    const before = beacons.length
    leaveAndReturn()
    expect(beacons).toHaveLength(before + 1)
    expect(
      events()
        .filter((e) => e.event === 'swipe')
        .slice(-2),
    ).toMatchObject([
      { event: 'swipe', from: 'A1', to: 'B1', via: 'key' },
      { event: 'swipe', from: 'B1', to: 'A2', via: 'key' },
    ])
    // The applicant-limit CTA on A2's sheet was shown.
    expect(events().filter((e) => e.event === 'cta')).toMatchObject([
      { cta: 0, position: 'A1' },
      { cta: 1, position: 'A2' },
    ])
    key('ArrowUp')
    expect(current()).toEqual(['B1'])
  })

  it('updates the arrows, the bottom bar and the CTAs for the new creative', () => {
    const arrows = document.querySelector<HTMLElement>('.ar')!
    expect([...arrows.querySelectorAll('button')].filter((b) => !b.hidden).map((b) => b.dataset.m)).toEqual([
      'l',
      'r',
      'd',
    ])
    expect(arrows.style.getPropertyValue('--ac')).toBe('#FFD400')
    expect(arrows.classList.contains('fd')).toBe(false)
    expect(document.getElementById('bb')!.className).toBe('bb no-co')
    key('ArrowDown') // A2: order 4, the applicant-limit CTA's sheet
    expect(document.querySelector<HTMLElement>('[data-cta="1"]')!.hidden).toBe(false)
    expect(document.querySelector<HTMLElement>('[data-cta="0"]')!.hidden).toBe(true)
    key('ArrowUp')
  })

  it('turns one wheel gesture into one step on its main axis', () => {
    expect(current()).toEqual(['B1'])
    for (let i = 0; i < 12; i++) {
      wheel(2, 40)
      vi.advanceTimersByTime(16)
    }
    expect(current()).toEqual(['A2'])
    vi.advanceTimersByTime(300)
    for (let i = 0; i < 5; i++) wheel(-60, 5)
    expect(current()).toEqual(['A2']) // first column: nothing to the left
    vi.advanceTimersByTime(300)
    wheel(0, -100)
    expect(current()).toEqual(['B1'])
    vi.advanceTimersByTime(300)
  })

  it('swipes with a pointer, deciding the axis from the first movement', () => {
    pointer('pointerdown', 200, 300)
    pointer('pointermove', 190, 330) // mostly vertical
    pointer('pointermove', 150, 100)
    pointer('pointerup', 150, 100)
    expect(current()).toEqual(['A2'])
    pointer('pointerdown', 300, 300)
    pointer('pointermove', 280, 302) // horizontal
    pointer('pointermove', 100, 360)
    pointer('pointerup', 100, 360)
    expect(current()).toEqual(['B2'])
    // The click that ends a drag does not follow the link under the finger.
    const link = document.querySelector<HTMLElement>('#B2 .bt')!
    const click = new MouseEvent('click', { bubbles: true, cancelable: true })
    link.dispatchEvent(click)
    expect(click.defaultPrevented).toBe(true)
  })

  it('jumps from the global menu and closes it', () => {
    const menu = document.getElementById('mn') as HTMLDetailsElement
    menu.open = true
    document.querySelector<HTMLElement>('[data-j="A3"]')!.click()
    expect(current()).toEqual(['A3'])
    expect(menu.open).toBe(false)
    expect(document.activeElement?.id).toBe('A3')
  })

  it('advances on its own where slider seconds are set, held while the focus is inside', () => {
    key('ArrowUp')
    key('ArrowDown') // arrive at A3 again: its 4 s start now
    expect(current()).toEqual(['A3'])
    // Focus inside the creatives holds the rotation (WAI-ARIA carousel); it moves on once it leaves.
    expect(document.activeElement?.id).toBe('A3')
    vi.advanceTimersByTime(4100)
    expect(current()).toEqual(['A3'])
    ;(document.activeElement as HTMLElement).blur()
    vi.advanceTimersByTime(4000)
    expect(current()).toEqual(['B3'])
    key('ArrowLeft')
    key('ArrowUp')
    key('ArrowUp')
    expect(current()).toEqual(['B1'])
  })

  it('opens the product card from its hotspot and gives the focus back on close', () => {
    key('ArrowLeft')
    const hotspot = document.querySelector<HTMLElement>('[data-p="A1-0"]')!
    hotspot.focus()
    hotspot.click()
    const dialog = document.getElementById('pd') as HTMLDialogElement
    expect(dialog.open).toBe(true)
    expect(dialog.querySelector('h3')?.textContent).toBe('限定セット')
    dialog.querySelector<HTMLElement>('[data-x]')!.click()
    expect(dialog.open).toBe(false)
    expect(document.activeElement).toBe(hotspot)
  })

  it('opens the company modal on its tab, loads the texts as text, and returns the focus', async () => {
    const opener = document.querySelector<HTMLElement>('[data-tab="2"]')!
    opener.focus()
    opener.click()
    await vi.waitFor(() => expect(fetched).toHaveLength(1))
    const dialog = document.getElementById('co') as HTMLDialogElement
    expect(dialog.open).toBe(true)
    expect(fetched[0]).toMatch(/^\/data\/company\.ja\.[0-9a-f]{12}\.json$/)
    await vi.waitFor(() => expect(document.getElementById('co-p2')!.textContent).toBe('TERMS <b>x</b>'))
    expect(document.getElementById('co-p2')!.hidden).toBe(false)
    expect(document.getElementById('co-p0')!.hidden).toBe(true)
    expect(document.activeElement?.id).toBe('co-t2')
    // Arrow keys move between tabs.
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }))
    expect(document.activeElement?.id).toBe('co-t3')
    expect(document.getElementById('co-p3')!.hidden).toBe(false)
    // Tab from the last control wraps to the first.
    const controls = [...dialog.querySelectorAll<HTMLElement>('button,a[href],[tabindex="0"]')]
    controls.at(-1)!.focus()
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true })
    controls.at(-1)!.dispatchEvent(tab)
    dialog.querySelector<HTMLElement>('[data-x]')!.click()
    expect(dialog.open).toBe(false)
    expect(document.activeElement).toBe(opener)
  })

  it('keeps a language choice in local storage too (the boot script writes the cookie: boot.test.ts)', () => {
    const link = document.querySelector<HTMLAnchorElement>('[data-l="en"]')!
    link.addEventListener('click', (e) => e.preventDefault()) // jsdom does not navigate
    const written = cookies.length
    link.click()
    expect(localStorage.getItem('lang')).toBe('en')
    expect(cookies.slice(written).filter((c) => c.startsWith('lang='))).toEqual([])
  })

  it('plays a video only while it is visible, and lets the visitor pause it', () => {
    const video = document.querySelector<HTMLVideoElement>('#B2 video')!
    expect(video.getAttribute('preload')).toBe('none')
    expect(video.autoplay).toBe(false)
    expect(observed).toContain(video)
    const see = (visible: boolean) =>
      intersect([{ target: video, isIntersecting: visible, intersectionRatio: visible ? 1 : 0 }])
    see(true)
    expect(plays).toEqual(['play'])
    see(false)
    expect(plays).toEqual(['play', 'pause'])
    see(true)
    const button = document.querySelector<HTMLElement>('#B2 [data-v]')!
    button.click()
    expect(button.getAttribute('aria-pressed')).toBe('true')
    expect(plays.at(-1)).toBe('pause')
    see(true)
    expect(plays.at(-1)).toBe('pause')
    button.click()
    expect(plays.at(-1)).toBe('play')
  })

  it('measures the time on each creative while the page is visible, and sends it when hidden', () => {
    leaveAndReturn()
    const start = events().length
    const dwells = () =>
      events()
        .slice(start)
        .filter((e) => e.event === 'dwell')
    const at = current()[0]!
    vi.advanceTimersByTime(2_000)
    key('ArrowDown')
    const next = current()[0]!
    expect(next).not.toBe(at)
    vi.advanceTimersByTime(1_500)
    setHidden(true)
    // Hiding the page sends the queue with the dwell so far.
    expect(dwells()).toMatchObject([
      { position: at, durationMs: 2_000 },
      { position: next, durationMs: 1_500 },
    ])
    vi.advanceTimersByTime(60_000) // hidden: not attention
    setHidden(false)
    vi.advanceTimersByTime(700)
    window.dispatchEvent(new Event('pagehide'))
    expect(dwells().at(-1)).toMatchObject({ position: next, durationMs: 700 })
    expect(dwells()).toHaveLength(3)
    window.dispatchEvent(new Event('pageshow'))
  })

  it('sends the queue and the dwell as a same-tab link is followed, and nothing again as the page unloads', () => {
    // jsdom does not navigate: this listener comes after the island's, which saw an uncancelled click.
    const stay = (e: Event) => e.preventDefault()
    window.addEventListener('click', stay)
    // A link to another page of the site (the language links above already cancel their clicks).
    const link = document.body.appendChild(document.createElement('a'))
    link.href = '/contact'
    leaveAndReturn() // each test's clock starts anew: so does the dwell
    const before = beacons.length
    const from = current()[0]!
    vi.advanceTimersByTime(1_000)
    key('ArrowUp')
    const to = current()[0]!
    expect(to).not.toBe(from)
    vi.advanceTimersByTime(2_500)
    link.click()
    expect(beacons).toHaveLength(before + 1)
    expect(JSON.parse(beacons.at(-1)!.body)).toMatchObject([
      { event: 'dwell', position: from, durationMs: 1_000 },
      { event: 'swipe', from, to },
      { event: 'dwell', position: to, durationMs: 2_500 },
    ])
    window.dispatchEvent(new Event('pagehide'))
    setHidden(true)
    expect(beacons).toHaveLength(before + 1)
    setHidden(false)
    window.dispatchEvent(new Event('pageshow'))
    // A page that stays after all (a download): its dwell starts again at the next key or touch.
    vi.advanceTimersByTime(500)
    link.click()
    expect(beacons).toHaveLength(before + 2)
    vi.advanceTimersByTime(3_000)
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift', bubbles: true }))
    vi.advanceTimersByTime(1_500)
    window.dispatchEvent(new Event('pagehide'))
    expect(JSON.parse(beacons.at(-1)!.body)).toEqual([
      expect.objectContaining({ event: 'dwell', position: to, durationMs: 1_500 }),
    ])
    window.dispatchEvent(new Event('pageshow'))
    window.removeEventListener('click', stay)
    link.remove()
  })
})
