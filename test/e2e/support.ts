import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { CDPSession, Page } from '@playwright/test'
import { importJWK, SignJWT } from 'jose'

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
