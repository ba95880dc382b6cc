import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { gzipSync } from 'node:zlib'
import { devices, expect, type Page, test } from '@playwright/test'
import { fixtureSite } from '@swipe/web-site/fixture'
import { current, servedRelease, swipe } from './support.ts'

/**
 * The visitor's swipe page in a phone (issue 6): the fixture site rendered as the publisher will,
 * served by a static server this file starts and stops, on a Pixel 7 with touch.
 */
// Callbacks of page.evaluate run in the browser; the test project's types have no DOM library.
// biome-ignore lint/suspicious/noExplicitAny: browser globals, typed by the browser at run time
declare const document: any, window: any, innerHeight: number, WheelEvent: any, localStorage: any

const { defaultBrowserType: _, ...phone } = devices['Pixel 7']
test.use({ ...phone, locale: 'ja-JP' })

let site: Awaited<ReturnType<typeof servedRelease>>

test.beforeAll(async () => {
  site = await servedRelease(fixtureSite({ now: new Date().toISOString() }))
})

test.afterAll(async () => {
  await site.stop()
})

const axe = async (page: Page) => {
  const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
  await page.addScriptTag({ content: source })
  return page.evaluate(async () => {
    const { violations }: { violations: { id: string; impact: string }[] } = await window.axe.run()
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)
  })
}

test('swipes rows vertically and columns horizontally, without nested-swiper traps', async ({
  page,
  context,
}) => {
  await page.goto(`${site.url}/`)
  await expect.poll(() => current(page)).toEqual(['A1'])
  const cdp = await context.newCDPSession(page)
  await swipe(page, cdp, [320, 420], [60, 430]) // left: next column
  expect(await current(page)).toEqual(['B1'])
  await swipe(page, cdp, [200, 650], [215, 200]) // up, starting on a row that also swipes sideways
  expect(await current(page)).toEqual(['A2'])
  await swipe(page, cdp, [150, 650], [240, 250]) // diagonal, mostly vertical: rows only
  expect(await current(page)).toEqual(['A3'])
  await swipe(page, cdp, [100, 400], [330, 380]) // right at the first column: stays
  expect(await current(page)).toEqual(['A3'])
  await swipe(page, cdp, [200, 200], [200, 650]) // down: back to row 2 at its column
  expect(await current(page)).toEqual(['A2'])
  const cookies = await context.cookies()
  expect(cookies.find((c) => c.name === 'position_tab')?.value).toBe('A2')
})

test('one wheel gesture moves one step; arrow keys and buttons move too', async ({ page }) => {
  await page.goto(`${site.url}/`)
  await expect.poll(() => current(page)).toEqual(['A1'])
  // A trackpad fling: many wheel events close together.
  await page.evaluate(async () => {
    for (let i = 0; i < 20; i++) {
      document
        .getElementById('A1')!
        .dispatchEvent(new WheelEvent('wheel', { deltaY: 30, bubbles: true, cancelable: true }))
      await new Promise((r) => setTimeout(r, 16))
    }
  })
  expect(await current(page)).toEqual(['A2'])
  await page.waitForTimeout(300)
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => current(page)).toEqual(['B2'])
  await page.getByRole('button', { name: '上へ' }).click()
  await expect.poll(() => current(page)).toEqual(['A1'])
})

test('loads only the first creative up front, then its neighbours; nothing shifts', async ({ page }) => {
  const images: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'image') images.push(new URL(r.url()).pathname)
  })
  await page.addInitScript(() => {
    window.cls = 0
    new window.PerformanceObserver(
      (list: { getEntries: () => { value: number; hadRecentInput: boolean }[] }) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.cls += entry.value
      },
    ).observe({ type: 'layout-shift', buffered: true })
  })
  const response = await page.goto(`${site.url}/`)
  expect(response?.headers()['content-encoding']).toBe('gzip')
  await page.waitForLoadState('networkidle')
  expect(images[0]).toBe('/media/creative-A1.jpg')
  expect(new Set(images)).toEqual(
    new Set(['/media/creative-A1.jpg', '/media/creative-B1.jpg', '/media/creative-A2.jpg']),
  )
  expect(await page.evaluate(() => window.cls)).toBe(0)
  // The viewport fills the screen between the bars; the creative keeps the 351 × 535 frame.
  const box = await page.evaluate(() => {
    const r = (s: string) => document.querySelector(s)!.getBoundingClientRect()
    return {
      inner: innerHeight,
      top: r('.tb').height,
      sw: r('#sw').height,
      bottom: r('#bb').height,
      st: r('#A1 .st'),
    }
  })
  expect(box.top + box.sw + box.bottom).toBe(box.inner)
  expect(box.st.width / box.st.height).toBeCloseTo(351 / 535, 2)
})

test('the company modal traps the focus, shows the texts and gives the focus back', async ({ page }) => {
  await page.goto(`${site.url}/`)
  await expect.poll(() => current(page)).toEqual(['A1'])
  const opener = page.getByRole('button', { name: '利用規約' })
  await opener.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: '会社情報' })
  await expect(dialog).toBeVisible()
  await expect(page.getByRole('tab', { name: '利用規約' })).toBeFocused()
  await expect(page.getByRole('tabpanel')).toHaveText(/第1条/)
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'プライバシーポリシー' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true)
  }
  expect(await axe(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
})

test('opens the product card and locks members-only creatives; no serious axe violations', async ({
  page,
}) => {
  await page.goto(`${site.url}/`)
  expect(await axe(page)).toEqual([])
  await page.getByRole('button', { name: /限定セット/ }).click()
  await expect(page.getByRole('dialog', { name: '商品' })).toContainText('¥3,300（税込）')
  expect(await axe(page)).toEqual([])
  await page.keyboard.press('Escape')
  await page.goto(`${site.url}/?position=C2`)
  await expect.poll(() => current(page)).toEqual(['C2'])
  await expect(page.getByText('会員限定コンテンツです')).toBeVisible()
  await expect(page.getByRole('link', { name: '会員登録する' })).toHaveAttribute('href', '/register')
  expect(await axe(page)).toEqual([])
})

test('switching language remembers it for 30 days and reloads to the language URL', async ({
  page,
  context,
}) => {
  await page.goto(`${site.url}/`)
  await expect.poll(() => current(page)).toEqual(['A1'])
  await page.getByLabel('言語').click()
  await Promise.all([page.waitForURL(`${site.url}/en/`), page.getByRole('link', { name: 'English' }).click()])
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
  const lang = (await context.cookies()).find((c) => c.name === 'lang')
  expect(lang?.value).toBe('en')
  expect(Math.round((lang?.expires ?? 0) - Date.now() / 1000)).toBeGreaterThan(2_592_000 - 60)
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en')
  // A later visit to the default URL (a bookmark, a shared link) returns the remembered language.
  await page.goto(`${site.url}/?position=B1`)
  await page.waitForURL(`${site.url}/en/?position=B1`)
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
  await expect.poll(() => current(page)).toEqual(['B1'])
})

test('the JavaScript stays within 40 KB gzipped and blocks nothing', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
  })
  await page.goto(`${site.url}/`)
  await page.waitForLoadState('networkidle')
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/swipe\.[0-9a-f]{12}\.js$/)])
  const html = await (await fetch(`${site.url}/`)).text()
  // No script element loads anything: the inline boot script imports the island named on <body>
  // once the first creative has painted.
  expect(html).not.toMatch(/<script[^>]* src=/)
  expect(html).toContain(` data-island="${scripts[0]}"`)
  const js = Buffer.from(await (await fetch(`${site.url}${scripts[0]}`)).arrayBuffer())
  expect(gzipSync(js).length).toBeLessThan(40 * 1024)
})

/**
 * Issue 15: on a Pixel 7 the creative uses the screen (creative fit FILL, the default), and a site
 * without logo, menu or language icon shows no empty top bar.
 */
test.describe('the creative frame on a Pixel 7 screen', () => {
  test.use({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
  })

  let bare: Awaited<ReturnType<typeof servedRelease>>

  test.beforeAll(async () => {
    const input = fixtureSite({ now: new Date().toISOString() })
    input.site.displayLanguageIcon = false
    input.site.displayGlobalMenu = false
    delete input.site.logoKey
    bare = await servedRelease(input)
  })

  test.afterAll(async () => {
    await bare.stop()
  })

  test('the media covers the swipe area, points stay on screen, no empty top bar', async ({ page }) => {
    await page.goto(`${bare.url}/`)
    await page.waitForLoadState('networkidle')
    const box = await page.evaluate(() => {
      const r = (s: string) => {
        const b = document.querySelector(s)?.getBoundingClientRect()
        return b ? { left: b.left, right: b.right, top: b.top, bottom: b.bottom, width: b.width } : null
      }
      return { width: window.innerWidth, tb: r('.tb'), sw: r('#sw'), m: r('#A1 .m'), pt: r('#A1 .pt') }
    })
    expect(box.tb).toBeNull()
    expect(box.sw!.top).toBe(0)
    // The media box spans the whole width (at least 90 % of it) and the whole swipe area's height.
    expect(box.m!.width).toBeGreaterThanOrEqual(0.9 * box.width)
    expect(box.m!.left).toBeLessThanOrEqual(0)
    expect(box.m!.right).toBeGreaterThanOrEqual(box.width)
    expect(box.m!.top).toBeLessThanOrEqual(box.sw!.top)
    expect(box.m!.bottom).toBeGreaterThanOrEqual(box.sw!.bottom)
    // The image-link point near the frame's right edge (x 300 of 351) is pulled inside the screen.
    expect(box.pt!.left).toBeGreaterThanOrEqual(0)
    expect(box.pt!.right).toBeLessThanOrEqual(box.width)
  })
})
