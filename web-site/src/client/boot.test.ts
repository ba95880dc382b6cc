import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { BOOT_JS } from '../boot.ts'
import { fixtureSite } from '../fixture.ts'
import { renderSitePages } from '../render.tsx'
import type { SiteAddress } from '../types.ts'
import { LANG_MAX_AGE } from './storage.ts'

/**
 * The boot script's remembered language (docs/decisions/0018-multilingual-sites.md): the real inline script
 * run on rendered pages, with a stand-in `location` (jsdom's cannot be replaced or navigate) that records
 * where it was sent.
 */
describe('the boot script: a returning visitor gets the language they chose', () => {
  const cookies: string[] = []
  const listeners: [string, EventListenerOrEventListenerObject][] = []
  let referrer = ''
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!

  beforeAll(() => {
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => cookie.get!.call(document),
      set: (value: string) => {
        cookies.push(value)
        cookie.set!.call(document, value)
      },
    })
    Object.defineProperty(document, 'referrer', { configurable: true, get: () => referrer })
  })

  afterEach(() => {
    for (const [type, listener] of listeners.splice(0)) document.removeEventListener(type, listener)
    cookie.set!.call(document, 'lang=; path=/; max-age=0')
    cookies.length = 0
    referrer = ''
  })

  /** Puts one rendered page of the fixture site (two languages, JP default) in the document. */
  const open = (path: string, address?: SiteAddress, languages?: string[]) => {
    const input = fixtureSite()
    if (address) input.address = address
    if (languages) input.site.languages = languages as typeof input.site.languages
    const file = renderSitePages(input).find((f) => f.path === path)
    if (!file) throw new Error(`no page ${path}`)
    const doc = new DOMParser().parseFromString(String(file.body), 'text/html')
    document.body.innerHTML = doc.body.innerHTML
    for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name)
    for (const attribute of doc.body.attributes) document.body.setAttribute(attribute.name, attribute.value)
    // The island itself is not under test here: without `data-island` the script stops after its checks.
    delete document.body.dataset.island
  }

  /** Runs the page's inline script as the browser would, at a URL with this query and fragment. */
  const boot = (search = '', hash = '') => {
    const replace = vi.fn()
    const add = vi.spyOn(document, 'addEventListener')
    new Function('location', BOOT_JS)({
      origin: 'https://lp.example',
      protocol: 'https:',
      search,
      hash,
      replace,
    })
    listeners.push(...add.mock.calls.map(([type, listener]) => [type, listener] as [string, typeof listener]))
    add.mockRestore()
    return replace.mock.calls.map(([url]) => url as string)
  }

  const remember = (segment: string) => cookie.set!.call(document, `lang=${segment}; path=/`)

  it('sends a visitor who chose English from the default URL to the English page, query and fragment kept', () => {
    open('index.html')
    expect(document.body.dataset.langs).toBe('en')
    remember('en')
    expect(boot('?position=B2', '#B2')).toEqual(['/en/?position=B2#B2'])
    // The URL it goes to is the one the language selector links to.
    expect(document.querySelector('[data-l="en"]')?.getAttribute('href')).toBe('/en/')
  })

  it('stays on the default language when the visitor chose it, or chose nothing', () => {
    open('index.html')
    expect(boot()).toEqual([])
    remember('ja')
    expect(boot()).toEqual([])
  })

  it('never redirects from another language’s page, so it cannot loop', () => {
    open('en/index.html')
    expect(document.body.dataset.langs).toBeUndefined()
    remember('en')
    expect(boot()).toEqual([])
    remember('ja')
    expect(boot()).toEqual([])
  })

  it('only goes to a language the site has', () => {
    open('index.html')
    remember('kr')
    expect(boot()).toEqual([])
    // A language the site dropped since the visitor chose it.
    open('index.html', undefined, ['JP'])
    expect(document.body.dataset.langs).toBeUndefined()
    remember('en')
    expect(boot()).toEqual([])
  })

  it('leaves a visitor who came from a page of the same site where they asked to go', () => {
    open('index.html')
    remember('en')
    referrer = 'https://lp.example/en/contact'
    expect(boot()).toEqual([])
    referrer = 'https://search.example/?q=demo'
    expect(boot()).toEqual(['/en/'])
  })

  it('works under /sites/{id}/, never taking another site on the same host for its own', () => {
    open('index.html', { form: 'path' })
    remember('en')
    referrer = 'https://lp.example/sites/other-site/'
    expect(boot()).toEqual(['/sites/demo-site/en/'])
    expect(document.querySelector('[data-l="en"]')?.getAttribute('href')).toBe('/sites/demo-site/en/')
  })

  it('writes the cookie on a tap of the language selector, before the island arrives', () => {
    open('en/index.html')
    boot()
    const link = document.querySelector<HTMLAnchorElement>('[data-l="ja"]')!
    link.addEventListener('click', (e) => e.preventDefault()) // jsdom does not navigate
    link.click()
    expect(cookies).toEqual([`lang=ja; path=/; max-age=${LANG_MAX_AGE}; samesite=lax; secure`])
  })

  it('scopes the cookie to the site’s own path under /sites/{id}/', () => {
    open('index.html', { form: 'path' })
    boot()
    document
      .querySelector<HTMLAnchorElement>('[data-l="en"]')!
      .addEventListener('click', (e) => e.preventDefault())
    document.querySelector<HTMLAnchorElement>('[data-l="en"]')!.click()
    expect(cookies).toEqual([`lang=en; path=/sites/demo-site; max-age=${LANG_MAX_AGE}; samesite=lax; secure`])
  })
})
