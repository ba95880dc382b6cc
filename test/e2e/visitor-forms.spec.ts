import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { devices } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import {
  apiCall,
  apiSignIn,
  createOneCellSite,
  linkIn,
  mailsTo,
  publishOneCellSite,
  signIn,
  signUp,
  waitForMail,
} from './support.ts'

/**
 * Issue 7 as a visitor and a creator meet it, on the demo site the seed publishes (its membership,
 * contact and homepage forms on): sign up, the mailed link, sign in, the members-only creative;
 * a contact message in the creator's list and its CSV; the same address on a second site.
 */
const { defaultBrowserType: _, ...phone } = devices['Pixel 7']
test.use({ ...phone, locale: 'ja-JP' })

const CREATOR = { email: 'creator@example.com', password: 'Creator#Local1' }

const demoUrl = () => {
  const url = process.env.E2E_DEMO_SITE_URL
  if (!url) throw new Error('The e2e stack did not publish the demo site')
  return url
}

test('a visitor signs up on the demo site through the mailed link, signs in and opens the members-only creative', async ({
  page,
  context,
  urls,
}) => {
  const email = `visitor-${randomUUID().slice(0, 8)}@example.com`
  const password = 'Visitor#Pass1'
  await signUp(page, demoUrl(), urls.mail, email, password)

  // Before signing in, C3 is a lock that invites sign-up.
  const origin = new URL(demoUrl())
  await context.addCookies([{ name: 'position_tab', value: 'C3', domain: origin.hostname, path: '/' }])
  await page.goto(demoUrl())
  const locked = page.locator('#C3')
  await expect(locked.getByRole('link', { name: '会員登録する' })).toBeVisible()
  await expect(locked.locator('img.m, video.m')).toHaveCount(0)

  // A wrong password is refused in place; the right one signs in and returns to the site.
  await page.goto(`${demoUrl()}login`)
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill('Wrong#Pass1')
  await page.getByRole('button', { name: 'ログイン' }).click()
  await expect(page.getByText('メールアドレスまたはパスワードが正しくありません。')).toBeVisible()
  await page.locator('input[name="password"]').fill(password)
  await page.getByRole('button', { name: 'ログイン' }).click()
  await expect(page).toHaveURL(demoUrl())

  // C3 (the cookie still says so) now shows its creative.
  const member = page.locator('#C3')
  await expect(member.locator('img.m, video.m')).toHaveCount(1)
  await expect(member.getByRole('link', { name: '会員登録する' })).toHaveCount(0)
  // The whole creative, as the cell block shows a public one: its texts and its link button too.
  await expect(member.locator('.ov .tx')).toHaveText('スワイプで次のクリエイティブへ')
  await expect(member.locator('.ov a.bt[data-t="link"]')).toHaveAttribute('href', 'https://example.com/')
  // The session is an HttpOnly cookie of this site's end-user API (docs/decisions/0029-members-sessions.md);
  // the page keeps only a hint, its expiry, and no token.
  const session = (await context.cookies()).find((c) => c.name === 'swipe_member')
  expect(session).toMatchObject({ domain: origin.hostname, httpOnly: true, sameSite: 'Strict' })
  expect(session?.path).toMatch(/^\/api\/v1\/end-user\/site\/[^/]+\/$/)
  const stored = await page.evaluate(() => ({
    keys: Object.keys(globalThis.localStorage).filter((key) => key.startsWith('swipe.')),
    all: JSON.stringify(globalThis.localStorage),
    cookie: (globalThis as unknown as { document: { cookie: string } }).document.cookie,
  }))
  expect(stored.keys.filter((key) => key.startsWith('swipe.member.'))).toHaveLength(1)
  expect(stored.keys.filter((key) => key.startsWith('swipe.endUser.'))).toEqual([])
  expect(stored.all).not.toContain(session!.value)
  expect(stored.all).not.toContain(email)
  expect(stored.cookie).not.toContain('swipe_member')
})

test("a contact message reaches the creator's contact list and its CSV", async ({ page, urls }) => {
  const email = `asker-${randomUUID().slice(0, 8)}@example.com`
  const topic = `=HYPERLINK("http://evil.example","料金について")`
  await page.goto(`${demoUrl()}contact`)
  await expect(page.getByRole('heading', { name: 'お問い合わせ' })).toBeVisible()
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="company"]').fill('株式会社テスト')
  await page.locator('[name="topic"]').fill(topic)
  await page.getByRole('button', { name: '送信する' }).click()
  await expect(page).toHaveURL(/contact-success/)
  await expect(page.getByText('情報を送信しました。24時間以内にメールにてご連絡いたします。')).toBeVisible()
  // The demo's recipient is the creator: the message is mailed to them with the asker's address.
  await expect
    .poll(async () => (await mailsTo(urls.mail, CREATOR.email)).some((m) => m.body.text?.includes(email)))
    .toBe(true)

  // The creator finds it in the contact tab and in the CSV of that tab.
  const token = await apiSignIn(urls.api, CREATOR.email, CREATOR.password)
  const sites = (await (
    await fetch(`${urls.api}/site?name=${encodeURIComponent('デモサイト')}`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { items: { id: string }[] }
  const siteId = sites.items[0]!.id
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, CREATOR.email, CREATOR.password)
  await page.waitForURL(/\/adminuser\//)
  await page.goto(`/adminuser/site/${siteId}/submissions?tab=contact`)
  await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible()

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'お問い合わせ一覧をCSVでエクスポート' }).click(),
  ])
  const csv = readFileSync((await download.path())!, 'utf8')
  expect(csv.charCodeAt(0)).toBe(0xfeff)
  const row = csv.split(/\r?\n/).find((line) => line.includes(email))
  expect(row).toBeDefined()
  // The formula arrives as text, never as a formula.
  expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""料金について"")"`)
})

test('the same email signs up on a second site independently of the first', async ({ page, urls }) => {
  const token = await apiSignIn(urls.api, CREATOR.email, CREATOR.password)
  const call = (method: string, path: string, body?: unknown) => apiCall(urls.api, token, method, path, body)
  const site = await createOneCellSite(urls.api, token, `二つ目のサイト ${randomUUID().slice(0, 4)}`)
  const { siteId } = site
  try {
    const fixed = (key: string, title: string) => ({
      key,
      type_input: 'TEXT_BOX',
      title,
      placeholder: '',
      is_required: true,
      options: [],
    })
    const secondUrl = await publishOneCellSite(urls.api, token, site, {
      forms: {
        contact: {
          enabled: false,
          recipient_email: '',
          company_name: '',
          fields: [fixed('email', 'メールアドレス'), fixed('company', '会社名')],
        },
        membership: {
          enabled: true,
          fields: [
            fixed('email', 'メールアドレス'),
            fixed('password', 'パスワード'),
            fixed('confirm_password', 'パスワード（確認）'),
          ],
        },
        homepage: {
          enabled: false,
          fields: [fixed('email', 'メールアドレス'), fixed('company', '会社名')],
        },
      },
    })

    // One address, two sites: each sign-up is its own, with its own mail and link.
    const email = `twice-${randomUUID().slice(0, 8)}@example.com`
    await signUp(page, demoUrl(), urls.mail, email, 'First#Site1')
    const before = (await waitForMail(urls.mail, email, 1)).body.text
    await page.goto(`${secondUrl}register`)
    await page.locator('input[name="email"]').fill(email)
    await page.locator('input[name="password"]').fill('Second#Site2')
    await page.locator('input[name="confirm_password"]').fill('Second#Site2')
    await page.getByRole('button', { name: '登録する' }).click()
    await expect(page).toHaveURL(/register-success/)
    const second = await waitForMail(urls.mail, email, 2)
    const link = linkIn(second.body.text)
    expect(link).not.toBe(linkIn(before))
    expect(new URL(link).origin).toBe(new URL(secondUrl).origin)
    await page.goto(link)
    await expect(page.getByRole('heading', { name: '会員登録が完了しました' })).toBeVisible()

    // Each site signs the visitor in with its own password only.
    await page.goto(`${secondUrl}login`)
    await page.locator('input[name="email"]').fill(email)
    await page.locator('input[name="password"]').fill('First#Site1')
    await page.getByRole('button', { name: 'ログイン' }).click()
    await expect(page.getByText('メールアドレスまたはパスワードが正しくありません。')).toBeVisible()
    await page.locator('input[name="password"]').fill('Second#Site2')
    await page.getByRole('button', { name: 'ログイン' }).click()
    await expect(page).toHaveURL(secondUrl)
  } finally {
    const current = (await call('GET', `/site/${siteId}`)) as unknown as { version: number }
    await call('DELETE', `/site/${siteId}?version=${current.version}`)
  }
})
