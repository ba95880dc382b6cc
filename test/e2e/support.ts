import { readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { type CDPSession, expect, type Page } from '@playwright/test'
import { importJWK, SignJWT } from 'jose'
import { writeRelease } from '../../web-site/scripts/release.ts'
import { serveRelease } from '../../web-site/scripts/serve.ts'

/** The console's own translations, so tests expect exactly what a user reads. */
export const uiText = (lang: 'ja' | 'en' | 'zh' | 'ko') =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', 'web-admin', 'src', 'i18n', `${lang}.json`), 'utf8'),
  )

export const signIn = async (page: Page, email: string, password: string) => {
  await page.goto('/login')
  await page.getByLabel('ログインID').fill(email)
  await page.getByLabel('パスワード', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'ログイン' }).click()
}

/** Reads the captured mails to one address from the local SES. */
export const mailsTo = async (mailUrl: string, to: string) => {
  const store = (await (await fetch(`${mailUrl}/store`)).json()) as {
    emails: Array<{ destination: { to: string[] }; subject: string; body: { text?: string } }>
  }
  return store.emails.filter((mail) => mail.destination.to.includes(to))
}

export const waitForMail = async (mailUrl: string, to: string, count = 1) => {
  const deadline = Date.now() + 15_000
  for (;;) {
    const mails = await mailsTo(mailUrl, to)
    if (mails.length >= count) return mails[count - 1]!
    if (Date.now() > deadline) throw new Error(`No mail #${count} to ${to}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** An access token like cognito-local's, already expired (signed with the key its package ships). */
export const expiredCopyOf = async (token: string) => {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())
  const require = createRequire(import.meta.url)
  const keyFile = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json')
  const key = await importJWK(JSON.parse(readFileSync(keyFile, 'utf8')).jwk, 'RS256')
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 60)
    .sign(key)
}

/** Signs in through the API (for arranging a test, not for testing sign-in). */
export const apiSignIn = async (apiUrl: string, email: string, password: string): Promise<string> => {
  const response = await fetch(`${apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login_id: email, password }),
  })
  return ((await response.json()) as { access_token: string }).access_token
}

/** Creates a user as the given token's account, through the API; its welcome mail follows. */
export const apiCreateUser = async (apiUrl: string, token: string, body: Record<string, unknown>) =>
  fetch(`${apiUrl}/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })

/** The creatives a visitor can reach now on a swipe page: the island makes every other one inert. */
export const current = (page: Page) =>
  page
    .locator('.c:not([inert])')
    .evaluateAll((cells) => cells.map((cell) => (cell as unknown as { id: string }).id))

/** A touch drag through the DevTools protocol (Playwright has taps, not swipes). */
export const swipe = async (page: Page, cdp: CDPSession, from: [number, number], to: [number, number]) => {
  const point = (t: number) => [{ x: from[0] + (to[0] - from[0]) * t, y: from[1] + (to[1] - from[1]) * t }]
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(0) })
  for (let i = 1; i <= 8; i++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(i / 8) })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await page.waitForTimeout(450)
}

/** The registration link of the newest sign-up mail to `email`. */
export const linkIn = (text: string | undefined) => {
  const link = /https?:\/\/\S+register-complete\?token=[\w-]+/.exec(text ?? '')?.[0]
  if (!link) throw new Error(`No registration link in: ${text}`)
  return link
}

/** Signs up on a site's register page and completes it through the mailed link. */
export const signUp = async (page: Page, siteUrl: string, mail: string, email: string, password: string) => {
  await page.goto(`${siteUrl}register`)
  await expect(page.getByRole('heading', { name: '会員登録' })).toBeVisible()
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill(password)
  await page.locator('input[name="confirm_password"]').fill(password)
  await page.getByRole('button', { name: '登録する' }).click()
  await expect(page).toHaveURL(/register-success/)
  await expect(page.getByRole('heading', { name: '確認メールを送信しました' })).toBeVisible()

  const message = await waitForMail(mail, email)
  const link = linkIn(message.body.text)
  expect(new URL(link).origin).toBe(new URL(siteUrl).origin)
  await page.goto(link)
  await expect(page.getByRole('heading', { name: '会員登録が完了しました' })).toBeVisible()
  // The link works once.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'このリンクは無効です' })).toBeVisible()
}

/** A JSON call to the API as an account; fails the test on any status from 300. */
export const apiCall = async (api: string, token: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  const text = await response.text()
  expect(response.status, `${method} ${path} ${text}`).toBeLessThan(300)
  return (text ? JSON.parse(text) : {}) as unknown
}

/** A new draft 1 × 1 Japanese site of the token's account: its id, name and version. */
export const createOneCellSite = async (api: string, token: string, name: string) => {
  const created = (await apiCall(api, token, 'POST', '/site', {
    name,
    number_horizontal: 1,
    number_vertical: 1,
    languages: ['JP'],
  })) as unknown as { global_setting: { id: string }; version: number }
  return { siteId: created.global_setting.id, name, version: created.version }
}

/** Deletes a site a test made, at its current version: the demo creator's plan allows 3 sites, which other browser tests need too. */
export const deleteSite = async (api: string, token: string, siteId: string) => {
  const current = (await apiCall(api, token, 'GET', `/site/${siteId}`)) as unknown as { version: number }
  await apiCall(api, token, 'DELETE', `/site/${siteId}?version=${current.version}`)
}

/**
 * Gives a 1 × 1 site its one image, uploaded as the console does (presigned PUT, then the server's
 * check), saves it with the language's `settings` and publishes it: the site's own URL. `below`:
 * more creatives under A1 (A2, A3, …; the grid grows to one column of them), each with the same
 * image and its own fields.
 */
export const publishOneCellSite = async (
  api: string,
  token: string,
  site: { siteId: string; name: string; version: number },
  settings: Record<string, unknown> = {},
  below: Record<string, unknown>[] = [],
  /** More fields of the global setting (ad tags, …). */
  global: Record<string, unknown> = {},
) => {
  const bytes = readFileSync(
    join(import.meta.dirname, '..', '..', 'infra', 'local', 'seed-assets', 'creative-A1.jpg'),
  )
  const file = { file_name: 'a1.jpg', content_type: 'image/jpeg', size: bytes.length }
  const issued = (await apiCall(api, token, 'POST', '/site/generate-urls', {
    site_id: site.siteId,
    files: [file],
  })) as unknown as { uploads: { key: string; upload_url: string; headers: Record<string, string> }[] }
  const target = issued.uploads[0]!
  expect(
    (await fetch(target.upload_url, { method: 'PUT', headers: target.headers, body: bytes })).status,
  ).toBe(200)
  const image = (await apiCall(api, token, 'POST', '/site/confirm-upload', {
    site_id: site.siteId,
    key: target.key,
    file_name: file.file_name,
  })) as unknown as { key: string }
  const saved = (await apiCall(api, token, 'PUT', `/site/${site.siteId}`, {
    version: site.version,
    global_setting: {
      id: site.siteId,
      name: site.name,
      number_horizontal: 1 + below.length,
      number_vertical: 1,
      default_language: 'JP',
      languages: ['JP'],
      ...global,
    },
    creatives: [{}, ...below].map((fields, row) => ({
      lang: 'JP',
      position: `A${row + 1}`,
      media_key: image.key,
      media_type: 'image',
      image_alt: site.name,
      ...fields,
    })),
    settings: [{ lang: 'JP', sns: [], ...settings }],
  })) as unknown as { version: number }
  const published = (await apiCall(api, token, 'POST', `/site/${site.siteId}/status`, {
    action: 'publish',
    version: saved.version,
  })) as unknown as { global_setting: { url: string } }
  return published.global_setting.url
}

/**
 * A release of `input` rendered into a temporary folder and served on a free loopback port, for a
 * spec's whole file or group (`dir` holds the rendered files); `stop` closes the server and removes
 * the folder.
 */
export const servedRelease = async (input: Parameters<typeof writeRelease>[0]) => {
  const dir = writeRelease(input)
  const { url, server } = await serveRelease(dir)
  return {
    url,
    dir,
    stop: async () => {
      await new Promise((resolve) => server.close(resolve))
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The required fields of a form, as the console saves them. */
const fixedFields = (...keys: string[]) =>
  keys.map((key) => ({
    key,
    type_input: 'TEXT_BOX',
    title: key,
    placeholder: '',
    is_required: true,
    options: [],
  }))

/** A language's forms with only the contact form on (email and company), mailed to `recipient`. */
export const contactFormOnly = (recipient: string) => ({
  contact: {
    enabled: true,
    recipient_email: recipient,
    company_name: '',
    fields: fixedFields('email', 'company'),
  },
  membership: { enabled: false, fields: fixedFields('email', 'password', 'confirm_password') },
  homepage: { enabled: false, fields: fixedFields('email', 'company') },
})
