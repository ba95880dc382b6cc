import { describe, expect, it, vi } from 'vitest'
import { SIZES } from '../blocks/renditions.ts'
import { fixtureSite } from '../fixture.ts'
import { renderSitePages } from '../render.tsx'
import { wholePage } from '../testing/whole-page.ts'
import type { PublishInput } from '../types.ts'
import { openLockedCell } from './members.ts'
import { showPicture, takeDeferredPicture } from './pictures.ts'

/** The fixture's Japanese swipe page (C2 is members-only), with the API the publisher names. */
const render = (path = false) => {
  const input = fixtureSite()
  input.analyticsEndpoint = '/api/v1/analytics/events'
  if (path) {
    // As the publisher renders the path form on the shared host: members live on the site's own origin.
    input.address = { form: 'path' }
    input.memberOrigin = 'https://own.sites.example'
  }
  return renderSitePages(input)
}
const releases = { own: render(), path: render(true) }

/**
 * Loads a swipe page: as served (the cells past its first screen are empty slides the island
 * fills from the release's cells file, docs/decisions/0074-first-screen-first.md), or `whole`, as
 * the island leaves it once they are in.
 */
const load = (url = '/', page: keyof typeof releases = 'own', whole = false) => {
  const files = releases[page]
  const html = whole ? wholePage(files) : String(files.find((f) => f.path === 'index.html')!.body)
  const doc = new DOMParser().parseFromString(html, 'text/html')
  history.replaceState(null, '', url)
  document.body.innerHTML = doc.body.innerHTML
  for (const attribute of [...document.body.attributes]) document.body.removeAttribute(attribute.name)
  for (const attribute of doc.body.attributes) document.body.setAttribute(attribute.name, attribute.value)
}

const CREATIVE = {
  position: 'C2',
  order: 6,
  locked: false,
  media_type: 'image',
  media_url: '/media/members-C2.jpg',
  image_alt: '会員限定の画像',
  main_text: '会員だけの<b>お知らせ</b>',
  // No web renditions yet: the file as uploaded.
  media_renditions: null,
}

/**
 * Private-page requests the page made: the member header, the credentials mode and any
 * Authorization header (there must be none: the session is a cookie); other calls answer 204.
 */
const privateCalls: {
  url: string
  member: string | null
  authorization: string | null
  credentials: RequestCredentials | undefined
}[] = []
const stubApi = (status: number, body: unknown = {}) => {
  privateCalls.length = 0
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    // The release's cells file, as the site serves it.
    const file = [...releases.own, ...releases.path].find(
      (f) => f.path.startsWith('data/cells.') && String(url).endsWith(`/${f.path}`),
    )
    if (file) return new Response(String(file.body))
    if (!String(url).includes('/private')) return new Response(null, { status: 204 })
    const headers = new Headers(init.headers)
    privateCalls.push({
      url,
      member: headers.get('x-swipe-member'),
      authorization: headers.get('authorization'),
      credentials: init.credentials,
    })
    return new Response(JSON.stringify(body), { status })
  })
}

/** The sign-in page's hint: the session's expiry, nothing else. */
const signedIn = (expiresAt = Date.now() + 3_600_000) =>
  localStorage.setItem('swipe.member.demo-site', String(expiresAt))

const SAME_ORIGIN_CALL = {
  url: '/api/v1/end-user/site/demo-site/page/C2/private?lang=ja',
  member: '1',
  authorization: null,
  credentials: 'same-origin',
}

/** Runs a fresh swipe island on the loaded page and waits until it stands on C2. */
const boot = async () => {
  vi.resetModules()
  await import('./main.ts')
  await vi.waitFor(() =>
    expect(
      [...document.querySelectorAll<HTMLElement>('.c')].filter((c) => !c.inert).map((c) => c.id),
    ).toEqual(['C2']),
  )
}

/**
 * The page the publisher renders when `view`'s creative (C2 of the fixture) is not members-only:
 * what the members' fill must reproduce.
 */
const publishedUnlocked = (input: PublishInput, view: typeof FULL_VIEW, mediaKey?: string): Document => {
  input.creatives = input.creatives.map((c) =>
    c.lang === 'JP' && c.position === 'C2'
      ? {
          ...c,
          ...(mediaKey ? { mediaKey } : {}),
          membersOnlyLock: false,
          imageAlt: view.image_alt,
          mainText: view.main_text,
          mainTextColor: view.main_text_color,
          linkButtonText: view.link_button_text,
          linkDestinationUrl: view.link_destination_url,
          isInternalLink: false,
          linkButtonColor: view.link_button_color,
          linkTextColor: view.link_text_color,
          price: view.price,
          imageLinkPoints: view.image_link_points.map((p) => ({
            x: p.x,
            y: p.y,
            linkUrl: p.link_url,
            isInternalLink: p.is_internal_link,
          })),
          products: view.products.map((p) => ({
            productName: p.product_name,
            imagePath: p.image_url ? 'p2.jpg' : null,
            price: p.price,
            description: p.description,
            linkButtonUrl: p.link_button_url,
            linkButtonText: p.link_button_text,
            linkButtonColor: p.link_button_color,
            linkTextColor: p.link_text_color,
            coordinateX: p.coordinate_x,
            coordinateY: p.coordinate_y,
            textColor: p.text_color,
            backgroundColor: p.background_color,
            isInternalLink: p.is_internal_link,
            order: p.order,
          })),
        }
      : c,
  )
  return new DOMParser().parseFromString(wholePage(renderSitePages(input)), 'text/html')
}

describe('openLockedCell', () => {
  it('puts the members’ creative where the lock was, texts as text, in the same frame', async () => {
    load('/', 'own', true)
    stubApi(200, { lang: 'JP', creative: CREATIVE })
    const cell = document.getElementById('C2')!
    expect(await openLockedCell(cell, '/api/v1', 'demo-site', 'ja')).toBe(200)
    expect(privateCalls).toEqual([SAME_ORIGIN_CALL])
    expect(cell.querySelector('.lk')).toBeNull()
    const image = cell.querySelector<HTMLImageElement>('.st > img.m')!
    expect([image.getAttribute('src'), image.alt]).toEqual(['/media/members-C2.jpg', '会員限定の画像'])
    expect(cell.querySelector('.ov .tx')?.textContent).toBe('会員だけの<b>お知らせ</b>')
    expect(cell.querySelector('b')).toBeNull()
  })

  it('shows a video with controls (no autoplay), its alternative text beside it as the block writes it', async () => {
    load('/', 'own', true)
    stubApi(200, { lang: 'JP', creative: { ...CREATIVE, media_type: 'video', media_url: '/media/c2.mp4' } })
    const cell = document.getElementById('C2')!
    await openLockedCell(cell, '/api', 'demo-site', 'ja')
    const video = cell.querySelector<HTMLVideoElement>('.st > video.m')!
    expect([video.getAttribute('src'), video.controls, video.muted, video.autoplay]).toEqual([
      '/media/c2.mp4',
      true,
      true,
      false,
    ])
    expect(cell.querySelector('.st > p.vh')?.textContent).toBe('会員限定の画像')
    expect(cell.querySelector('.st > img, .vt')).toBeNull()
  })

  it('leaves the lock on any refusal', async () => {
    for (const status of [401, 403, 404, 500]) {
      load('/', 'own', true)
      stubApi(status, { error: { code: 'x' } })
      const cell = document.getElementById('C2')!
      expect(await openLockedCell(cell, '/api', 'demo-site', 'ja')).toBe(status)
      expect(cell.querySelector('.lk a[href="/register"]')).not.toBeNull()
    }
  })
})

describe('the swipe island and members-only creatives', () => {
  it('opens a locked creative it moves to when a member has signed in', async () => {
    load('/?position=C2')
    signedIn()
    stubApi(200, { lang: 'JP', creative: CREATIVE })
    await boot()
    await vi.waitFor(() =>
      expect(document.querySelector('#C2 img.m')?.getAttribute('alt')).toBe('会員限定の画像'),
    )
    expect(privateCalls).toEqual([SAME_ORIGIN_CALL])
    expect(document.querySelector('#C2 .lk')).toBeNull()
  })

  it('drops the hint on a 401 and keeps the lock with its sign-up and sign-in links', async () => {
    load('/?position=C2')
    signedIn()
    stubApi(401, { error: { code: 'error.unauthorized' } })
    await boot()
    await vi.waitFor(() => expect(localStorage.getItem('swipe.member.demo-site')).toBeNull())
    expect(privateCalls).toHaveLength(1)
    const lock = document.querySelector('#C2 .lk')!
    expect([...lock.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/register',
      '/login',
    ])
  })

  it('asks nothing without a hint, or with an expired one (which it drops)', async () => {
    load('/?position=C2')
    stubApi(200, { lang: 'JP', creative: CREATIVE })
    await boot()
    signedIn(Date.now() - 1)
    load('/?position=C2')
    await boot()
    expect(localStorage.getItem('swipe.member.demo-site')).toBeNull()
    expect(privateCalls).toEqual([])
    expect(document.querySelector('#C2 .lk')).not.toBeNull()
  })

  it('removes a token an earlier version stored, and never sends it', async () => {
    localStorage.setItem(
      'swipe.endUser.demo-site',
      JSON.stringify({ token: 'old', expiresAt: Date.now() + 1e6 }),
    )
    localStorage.setItem('swipe.endUser.another-site', JSON.stringify({ token: 'other' }))
    load('/?position=C2')
    stubApi(200, { lang: 'JP', creative: CREATIVE })
    await boot()
    // The clean-up runs once the page is idle (main.ts's whenIdle), after the grid is up.
    await vi.waitFor(
      () => expect(Object.keys(localStorage).filter((key) => key.startsWith('swipe.endUser.'))).toEqual([]),
      { timeout: 3_000 },
    )
    expect(privateCalls).toEqual([])
  })

  it('never unlocks on the shared path-form host, and sends the visitor to the site’s own origin to sign up or in', async () => {
    load('/sites/demo-site/?position=C2', 'path')
    expect(document.body.hasAttribute('data-members')).toBe(false)
    signedIn()
    stubApi(200, { lang: 'JP', creative: CREATIVE })
    await boot()
    expect(privateCalls).toEqual([])
    const lock = document.querySelector('#C2 .lk')!
    expect([...lock.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://own.sites.example/register',
      'https://own.sites.example/login',
    ])
  })
})

/** The member API's view of C2 (snake_case, as the wire carries it) with every part a cell shows. */
const FULL_VIEW = {
  ...CREATIVE,
  main_text_color: '#FFEEDD',
  link_button_text: '会員価格で購入',
  link_destination_url: 'https://shop.example.com/members',
  is_internal_link: false,
  link_button_color: '#112233',
  link_text_color: '#FFFFFF',
  price: 4980,
  price_text_color: null,
  image_link_points: [
    { x: 100, y: 200, link_url: 'https://example.com/point', is_internal_link: false },
    { x: 10, y: 10, link_url: 'javascript:alert(1)', is_internal_link: false },
    { x: 50, y: 50, link_url: 'contact', is_internal_link: true },
  ],
  products: [
    {
      id: 'p2',
      product_name: '会員セットB',
      image_url: '/media/p2.jpg',
      image_renditions: [],
      price: 2000,
      description: '二つ目の<i>セット</i>',
      link_button_url: 'membership',
      link_button_text: null,
      link_button_color: '#2BAA50',
      link_text_color: '#FFFFFF',
      coordinate_x: 30,
      coordinate_y: 300,
      text_color: null,
      background_color: null,
      is_internal_link: true,
      order: 1,
    },
    {
      id: 'p1',
      product_name: '会員セットA',
      image_url: null,
      image_renditions: [],
      price: 1000,
      description: null,
      link_button_url: 'https://shop.example.com/a',
      link_button_text: '買う',
      link_button_color: '#000000',
      link_text_color: '#FFFFFF',
      coordinate_x: 65,
      coordinate_y: 260,
      text_color: '#FFFFFF',
      background_color: '#123456',
      is_internal_link: false,
      order: 0,
    },
  ],
}

/** An element tree as comparable data: attributes sorted, styles as the CSSOM reads them. */
const canonical = (node: Node): unknown => {
  if (node.nodeType !== Node.ELEMENT_NODE) return node.textContent
  const element = node as HTMLElement
  const attributes = Object.fromEntries(
    [...element.attributes]
      .filter((a) => a.name !== 'style')
      .map((a) => [a.name, a.value])
      .sort(([a], [b]) => a!.localeCompare(b!)),
  )
  // The page defers images other than the first (`data-src`, `data-srcset` over a placeholder;
  // a video's `data-poster`): the same image.
  for (const name of ['src', 'srcset', 'poster'])
    if (attributes[`data-${name}`]) {
      attributes[name] = attributes[`data-${name}`]!
      delete attributes[`data-${name}`]
    }
  return [element.tagName, attributes, element.style?.cssText ?? '', [...element.childNodes].map(canonical)]
}

describe('a members-only cell after sign-in', () => {
  it('shows its link button, price, products and link points, as text and safe links', async () => {
    load('/', 'own', true)
    stubApi(200, { lang: 'JP', creative: FULL_VIEW })
    const cell = document.getElementById('C2')!
    expect(await openLockedCell(cell, '/api/v1', 'demo-site', 'ja')).toBe(200)

    const button = cell.querySelector<HTMLAnchorElement>('.ov a.bt')!
    expect([
      button.textContent,
      button.getAttribute('href'),
      button.target,
      button.rel,
      button.dataset.t,
    ]).toEqual([
      '会員価格で購入',
      'https://shop.example.com/members',
      '_blank',
      'noopener noreferrer',
      'link',
    ])
    expect([button.style.background, button.style.color]).toEqual(['rgb(17, 34, 51)', 'rgb(255, 255, 255)'])
    expect(cell.querySelector('.ov .pz')?.textContent).toBe('¥4,980（税込）')
    expect(cell.querySelector<HTMLElement>('.ov .tx')?.style.color).toBe('rgb(255, 238, 221)')
    // Products in their order, each with its price; the hotspot names the card it opens.
    expect([...cell.querySelectorAll<HTMLElement>('.pr')].map((p) => [p.dataset.p, p.textContent])).toEqual([
      ['C2-0', '会員セットA¥1,000（税込）'],
      ['C2-1', '会員セットB¥2,000（税込）'],
    ])
    // Link points: the http(s) one and the enabled internal page; never a javascript: URL.
    expect([...cell.querySelectorAll('.pt')].map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/point',
      '/contact',
    ])
    // The product cards join the page's templates, for the product dialog.
    const card = (id: string) => (document.getElementById(id) as HTMLTemplateElement).content
    expect(card('p-C2-0').querySelector('h3')?.textContent).toBe('会員セットA')
    expect(card('p-C2-0').querySelector('img')).toBeNull()
    expect(card('p-C2-1').querySelector('img')?.getAttribute('src')).toBe('/media/p2.jpg')
    expect(card('p-C2-1').querySelector('strong')?.textContent).toBe('¥2,000（税込）')
    expect(card('p-C2-1').querySelector('a.bt')?.getAttribute('href')).toBe('/register')
    expect(card('p-C2-1').querySelector('i')).toBeNull()
    // Nothing of the templates' slot markers, and no creator markup, is left.
    expect(cell.querySelector('[data-k], b:not(.pr b), i, script')).toBeNull()
  })

  it('is the public cell block’s markup for the same creative', async () => {
    load('/', 'own', true)
    stubApi(200, { lang: 'JP', creative: FULL_VIEW })
    const cell = document.getElementById('C2')!
    await openLockedCell(cell, '/api', 'demo-site', 'ja')

    // The same creative published without the lock.
    const input: PublishInput = fixtureSite()
    const key = 'sites/demo/media/C2.jpg'
    input.media = { ...input.media, [key]: '/media/members-C2.jpg', 'p2.jpg': '/media/p2.jpg' }
    const published = publishedUnlocked(input, FULL_VIEW)
    expect(canonical(cell.querySelector('.st')!)).toEqual(canonical(published.querySelector('#C2 .st')!))
    for (const id of ['p-C2-0', 'p-C2-1'])
      expect(
        [...(document.getElementById(id) as HTMLTemplateElement).content.childNodes].map(canonical),
      ).toEqual([...(published.getElementById(id) as HTMLTemplateElement).content.childNodes].map(canonical))
  })

  /** Rendition files as the member API lists them (best format first, narrowest first). */
  const files = (name: string, formats = ['avif', 'webp', 'jpeg'] as const) =>
    formats.flatMap((format) =>
      [96, 351, 702].map((width) => ({ format, width, url: `/r/${name}-${width}.${format}` })),
    )
  const srcset = (name: string, format: string) =>
    [351, 702].map((width) => `/r/${name}-${width}.${format} ${width}w`).join(', ')

  it('offers an image’s renditions in the public cell block’s <picture>, with the same sizes', async () => {
    load('/', 'own', true)
    const view = {
      ...FULL_VIEW,
      media_renditions: { images: files('c2'), video: null, poster: null },
      products: FULL_VIEW.products.map((p) => ({
        ...p,
        image_renditions: p.image_url ? files('p2') : [],
      })),
    }
    stubApi(200, { lang: 'JP', creative: view })
    const cell = document.getElementById('C2')!
    expect(await openLockedCell(cell, '/api', 'demo-site', 'ja')).toBe(200)

    const picture = cell.querySelector('.st > picture')!
    expect(
      [...picture.querySelectorAll('source')].map((s) => [s.type, s.getAttribute('srcset'), s.sizes]),
    ).toEqual([
      ['image/avif', srcset('c2', 'avif'), 'min(100vw, 66vh)'],
      ['image/webp', srcset('c2', 'webp'), 'min(100vw, 66vh)'],
    ])
    const image = picture.querySelector<HTMLImageElement>('img.m')!
    expect([image.getAttribute('srcset'), image.sizes, image.getAttribute('src'), image.alt]).toEqual([
      srcset('c2', 'jpeg'),
      'min(100vw, 66vh)',
      // The 1× JPEG for a browser without srcset; never the original.
      '/r/c2-351.jpeg',
      '会員限定の画像',
    ])
    expect(cell.innerHTML).not.toContain('/media/members-C2.jpg')
    const card = (document.getElementById('p-C2-1') as HTMLTemplateElement).content
    expect(
      [...card.querySelectorAll('picture source')].map((s) => [s.type, s.getAttribute('srcset'), s.sizes]),
    ).toEqual([
      ['image/avif', srcset('p2', 'avif'), '(max-width: 448px) calc(100vw - 48px), 400px'],
      ['image/webp', srcset('p2', 'webp'), '(max-width: 448px) calc(100vw - 48px), 400px'],
    ])
    expect(card.querySelector('picture img')?.getAttribute('srcset')).toBe(srcset('p2', 'jpeg'))

    // The same creative published without the lock, with the same renditions: the same markup.
    const key = 'sites/demo/media/C2.jpg'
    const input: PublishInput = fixtureSite()
    const made = (name: string) =>
      (['avif', 'webp', 'jpeg'] as const).flatMap((format) =>
        [96, 351, 702].map((width) => ({ format, width, key: `r/${name}-${width}.${format}` })),
      )
    input.media = {
      ...input.media,
      [key]: '/media/members-C2.jpg',
      'p2.jpg': '/media/p2.jpg',
      ...Object.fromEntries([...made('c2'), ...made('p2')].map((f) => [f.key, `/${f.key}`])),
    }
    input.renditions = { [key]: { images: made('c2') }, 'p2.jpg': { images: made('p2') } }
    const published = publishedUnlocked(input, view, key)
    // The page defers C2's image (its sources wait in data attributes): shown as the island shows it.
    expect(published.querySelectorAll('#C2 .st source')).toHaveLength(0)
    for (const img of published.querySelectorAll<HTMLImageElement>('#C2 img[data-srcset]'))
      showPicture(img, takeDeferredPicture(img)!, SIZES.frame)
    expect(published.querySelectorAll('#C2 .st source')).toHaveLength(2)
    expect(canonical(cell.querySelector('.st')!)).toEqual(canonical(published.querySelector('#C2 .st')!))
    for (const id of ['p-C2-0', 'p-C2-1'])
      expect(
        [...(document.getElementById(id) as HTMLTemplateElement).content.childNodes].map(canonical),
      ).toEqual([...(published.getElementById(id) as HTMLTemplateElement).content.childNodes].map(canonical))
  })

  it('leaves out a format without every file, and shows the original without a JPEG fallback', async () => {
    load('/', 'own', true)
    const partial = files('c2', ['avif', 'jpeg']).map((f) =>
      f.format === 'avif' && f.width === 702 ? { ...f, url: '' } : f,
    )
    stubApi(200, {
      lang: 'JP',
      creative: { ...CREATIVE, media_renditions: { images: partial, video: null, poster: null } },
    })
    const cell = document.getElementById('C2')!
    await openLockedCell(cell, '/api', 'demo-site', 'ja')
    expect(cell.querySelectorAll('.st source')).toHaveLength(0)
    expect(cell.querySelector('.st > picture > img.m')?.getAttribute('srcset')).toBe(srcset('c2', 'jpeg'))

    load('/', 'own', true)
    stubApi(200, {
      lang: 'JP',
      creative: {
        ...CREATIVE,
        media_renditions: { images: files('c2', ['avif']), video: null, poster: null },
      },
    })
    const other = document.getElementById('C2')!
    await openLockedCell(other, '/api', 'demo-site', 'ja')
    expect(other.querySelector('.st picture, .st source')).toBeNull()
    const image = other.querySelector<HTMLImageElement>('.st > img.m')!
    expect([image.getAttribute('src'), image.hasAttribute('srcset'), image.hasAttribute('sizes')]).toEqual([
      '/media/members-C2.jpg',
      false,
      false,
    ])
  })

  it('plays a video’s web MP4 with its poster, and the original without a poster while there is none', async () => {
    load('/', 'own', true)
    stubApi(200, {
      lang: 'JP',
      creative: {
        ...CREATIVE,
        media_type: 'video',
        media_url: '/media/c2.mov',
        media_renditions: { images: [], video: '/r/c2-720x406.mp4', poster: '/r/c2-poster.jpg' },
      },
    })
    const cell = document.getElementById('C2')!
    await openLockedCell(cell, '/api', 'demo-site', 'ja')
    const video = cell.querySelector<HTMLVideoElement>('.st > video.m')!
    expect([video.getAttribute('src'), video.getAttribute('poster'), video.controls]).toEqual([
      '/r/c2-720x406.mp4',
      '/r/c2-poster.jpg',
      true,
    ])
    expect(cell.querySelector('.st picture, .st img')).toBeNull()

    load('/', 'own', true)
    stubApi(200, {
      lang: 'JP',
      creative: { ...CREATIVE, media_type: 'video', media_url: '/media/c2.mov', media_renditions: null },
    })
    const other = document.getElementById('C2')!
    await openLockedCell(other, '/api', 'demo-site', 'ja')
    const original = other.querySelector<HTMLVideoElement>('.st > video.m')!
    expect([original.getAttribute('src'), original.hasAttribute('poster')]).toEqual(['/media/c2.mov', false])
  })

  it('opens a product card of the unlocked creative in the product dialog', async () => {
    load('/?position=C2')
    signedIn()
    stubApi(200, { lang: 'JP', creative: FULL_VIEW })
    await boot()
    const hotspot = await vi.waitFor(() => {
      const found = document.querySelector<HTMLElement>('#C2 [data-p="C2-1"]')
      expect(found).not.toBeNull()
      return found!
    })
    // The island attaches the product dialog's handler a task after the grid (main.ts `startSwipe`),
    // and the stubbed sign-in answer can fill the cell before that: click until it is attached.
    await vi.waitFor(() => {
      hotspot.click()
      expect(document.querySelector('#pd .pd h3')?.textContent).toBe('会員セットB')
    })
  })
})
