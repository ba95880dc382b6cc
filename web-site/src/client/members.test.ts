import { describe, expect, it, vi } from 'vitest'
import { fixtureSite } from '../fixture.ts'
import { renderSitePages } from '../render.tsx'
import { openLockedCell } from './members.ts'

/** The fixture's Japanese swipe page (C2 is members-only), with the API the publisher names. */
const render = (path = false) => {
  const input = fixtureSite()
  input.analyticsEndpoint = '/api/v1/analytics/events'
  if (path) {
    // As the publisher renders the path form on the shared host: members live on the site's own origin.
    input.address = { form: 'path' }
    input.memberOrigin = 'https://own.sites.example'
  }
  return String(renderSitePages(input).find((f) => f.path === 'index.html')!.body)
}
const pages = { own: render(), path: render(true) }

const load = (url = '/', page: keyof typeof pages = 'own') => {
  const doc = new DOMParser().parseFromString(pages[page], 'text/html')
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

describe('openLockedCell', () => {
  it('puts the members’ creative where the lock was, texts as text, in the same frame', async () => {
    load()
    stubApi(200, { lang: 'JP', creative: CREATIVE })
    const cell = document.getElementById('C2')!
    expect(await openLockedCell(cell, '/api/v1/end-user/site/demo-site', 'ja')).toBe(200)
    expect(privateCalls).toEqual([SAME_ORIGIN_CALL])
    expect(cell.querySelector('.lk')).toBeNull()
    const image = cell.querySelector<HTMLImageElement>('.st > img.m')!
    expect([image.getAttribute('src'), image.alt]).toEqual(['/media/members-C2.jpg', '会員限定の画像'])
    expect(cell.querySelector('.ov .tx')?.textContent).toBe('会員だけの<b>お知らせ</b>')
    expect(cell.querySelector('b')).toBeNull()
  })

  it('shows a video with controls, named by its alternative text', async () => {
    load()
    stubApi(200, { lang: 'JP', creative: { ...CREATIVE, media_type: 'video', media_url: '/media/c2.mp4' } })
    const cell = document.getElementById('C2')!
    await openLockedCell(cell, '/api', 'ja')
    const video = cell.querySelector<HTMLVideoElement>('video.m')!
    expect([
      video.getAttribute('src'),
      video.controls,
      video.muted,
      video.getAttribute('aria-label'),
    ]).toEqual(['/media/c2.mp4', true, true, '会員限定の画像'])
  })

  it('leaves the lock on any refusal', async () => {
    for (const status of [401, 403, 404, 500]) {
      load()
      stubApi(status, { error: { code: 'x' } })
      const cell = document.getElementById('C2')!
      expect(await openLockedCell(cell, '/api', 'ja')).toBe(status)
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
    expect(Object.keys(localStorage).filter((key) => key.startsWith('swipe.endUser.'))).toEqual([])
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
