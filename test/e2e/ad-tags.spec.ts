import AxeBuilder from '@axe-core/playwright'
import type { BrowserContext, Page } from '@playwright/test'
import { keysToSnake } from '@swipe/shared/case'
import { sha256Hex } from '@swipe/shared/site/conversions-normalise'
import { EXAMPLE_DESTINATIONS, EXAMPLE_VENDORS } from '@swipe/shared/site/tags-vendors'
import { adPlatformsControl } from '../../infra/local/ad-platforms/control.ts'
import { expect, test } from './fixtures.ts'
import {
  apiCall,
  apiSignIn,
  contactFormOnly,
  createOneCellSite,
  deleteSite,
  publishOneCellSite,
} from './support.ts'

/**
 * Ad tags by ID on a published page (issue 32), on a phone: with every vendor on and consent
 * asked, nothing goes to a vendor's host before the visitor chooses; "accept" loads each vendor's
 * loader from the page's first-party tags file under the page's CSP, with no violation; "reject"
 * loads nothing, now or on the next visit. The vendors' hosts never leave the machine: Playwright
 * answers them with an empty script and records each request. With every server-side destination
 * on, a contact sent after "accept" is one browser event and exactly one server event per
 * destination at the stack's ad-platform stand-in, with the same event id and the normalised,
 * hashed email; after "reject", the server sends nothing.
 */
// biome-ignore lint/suspicious/noExplicitAny: browser globals, typed by the browser at run time
declare const window: any
// biome-ignore lint/suspicious/noExplicitAny: browser globals, typed by the browser at run time
declare const document: any

test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, locale: 'ja-JP' })

const CREATOR = { email: 'creator@example.com', password: 'Creator#Local1' }
const VENDOR_HOSTS =
  /^https:\/\/([a-z0-9-]+\.)*(googletagmanager\.com|google-analytics\.com|facebook\.net|facebook\.com|line-scdn\.net|line\.me|yimg\.jp|yahoo\.co\.jp|tiktok\.com|ads-twitter\.com|twitter\.com|t\.co)\//

/** Every vendor on (the shared sample IDs), as the API takes them: snake_case keys. */
const ALL_VENDORS = keysToSnake(EXAMPLE_VENDORS as unknown as Parameters<typeof keysToSnake>[0])

/** Every server-side destination on (the stand-in answers for all four), as the API takes them. */
const ALL_DESTINATIONS = keysToSnake(EXAMPLE_DESTINATIONS as unknown as Parameters<typeof keysToSnake>[0])
const CREDENTIALS = {
  meta: { access_token: 'e2e-meta' },
  line: { access_token: 'e2e-line' },
  tiktok: { access_token: 'e2e-tiktok' },
  google: { developer_token: 'e2e-dev', client_secret: 'e2e-secret', refresh_token: 'e2e-refresh' },
}
const PLATFORMS = ['meta', 'line', 'tiktok', 'google'] as const

const FORMS = contactFormOnly('ads-test@example.com')

/**
 * The page's calls of its tags file (`swipeTags.track`), kept in session storage so they survive
 * the form's move to its thanks page.
 */
const recordTagCalls = async (page: Page) => {
  await page.addInitScript(() => {
    let tags: { track: (...args: unknown[]) => unknown } | undefined
    Object.defineProperty(window, 'swipeTags', {
      configurable: true,
      get: () => tags,
      set: (value) => {
        const track = value.track
        tags = {
          ...value,
          track: (...args: unknown[]) => {
            const calls = JSON.parse(sessionStorage.getItem('e2e-tags') ?? '[]')
            sessionStorage.setItem('e2e-tags', JSON.stringify([...calls, args.slice(0, 2)]))
            return track(...args)
          },
        }
      },
    })
  })
  return async () =>
    JSON.parse((await page.evaluate(() => sessionStorage.getItem('e2e-tags'))) ?? '[]') as string[][]
}

/** Sends the contact form; answers the body the page posted. */
const sendContact = async (page: Page, url: string, email: string) => {
  await page.goto(new URL('contact', url).href)
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="company"]').fill('株式会社テスト')
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/contact'))
  await page.locator('form button[type="submit"]').click()
  const body = (await posted).postDataJSON() as { conversion: Record<string, unknown> }
  await page.waitForURL((u) => !u.pathname.endsWith('/contact') && !u.pathname.endsWith('/contact/'))
  return body
}

/** The serious and critical axe violations of the page as it is now, one line each. */
const axeFindings = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(' ')}: ${v.help}`))

/** Every request for a vendor's host, answered here with an empty script. */
const recordVendors = async (context: BrowserContext) => {
  const requested: string[] = []
  await context.route(VENDOR_HOSTS, async (route) => {
    requested.push(route.request().url())
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* stand-in */' })
  })
  return requested
}

/** CSP violations the page reports, collected from the start of every document. */
const watchCsp = async (page: Page) => {
  await page.addInitScript(() => {
    window.__csp = []
    document.addEventListener(
      'securitypolicyviolation',
      (e: { violatedDirective: string; blockedURI: string }) =>
        window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
    )
  })
  return () => page.evaluate(() => window.__csp as string[])
}

let site: { siteId: string; url: string; token: string }

test.beforeAll(async ({ urls }) => {
  const token = await apiSignIn(urls.api, CREATOR.email, CREATOR.password)
  const created = await createOneCellSite(urls.api, token, '広告タグのサイト')
  for (const platform of PLATFORMS)
    await apiCall(urls.api, token, 'PUT', `/site/${created.siteId}/conversions/${platform}/credentials`, {
      credentials: CREDENTIALS[platform],
    })
  const url = await publishOneCellSite(urls.api, token, created, { forms: FORMS }, [], {
    ad_tags: { vendors: ALL_VENDORS, consent: 'opt-in', conversions: ALL_DESTINATIONS },
  })
  site = { siteId: created.siteId, url, token }
})

test.afterAll(async ({ urls }) => {
  if (site) await deleteSite(urls.api, site.token, site.siteId)
})

test('nothing reaches a vendor before consent; accept loads every loader under the CSP and a contact is one event per destination; reject loads and sends none', async ({
  browser,
  urls,
}) => {
  const adPlatforms = adPlatformsControl(urls.adPlatforms)
  await adPlatforms.reset()
  // Accept, landing from an ad click.
  const accepting = await browser.newContext({ locale: 'ja-JP', isMobile: true, hasTouch: true })
  const requested = await recordVendors(accepting)
  const page = await accepting.newPage()
  const violations = await watchCsp(page)
  const tagCalls = await recordTagCalls(page)
  await page.goto(
    `${site.url}?utm_source=instagram&fbclid=IwAR-e2e&gclid=Cj0-e2e&ttclid=tt-e2e&ldtag_cl=line-e2e`,
  )
  const banner = page.getByRole('region', { name: '外部サービスへの情報送信について' })
  await expect(banner).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(requested).toEqual([])
  // Reject is as easy as accept: two buttons of the same size.
  const reject = banner.getByRole('button', { name: '同意しない' })
  const accept = banner.getByRole('button', { name: '同意する' })
  const [r, a] = [await reject.boundingBox(), await accept.boundingBox()]
  expect([r?.width, r?.height]).toEqual([a?.width, a?.height])
  // The banner passes axe with the page (names, contrast, landmarks).
  expect(await axeFindings(page)).toEqual([])
  await accept.click()
  await expect(banner).toBeHidden()
  await expect
    .poll(() => [...new Set(requested.map((u) => new URL(u).origin + new URL(u).pathname))].sort())
    .toEqual(
      [
        'https://www.googletagmanager.com/gtm.js',
        'https://www.googletagmanager.com/gtag/js',
        'https://connect.facebook.net/en_US/fbevents.js',
        'https://d.line-scdn.net/n/line_tag/public/release/v1/lt.js',
        'https://s.yimg.jp/images/listing/tool/cv/ytag.js',
        'https://analytics.tiktok.com/i18n/pixel/events.js',
        'https://static.ads-twitter.com/uwt.js',
      ].sort(),
    )
  expect(await violations()).toEqual([])
  // The first cell was reached before consent: that event was dropped, not queued for later.
  const reached = () =>
    page.evaluate(() =>
      (window.dataLayer as { event?: string; event_id?: string; cell?: string }[])
        .filter((e) => e.event === 'swipe_cell_reached')
        .map((e) => ({ id: e.event_id, cell: e.cell })),
    )
  expect(await reached()).toEqual([])
  // Remembered: the next visit loads them at once, with no banner, and its events reach every
  // vendor with one event id (GTM's dataLayer and Meta's queue here).
  requested.length = 0
  await page.reload()
  await expect.poll(() => requested.length).toBeGreaterThanOrEqual(7)
  await expect(banner).toBeHidden()
  await expect.poll(reached).toEqual([{ id: expect.stringMatching(/^[0-9a-f-]{36}$/), cell: 'A1' }])
  const id = (await reached())[0]?.id
  expect(await page.evaluate(() => JSON.stringify(window.fbq.queue))).toContain(`"eventID":"${id}"`)

  // A contact: the browser's event and the server's, one per destination, with one event id.
  const posted = await sendContact(page, site.url, ' Hanako.Sato@Mail.Test ')
  const eventId = posted.conversion.eventId as string
  expect(posted.conversion).toMatchObject({
    eventId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    consent: 'granted',
    utm: { utm_source: 'instagram' },
    clicks: { fbclid: 'IwAR-e2e', gclid: 'Cj0-e2e', ttclid: 'tt-e2e', ldtag_cl: 'line-e2e' },
  })
  expect((await tagCalls()).filter(([event]) => event === 'contactSent')).toEqual([['contactSent', eventId]])
  for (const platform of PLATFORMS)
    await expect
      .poll(async () => (await adPlatforms.received(platform)).map((e) => e.eventId), { timeout: 15_000 })
      .toEqual([eventId])
  const [meta] = await adPlatforms.requests('meta')
  expect(meta?.outcome.accepted).toBe(true)
  expect(meta?.body).toMatchObject({
    data: [
      {
        event_name: 'Contact',
        event_id: eventId,
        user_data: { em: [await sha256Hex('hanako.sato@mail.test')] },
      },
    ],
  })
  const [google] = await adPlatforms.requests('google')
  expect(google?.body).toMatchObject({
    conversions: [
      {
        gclid: 'Cj0-e2e',
        orderId: eventId,
        userIdentifiers: [{ hashedEmail: await sha256Hex('hanako.sato@mail.test') }],
      },
    ],
  })
  await accepting.close()

  // Reject.
  const rejecting = await browser.newContext({ locale: 'ja-JP', isMobile: true, hasTouch: true })
  const none = await recordVendors(rejecting)
  const other = await rejecting.newPage()
  await other.goto(site.url)
  const again = other.getByRole('region', { name: '外部サービスへの情報送信について' })
  await again.getByRole('button', { name: '同意しない' }).click()
  await expect(again).toBeHidden()
  await other.reload()
  await other.waitForLoadState('networkidle')
  await expect(again).toBeHidden()
  expect(none).toEqual([])
  // A contact after "reject": no identifier leaves the page, and the server sends nothing.
  const refused = await sendContact(other, site.url, 'reject@mail.test')
  expect(refused.conversion).toEqual({
    eventId: expect.any(String),
    consent: 'denied',
    pageUrl: expect.stringMatching(/\/contact\/?$/),
  })
  for (const platform of PLATFORMS) expect(await adPlatforms.received(platform)).toHaveLength(1)
  expect(none).toEqual([])
  // The notice lists the eight vendors and the four destinations, and its link back asks again.
  await other.goto(new URL('external-transmission', site.url).href)
  await expect(other.getByRole('heading', { name: '外部送信に関する公表事項' })).toBeVisible()
  await expect(other.locator('tbody tr')).toHaveCount(12)
  expect(await axeFindings(other)).toEqual([])
  await other.getByRole('link', { name: '同意の選択をやり直す' }).click()
  await expect(again).toBeVisible()
  expect(none).toEqual([])
  await rejecting.close()
})
