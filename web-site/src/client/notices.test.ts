import { afterEach, describe, expect, it, vi } from 'vitest'
import { showNotices } from './notices.ts'

const notices = [
  {
    id: 'n1',
    title: '年末年始の休業',
    content: '12月29日から1月3日まで休業します。',
    content_url: 'https://example.com/holiday',
    publication_date: '2026-11-20T00:00:00.000Z',
  },
  {
    id: 'n2',
    title: '新商品',
    content: '発売しました。',
    content_url: '',
    publication_date: '2026-11-19T00:00:00.000Z',
  },
]

const answer = (body: unknown, status = 200) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  )

describe("a site's notices", () => {
  afterEach(() => {
    document.body.innerHTML = ''
    localStorage.clear()
    vi.unstubAllGlobals()
  })

  it("asks for the page's language and shows a bar named in it, with each notice and its link", async () => {
    const fetchMock = answer({ lang: 'JP', notices })
    vi.stubGlobal('fetch', fetchMock)
    await showNotices('/api/v1', 'site-1', 'JP')
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/end-user/noti_delivery?site_id=site-1&lang=JP')
    const bar = document.querySelector('aside[aria-label="お知らせ"]') as HTMLElement
    expect([...bar.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      '年末年始の休業 12月29日から1月3日まで休業します。 詳しく見る',
      '新商品 発売しました。 ',
    ])
    const link = bar.querySelector('a') as HTMLAnchorElement
    expect([link.href, link.target, link.rel]).toEqual(['https://example.com/holiday', '_blank', 'noopener'])
  })

  it('forgets nothing it was told to close: a dismissed notice stays hidden, a new one shows', async () => {
    vi.stubGlobal('fetch', answer({ lang: 'EN', notices }))
    await showNotices('/api/v1', 'site-1', 'EN')
    const close = document.querySelector('button[aria-label="Close"]') as HTMLButtonElement
    close.click()
    expect(document.querySelector('aside')).toBeNull()

    await showNotices('/api/v1', 'site-1', 'EN')
    expect(document.querySelector('aside')).toBeNull()

    vi.stubGlobal('fetch', answer({ lang: 'EN', notices: [{ ...notices[1], id: 'n3', title: 'New' }] }))
    await showNotices('/api/v1', 'site-1', 'EN')
    expect(document.querySelector('aside[aria-label="Notice"] strong')?.textContent).toBe('New')
  })

  it('puts the bar in the page’s column above the swipe area, never over the top bar', async () => {
    document.body.innerHTML = '<div class="app"><header class="tb"></header><main id="sw"></main></div>'
    vi.stubGlobal('fetch', answer({ lang: 'JP', notices }))
    await showNotices('/api/v1', 'site-1', 'JP')
    expect([...document.querySelector('.app')!.children].map((e) => e.tagName)).toEqual([
      'HEADER',
      'ASIDE',
      'MAIN',
    ])
    const bar = document.querySelector('aside')!
    expect([bar.style.position, bar.style.flex]).toEqual(['relative', '0 0 auto'])
  })

  it('shows nothing when there is no notice or the site cannot be read', async () => {
    vi.stubGlobal('fetch', answer({ lang: 'JP', notices: [] }))
    await showNotices('/api/v1', 'site-1', 'JP')
    vi.stubGlobal('fetch', answer({ error: { code: 'error.notFound' } }, 404))
    await showNotices('/api/v1', 'site-1', 'JP')
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    )
    await showNotices('/api/v1', 'site-1', 'JP')
    expect(document.querySelector('aside')).toBeNull()
  })
})
