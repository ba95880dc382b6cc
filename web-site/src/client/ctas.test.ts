import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { fixtureSite } from '../fixture.ts'
import { renderSitePages } from '../render.tsx'

/**
 * Popup CTAs against the end-user API (docs/decisions/0019-popup-ctas.md "Popup CTA counting"): the island on
 * the fixture page as the publisher renders it (analytics at `/api/v1/analytics/events`, so the API at
 * `/api/v1`), with a fake API answering `fetch`.
 */
describe('popup CTAs with the API', () => {
  const now = '2026-11-22T03:00:00.000Z'
  const site = '/api/v1/end-user/site/demo-site'
  const calls: { url: string; method: string; keepalive?: boolean | undefined }[] = []
  /** The links the page followed, or was stopped from following. */
  const clicks: { href: string; prevented: boolean }[] = []
  let respond: (url: string) => Promise<Response> = async () => new Response(null, { status: 404 })
  const realFetch = globalThis.fetch
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })

  const cta = (index: number) => document.querySelector<HTMLElement>(`[data-cta="${index}"]`)!
  const link = (index: number) => cta(index).querySelector<HTMLAnchorElement>('a')!
  const slots = (index: number) => cta(index).querySelector('[data-sl]')?.textContent
  const current = () => [...document.querySelectorAll<HTMLElement>('.c')].find((c) => !c.inert)?.id
  const key = (k: string) =>
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }))
  const followed = () => clicks.filter((c) => !c.prevented).map((c) => c.href)
  const posts = () => calls.filter((c) => c.method === 'POST' && c.url.includes('/cta/'))

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(new Date(now))
    clicks.length = 0
  })

  beforeAll(async () => {
    const input = fixtureSite({ now })
    input.analyticsEndpoint = '/api/v1/analytics/events'
    // Two more applicant-limit CTAs: one on A1 with slots left, one on B1 the server has as full.
    input.site.popupCtas = [
      ...(input.site.popupCtas ?? []),
      {
        kind: 'APPLICANT_LIMIT',
        linkUrl: 'https://example.com/gift',
        localized: [{ lang: 'JP', content: 'プレゼント' }],
        limit: '5',
        numberClicks: 0,
        showRemainingSlots: true,
        effectiveSheets: [1],
        displayPosition: 'CENTER',
      },
      {
        kind: 'APPLICANT_LIMIT',
        isInternalLink: true,
        linkUrl: 'contact',
        localized: [{ lang: 'JP', content: '相談会' }],
        limit: '5',
        showRemainingSlots: true,
        effectiveSheets: [2],
        displayPosition: 'CENTER',
      },
      // No page chosen: every page.
      {
        kind: 'TIME_LIMIT',
        linkUrl: 'https://example.com/always',
        localized: [{ lang: 'JP', content: 'いつでも' }],
        effectiveSheets: [],
        displayPosition: 'TOP',
      },
    ]
    const html = String(renderSitePages(input).find((f) => f.path === 'index.html')!.body)
    const doc = new DOMParser().parseFromString(html, 'text/html')
    document.head.innerHTML = doc.head.innerHTML
    document.body.innerHTML = doc.body.innerHTML
    for (const attribute of doc.body.attributes) document.body.setAttribute(attribute.name, attribute.value)
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => true })
    globalThis.fetch = async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), method: init?.method ?? 'GET', keepalive: init?.keepalive })
      return respond(String(url))
    }
    window.addEventListener('click', (e) => {
      const a = (e.target as Element).closest('a')
      if (!a) return
      clicks.push({ href: a.getAttribute('href')!, prevented: e.defaultPrevented })
      e.preventDefault() // jsdom does not navigate
    })
    // The live state as the server has it: slots as counted, the B1 CTA full.
    respond = async (url) =>
      url === `${site}/cta?lang=ja`
        ? json(200, {
            lang: 'JP',
            now,
            ctas: [
              {
                index: 0,
                kind: 'TIME_LIMIT',
                remaining: null,
                active: true,
                start_date: '2026-11-21T03:00:00.000Z',
              },
              { index: 1, kind: 'APPLICANT_LIMIT', remaining: 12, active: true, start_date: null },
              { index: 2, kind: 'APPLICANT_LIMIT', remaining: 3, active: true, start_date: null },
              { index: 3, kind: 'APPLICANT_LIMIT', remaining: 0, active: false, start_date: null },
              { index: 4, kind: 'TIME_LIMIT', remaining: null, active: true, start_date: null },
            ],
          })
        : new Response(null, { status: 404 })
    vi.setSystemTime(new Date(now))
    await import('./main.ts')
    await vi.waitFor(() => expect(current()).toBe('A1'))
    // Live slots are asked for once the page has loaded and the browser is idle.
    await vi.waitFor(() => expect(slots(1)).toBe('残り12枠'), { timeout: 3_000 })
  })

  afterAll(() => {
    globalThis.fetch = realFetch
    Reflect.deleteProperty(navigator, 'sendBeacon')
  })

  it('names the API on the page and takes the live slots from it, once', () => {
    expect(document.body.dataset.api).toBe('/api/v1')
    // The island also asks for the site's notices (issue 20); the CTAs' live state is asked once.
    expect(calls.filter((call) => call.url.includes('/cta'))).toEqual([
      { url: `${site}/cta?lang=ja`, method: 'GET', keepalive: undefined },
    ])
    expect(cta(1).dataset.left).toBe('12')
    expect([cta(2).hidden, slots(2)]).toEqual([false, '残り3枠'])
  })

  it('hides a CTA the server has as full, whatever the page was published with', () => {
    expect(cta(3).dataset.left).toBe('5')
    key('ArrowRight')
    expect(current()).toBe('B1')
    expect(cta(3).hidden).toBe(true)
    key('ArrowLeft')
    expect(current()).toBe('A1')
  })

  it('shows a CTA without chosen pages on every page', () => {
    expect(cta(4).dataset.sheets).toBe('')
    const seen: [string | undefined, boolean][] = [[current(), cta(4).hidden]]
    key('ArrowRight')
    seen.push([current(), cta(4).hidden])
    key('ArrowDown')
    seen.push([current(), cta(4).hidden])
    key('ArrowUp')
    key('ArrowLeft')
    expect(seen).toEqual([
      ['A1', false],
      ['B1', false],
      ['A2', false],
    ])
    // The CTAs with chosen pages still keep to them: on A1, the one of page 1 shows, those of
    // pages 2 and 4–5 do not.
    expect(current()).toBe('A1')
    expect([cta(2).hidden, cta(3).hidden, cta(1).hidden]).toEqual([false, true, true])
  })

  it('counts a time-limit CTA’s click and follows its link at once', () => {
    respond = async () => json(200, { index: 0, clicks: 1, remaining: null })
    link(0).click()
    expect(clicks).toEqual([{ href: 'https://example.com/sale', prevented: false }])
    expect(link(0).target).toBe('_blank')
    expect(link(0).rel).toBe('noopener noreferrer')
    expect(posts()).toEqual([{ url: `${site}/cta/0/click`, method: 'POST', keepalive: true }])
  })

  it('follows an applicant-limit CTA after a short wait when the server does not answer', async () => {
    respond = () => new Promise<Response>(() => {})
    link(2).click()
    link(2).click() // a second press while waiting is not another count
    expect(clicks).toEqual([
      { href: 'https://example.com/gift', prevented: true },
      { href: 'https://example.com/gift', prevented: true },
    ])
    expect(posts().slice(1)).toEqual([{ url: `${site}/cta/2/click`, method: 'POST', keepalive: true }])
    await vi.advanceTimersByTimeAsync(1_499)
    expect(followed()).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(followed()).toEqual(['https://example.com/gift'])
  })

  it('follows an applicant-limit CTA once counted, with the slots the server answered', async () => {
    key('ArrowDown') // A2: the applicant-limit CTA's sheet
    expect(cta(1).hidden).toBe(false)
    respond = async (url) =>
      url === `${site}/cta/1/click` ? json(200, { index: 1, clicks: 89, remaining: 11 }) : json(404, {})
    link(1).click()
    expect(clicks).toEqual([{ href: '/register', prevented: true }])
    await vi.waitFor(() => expect(followed()).toEqual(['/register']))
    expect(posts().at(-1)).toEqual({ url: `${site}/cta/1/click`, method: 'POST', keepalive: true })
    expect([cta(1).dataset.left, slots(1)]).toEqual(['11', '残り11枠'])
  })

  it('does not follow a full applicant-limit CTA: it says so, then goes for the visit', async () => {
    expect(current()).toBe('A2')
    respond = async () => json(409, { error: { code: 'endUser.ctaFull', message: '受付は終了しました' } })
    link(1).click()
    await vi.waitFor(() => expect(cta(1).classList.contains('fl')).toBe(true))
    expect(slots(1)).toBe('受付は終了しました')
    expect(document.getElementById('st')!.textContent).toBe('受付は終了しました')
    expect(link(1).getAttribute('aria-disabled')).toBe('true')
    const count = posts().length
    link(1).click() // pressing it again does nothing
    expect(posts()).toHaveLength(count)
    await vi.advanceTimersByTimeAsync(100)
    expect(followed()).toEqual([])
    expect(cta(1).hidden).toBe(false)
    await vi.advanceTimersByTimeAsync(3_000)
    expect(cta(1).hidden).toBe(true)
    key('ArrowUp')
    key('ArrowDown')
    expect(cta(1).hidden).toBe(true)
  })

  it('hides a CTA the server says is not running, without following it', async () => {
    key('ArrowUp')
    expect(cta(2).hidden).toBe(false)
    respond = async () =>
      json(409, { error: { code: 'endUser.ctaInactive', message: 'このキャンペーンは終了しました' } })
    link(2).click()
    await vi.waitFor(() => expect(cta(2).hidden).toBe(true))
    expect(followed()).toEqual([])
  })
})
