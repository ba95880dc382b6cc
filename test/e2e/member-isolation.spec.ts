import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import {
  apiCall,
  apiCreateUser,
  apiSignIn,
  createOneCellSite,
  publishOneCellSite,
  signUp,
  waitForMail,
} from './support.ts'

/**
 * Issue 12, finding 1 (docs/decisions/0029-members-sessions.md): a page of one
 * tenant cannot obtain or use the session of another tenant's member. Tenant B is the demo
 * creator (its site has membership and the members-only C3); tenant A is a new direct user of the
 * platform with a site of its own. In ONE browser context a visitor signs in to B on B's own
 * origin; then A's published page, on the shared path-form host and on A's own origin, runs what
 * a creator's script could (page.evaluate stands in for it) and tries every way to read or use
 * B's session. Nothing yields the token, and every members-only call from A's pages is refused.
 */
// Callbacks of page.evaluate run in the browser; the test project's types have no DOM library.
// biome-ignore lint/suspicious/noExplicitAny: browser globals, typed by the browser at run time
declare const document: any
// biome-ignore lint/suspicious/noExplicitAny: browser globals, typed by the browser at run time
declare const window: any

test.use({ locale: 'ja-JP' })

const CREATOR = { email: 'creator@example.com', password: 'Creator#Local1' }
const MASTER = { email: 'master@example.com', password: 'Master#Local1' }

const demoUrl = () => {
  const url = process.env.E2E_DEMO_SITE_URL
  if (!url) throw new Error('The e2e stack did not publish the demo site')
  return url
}

/** A new tenant: a direct user of the platform (the master creates it), signed in with a password of its own. */
const newTenant = async (urls: { api: string; mail: string }) => {
  const master = await apiSignIn(urls.api, MASTER.email, MASTER.password)
  const email = `tenant-a-${randomUUID().slice(0, 8)}@example.com`
  const created = await apiCreateUser(urls.api, master, {
    account_type: 'USER',
    email,
    company_name: 'テナントA株式会社',
    contact_name: '田中',
    plan_id: 'standard',
  })
  expect(created.status, await created.clone().text()).toBe(201)
  const mail = await waitForMail(urls.mail, email)
  const temporary = mail.body.text?.split('\n').find((line) => /^\S{12}$/.test(line)) ?? ''
  const first = (await (
    await fetch(`${urls.api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login_id: email, password: temporary }),
    })
  ).json()) as { challenge?: string; session?: string }
  expect(first.challenge).toBe('NEW_PASSWORD_REQUIRED')
  const done = (await (
    await fetch(`${urls.api}/auth/complete-new-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login_id: email, session: first.session, new_password: 'TenantA#Pass1' }),
    })
  ).json()) as { access_token?: string }
  expect(done.access_token).toBeTruthy()
  return done.access_token!
}

/** Publishes a 1 × 1 site of the token's account (one image, no forms); its id and own URL. */
const publishSite = async (api: string, token: string) => {
  const site = await createOneCellSite(api, token, `テナントAのサイト ${randomUUID().slice(0, 4)}`)
  return { siteId: site.siteId, url: await publishOneCellSite(api, token, site) }
}

/** Signs up on B's own origin, completes it by the mailed link, and signs in there. */
const becomeMember = async (page: Page, siteUrl: string, mail: string, email: string, password: string) => {
  await signUp(page, siteUrl, mail, email, password)
  await page.goto(`${siteUrl}login`)
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill(password)
  await page.getByRole('button', { name: 'ログイン' }).click()
  await expect(page).toHaveURL(siteUrl)
}

/** What a hostile script on a page could gather: every storage it can read and every answer it can get. */
interface Loot {
  where: string
  localStorage: Record<string, string>
  sessionStorage: Record<string, string>
  cookie: string
  calls: Record<string, string>
  frames: Record<string, string>
}

/**
 * Runs in the page, as a creator's script would: reads the page's storage and cookies, calls B's
 * members-only API same-origin and cross-origin (credentials included, with and without the member
 * header, and `no-cors`), and frames B's pages to read their storage.
 */
const plunder = (page: Page, b: { siteId: string; ownOrigin: string; pathUrl: string }) =>
  page.evaluate(async ({ siteId, ownOrigin, pathUrl }): Promise<Loot> => {
    const dump = (storage: {
      length: number
      key(i: number): string | null
      getItem(k: string): string | null
    }) => {
      const out: Record<string, string> = {}
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i)!
        out[key] = storage.getItem(key) ?? ''
      }
      return out
    }
    const privatePath = `/api/v1/end-user/site/${siteId}/page/C3/private?lang=ja`
    const productPath = `/api/v1/end-user/site/${siteId}/product/private?position=C3&lang=ja`
    const attempt = async (url: string, init: Record<string, unknown>) => {
      try {
        const response = await fetch(url, init)
        const text = response.type === 'opaque' ? '' : await response.text()
        return `${response.type} ${response.status} ${text}`
      } catch (error) {
        return `blocked ${String(error)}`
      }
    }
    const member = { 'x-swipe-member': '1' }
    const calls: Record<string, string> = {}
    for (const [base, label] of [
      ['', 'same-origin'],
      [ownOrigin, "B's origin"],
    ] as const) {
      for (const path of [privatePath, productPath]) {
        const url = `${base}${path}`
        calls[`${label} ${path} include+header`] = await attempt(url, {
          credentials: 'include',
          headers: member,
        })
        calls[`${label} ${path} include`] = await attempt(url, { credentials: 'include' })
        calls[`${label} ${path} no-cors`] = await attempt(url, { credentials: 'include', mode: 'no-cors' })
      }
    }
    const frames: Record<string, string> = {}
    for (const [label, src] of [
      ["B's path form", pathUrl],
      ["B's own origin", `${ownOrigin}/`],
    ] as const) {
      const frame = document.createElement('iframe')
      frame.src = src
      document.body.append(frame)
      await new Promise((resolve) => {
        frame.onload = resolve
        frame.onerror = resolve
        setTimeout(resolve, 3000)
      })
      try {
        const inner = frame.contentWindow
        frames[label] = JSON.stringify({
          localStorage: dump(inner.localStorage),
          sessionStorage: dump(inner.sessionStorage),
          cookie: inner.document.cookie,
        })
      } catch (error) {
        frames[label] = `blocked ${String(error)}`
      }
    }
    return {
      where: window.location.href,
      localStorage: dump(window.localStorage),
      sessionStorage: dump(window.sessionStorage),
      cookie: document.cookie,
      calls,
      frames,
    }
  }, b)

test("tenant A's pages, on the shared path form and on A's own origin, cannot read or use a session of tenant B's member", async ({
  page,
  context,
  urls,
}) => {
  test.setTimeout(120_000)
  const edge = new URL(urls.edge)
  const shared = `http://sites.localhost:${edge.port}`

  // Tenant B: the demo site (membership on, C3 members-only). Its id, for its path form and API.
  const creator = await apiSignIn(urls.api, CREATOR.email, CREATOR.password)
  const listed = (await apiCall(
    urls.api,
    creator,
    'GET',
    `/site?name=${encodeURIComponent('デモサイト')}`,
  )) as {
    items: { id: string }[]
  }
  const b = {
    siteId: listed.items[0]!.id,
    ownOrigin: new URL(demoUrl()).origin,
    pathUrl: `${shared}/sites/${listed.items[0]!.id}/`,
  }
  // Tenant A: another account entirely, with its own published site.
  const a = await publishSite(urls.api, await newTenant(urls))
  const aOwn = a.url
  const aPath = `${shared}/sites/${a.siteId}/`
  expect(new URL(aOwn).origin).not.toBe(b.ownOrigin)

  // A token an earlier version left on the shared host is removed by any site's page there.
  await page.goto(aPath)
  await page.evaluate(() =>
    window.localStorage.setItem('swipe.endUser.left-over', JSON.stringify({ token: 'old-token' })),
  )

  // The member signs in to B on B's own origin; C3 opens for them there.
  const email = `isolated-${randomUUID().slice(0, 8)}@example.com`
  await becomeMember(page, demoUrl(), urls.mail, email, 'Member#Pass1')
  for (const host of [new URL(demoUrl()).hostname, 'sites.localhost'])
    await context.addCookies([{ name: 'position_tab', value: 'C3', domain: host, path: '/' }])
  await page.goto(demoUrl())
  await expect(page.locator('#C3 img.m, #C3 video.m')).toHaveCount(1)

  // The session is an HttpOnly, SameSite=Strict, host-only cookie of B's end-user API; its token
  // is nowhere a script reads, even on B's own page.
  const session = (await context.cookies()).find((c) => c.name === 'swipe_member')
  expect(session).toMatchObject({
    domain: new URL(demoUrl()).hostname,
    path: `/api/v1/end-user/site/${b.siteId}/`,
    httpOnly: true,
    sameSite: 'Strict',
  })
  const token = session!.value
  expect(token.split('.')).toHaveLength(3)
  const own = await page.evaluate(() => ({
    cookie: document.cookie,
    local: JSON.stringify(window.localStorage),
    session: JSON.stringify(window.sessionStorage),
  }))
  expect(JSON.stringify(own)).not.toContain(token)
  expect(Object.keys(JSON.parse(own.local))).toContain(`swipe.member.${b.siteId}`)

  // B's own path form on the shared host never unlocks, and sends sign-in to B's own origin.
  await page.goto(b.pathUrl)
  await expect(page.locator('#C3 .lk')).toHaveCount(1)
  expect(await page.evaluate(() => document.body.hasAttribute('data-members'))).toBe(false)
  await expect(page.locator('#C3 img.m, #C3 video.m')).toHaveCount(0)
  await expect(page.locator('#C3 .lk a').last()).toHaveAttribute('href', `${b.ownOrigin}/login`)
  await page.goto(`${b.pathUrl}login`)
  await expect(page).toHaveURL(`${b.ownOrigin}/login`)

  // Tenant A's pages try everything, in the same browser context.
  for (const where of [aPath, aOwn]) {
    await page.goto(where)
    const loot = await plunder(page, b)
    expect(loot.where).toBe(where)
    // No token, anywhere.
    expect(JSON.stringify(loot)).not.toContain(token)
    expect(Object.keys(loot.localStorage).filter((key) => key.startsWith('swipe.endUser.'))).toEqual([])
    expect(loot.cookie).not.toContain('swipe_member')
    // Every members-only call refused: 401 (no session here), 403 (another origin), blocked, or opaque.
    for (const [call, outcome] of Object.entries(loot.calls)) {
      expect(outcome, `${where}: ${call}`).toMatch(/^(basic 40[13] |cors 40[13] |blocked |opaque 0 )/)
      expect(outcome, `${where}: ${call}`).not.toContain('media_url')
    }
    // B's pages cannot be framed (CSP frame-ancestors 'none'), let alone read.
    for (const [frame, outcome] of Object.entries(loot.frames)) {
      expect(outcome, `${where}: ${frame}`).not.toContain(token)
      expect(outcome, `${where}: ${frame}`).not.toContain(`swipe.member.${b.siteId}`)
    }
  }

  // A sign-in to B from the shared host is refused by the API, whatever the page sends.
  await page.goto(aPath)
  const login = await page.evaluate(
    async ({ siteId, email }) => {
      const response = await fetch(`/api/v1/end-user/site/${siteId}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-swipe-member': '1' },
        body: JSON.stringify({ email, password: 'Member#Pass1' }),
      })
      return { status: response.status, body: await response.text() }
    },
    { siteId: b.siteId, email },
  )
  expect(login.status).toBe(403)
  expect(JSON.parse(login.body).error.code).toBe('endUser.signInOnSiteHost')
  expect((await context.cookies(shared)).find((c) => c.name === 'swipe_member')).toBeUndefined()

  // And the real flow still works: B's own page opens C3 for the member.
  await page.goto(demoUrl())
  await expect(page.locator('#C3 img.m, #C3 video.m')).toHaveCount(1)
})
