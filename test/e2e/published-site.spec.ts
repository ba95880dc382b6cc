import { devices, type Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { apiSignIn, current, swipe } from './support.ts'

/**
 * The demo site as a visitor meets it (issue 6): published by the seed through the real publisher,
 * served by the site edge by its Host header, on a phone with touch.
 */
// Callbacks of page.evaluate run in the browser; the test project's types have no DOM library.
// biome-ignore lint/suspicious/noExplicitAny: browser globals, typed by the browser at run time
declare const document: any

const { defaultBrowserType: _, ...phone } = devices['Pixel 7']
test.use({ ...phone, locale: 'ja-JP' })

const demoUrl = () => {
  const url = process.env.E2E_DEMO_SITE_URL
  if (!url) throw new Error('The e2e stack did not publish the demo site')
  return url
}

test("an ad's visitor with utm_content lands on the ad's creative as the first paint, with no swap afterwards (message match)", async ({
  page,
}) => {
  // From the first frame on, the cell under the viewport's centre and the LCP element's cell.
  await page.addInitScript(() => {
    const w = globalThis as unknown as {
      seen: string[]
      frames: number
      lcp: string | undefined
      requestAnimationFrame: (f: () => void) => void
      PerformanceObserver: new (
        f: (list: {
          getEntries: () => { element?: { closest: (s: string) => { id: string } | null } }[]
        }) => void,
      ) => { observe: (o: object) => void }
    }
    w.seen = []
    w.frames = 0
    new w.PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.lcp = entry.element?.closest('.c')?.id
    }).observe({ type: 'largest-contentful-paint', buffered: true })
    const look = () => {
      const x = document.documentElement.clientWidth / 2
      const y = document.documentElement.clientHeight / 2
      type Box = { left: number; right: number; top: number; bottom: number; width: number }
      const hit = [...document.querySelectorAll('.c')].find((cell: { getBoundingClientRect: () => Box }) => {
        const r = cell.getBoundingClientRect()
        return r.left <= x && x < r.right && r.top <= y && y < r.bottom && r.width > 0
      })
      const id = (hit as { id?: string } | undefined)?.id
      if (id && w.seen.at(-1) !== id) w.seen.push(id)
      // About two seconds of frames: past the island's start and its first transitions.
      if (++w.frames < 120) w.requestAnimationFrame(look)
    }
    w.requestAnimationFrame(look)
  })
  // The page as most visitors get it, with its motion (the config asks for reduced motion).
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  const response = await page.goto(`${demoUrl()}?utm_source=line&utm_content=LINE`)
  expect(response?.status()).toBe(200)
  await expect.poll(() => current(page)).toEqual(['B2'])
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as { frames: number }).frames))
    .toBeGreaterThanOrEqual(120)
  // Only B2 was ever in view: painted first, never swapped; the largest paint is B2's creative.
  expect(await page.evaluate(() => (globalThis as unknown as { seen: string[] }).seen)).toEqual(['B2'])
  expect(await page.evaluate(() => (globalThis as unknown as { lcp?: string }).lcp)).toBe('B2')
  // Without the parameter the same visitor's fresh visit opens on A1.
  await page.context().clearCookies()
  await page.goto(demoUrl())
  await expect.poll(() => current(page)).toEqual(['A1'])
})

const videoPaused = (page: Page, id: string) =>
  page.evaluate((cell) => document.querySelector(`#${cell} video`)?.paused as boolean | undefined, id)

test('a visitor swipes the published demo site to B2, comes back there after a reload, and meets its CTA, company tabs and video', async ({
  page,
  context,
}) => {
  const response = await page.goto(demoUrl())
  expect(response?.status()).toBe(200)
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
  await expect.poll(() => current(page)).toEqual(['A1'])
  // The demo's ad tags ask first (infra/local/seed-conversions.ts): the visitor answers the banner.
  await page.getByRole('button', { name: '同意しない' }).click()
  // The video at B3 waits while it is out of sight.
  expect(await videoPaused(page, 'B3')).toBe(true)

  // Down a row, then right a column: B2, remembered in the position_tab cookie.
  const cdp = await context.newCDPSession(page)
  await swipe(page, cdp, [200, 650], [210, 200])
  await expect.poll(() => current(page)).toEqual(['A2'])
  await swipe(page, cdp, [320, 420], [60, 430])
  await expect.poll(() => current(page)).toEqual(['B2'])
  expect((await context.cookies()).find((c) => c.name === 'position_tab')?.value).toBe('B2')
  await page.reload()
  await expect.poll(() => current(page)).toEqual(['B2'])

  // The time-limited CTA counts down in days (it ends about 90 days after the seed ran).
  const cta = page.locator('[data-end]').first()
  await expect(cta).toBeVisible()
  await expect(cta).toContainText(/残り(89|90)日/)

  // The bottom bar opens the company modal on each of its four tabs.
  const dialog = page.getByRole('dialog', { name: '会社情報' })
  for (const [tab, text] of [
    ['会社概要', 'デモクリエイター合同会社'],
    ['特定商取引法に基づく表記', '返品'],
    ['利用規約', 'この利用規約'],
    ['プライバシーポリシー', '個人情報'],
  ] as const) {
    await page.getByRole('contentinfo').getByRole('button', { name: tab }).click()
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
    await expect(dialog.getByRole('tabpanel', { name: tab })).toContainText(text)
    await dialog.getByRole('button', { name: '閉じる' }).click()
    await expect(dialog).toBeHidden()
  }

  // Down to row 3 (each row keeps its own column, so A3) and right to B3: its video plays while
  // visible and stops when the visitor moves on.
  await swipe(page, cdp, [200, 560], [210, 140])
  await expect.poll(() => current(page)).toEqual(['A3'])
  expect(await videoPaused(page, 'B3')).toBe(true)
  await swipe(page, cdp, [320, 420], [60, 430])
  await expect.poll(() => current(page)).toEqual(['B3'])
  await expect.poll(() => videoPaused(page, 'B3')).toBe(false)
  await swipe(page, cdp, [60, 420], [320, 430])
  await expect.poll(() => current(page)).toEqual(['A3'])
  await expect.poll(() => videoPaused(page, 'B3')).toBe(true)
})

test('the page’s analytics batches are accepted and a CTA click is counted on the server', async ({
  page,
  context,
}) => {
  // Every batch the island sends to the API (same origin through the edge) and its answer.
  const batches: { events: string[]; status: number }[] = []
  page.on('requestfinished', async (request) => {
    if (!request.url().endsWith('/api/v1/analytics/events')) return
    const events = JSON.parse(request.postData() ?? '[]') as { event: string }[]
    batches.push({ events: events.map((e) => e.event), status: (await request.response())?.status() ?? 0 })
  })
  // The CTA's link leaves the sandbox: answer it here.
  await context.route('https://example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>campaign</title>' }),
  )
  await page.goto(demoUrl())
  await expect.poll(() => current(page)).toEqual(['A1'])
  // The page view goes out at once, with the CTA shown on A1; the server takes both (204).
  await expect.poll(() => batches[0]).toEqual({ events: ['cta', 'view'], status: 204 })
  // Later events are batched: the time on A1 and the swipe to A2, a few seconds later.
  const cdp = await context.newCDPSession(page)
  await swipe(page, cdp, [200, 650], [210, 200])
  await expect.poll(() => current(page)).toEqual(['A2'])
  await expect
    .poll(() => batches[1], { timeout: 15_000 })
    .toEqual({ events: expect.arrayContaining(['dwell', 'swipe']), status: 204 })

  // The consent banner comes up over the bottom of the page once the tags' script has loaded (later
  // on a busy machine): the visitor answers it first, or a press meant for the CTA lands on it.
  await page.getByRole('button', { name: '同意しない' }).click()
  // A press on the time-limited CTA is counted by the API and opens its link in a new tab.
  const counted = page.waitForResponse((r) =>
    /\/api\/v1\/end-user\/site\/[^/]+\/cta\/0\/click$/.test(r.url()),
  )
  const opened = context.waitForEvent('page')
  await page.emulateMedia({ reducedMotion: 'reduce' }) // the CTA pulses: hold it still to press it
  await page.locator('[data-cta="0"] a').click()
  // 200 only once the count is written (the body of a keepalive request is not kept for Playwright).
  expect((await counted).status()).toBe(200)
  const tab = await opened
  await tab.waitForLoadState()
  expect(tab.url()).toBe('https://example.com/campaign')
})

test('the language selector switches to English and remembers it for 30 days', async ({ page, context }) => {
  await page.goto(demoUrl())
  await page.getByRole('group').or(page.locator('#lg')).first().locator('summary').click()
  await page.getByRole('link', { name: 'English' }).click()
  await expect(page).toHaveURL(/\/en\/?$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  const cookie = (await context.cookies()).find((c) => c.name === 'lang')
  expect(cookie?.value).toBe('en')
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(29.9)
  expect(days).toBeLessThanOrEqual(30.01)
})

test('a site published as private is not served, and is again once published', async ({ page, urls }) => {
  const token = await apiSignIn(urls.api, 'creator@example.com', 'Creator#Local1')
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${urls.api}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
    return (await response.json()) as Record<string, never>
  }
  const list = (await call('GET', `/site?name=${encodeURIComponent('デモサイト')}`)) as unknown as {
    items: { id: string; version: number }[]
  }
  const demo = list.items[0]!
  const privated = (await call('POST', `/site/${demo.id}/status`, {
    action: 'private',
    version: demo.version,
  })) as unknown as { version: number; global_setting: { status: string } }
  expect(privated.global_setting.status).toBe('PRIVATE')
  const hidden = await page.goto(demoUrl())
  expect(hidden?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'ページが見つかりません' })).toBeVisible()

  const republished = (await call('POST', `/site/${demo.id}/status`, {
    action: 'publish',
    version: privated.version,
  })) as unknown as { global_setting: { status: string } }
  expect(republished.global_setting.status).toBe('PUBLISH')
  expect((await page.goto(demoUrl()))?.status()).toBe(200)
})
