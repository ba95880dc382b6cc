import { expect, test } from './fixtures.ts'
import { apiCreateUser, apiSignIn, expiredCopyOf, signIn, uiText, waitForMail } from './support.ts'

const ja = uiText('ja')

test.describe('sign-in', () => {
  for (const [email, password, segment] of [
    ['master@example.com', 'Master#Local1', 'master'],
    ['oem@example.com', 'Oem#Local1', 'admin'],
    ['creator@example.com', 'Creator#Local1', 'adminuser'],
  ] as const) {
    test(`${email} lands on /${segment}/summary`, async ({ page }) => {
      await signIn(page, email, password)
      await expect(page).toHaveURL(new RegExp(`/${segment}/summary$`))
      await expect(page.getByRole('heading', { level: 1, name: ja.pages.summary })).toBeVisible()
      await expect(page.getByRole('navigation', { name: ja.shell.mainMenu })).toBeVisible()
    })
  }

  test('a wrong password shows the message and stays on the login page', async ({ page }) => {
    await signIn(page, 'creator@example.com', 'Wrong#Pass9')
    await expect(page.getByText('ログインIDまたはパスワードが正しくありません。')).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
  })

  test('a route the role may not open shows the forbidden page', async ({ page }) => {
    await signIn(page, 'creator@example.com', 'Creator#Local1')
    await expect(page).toHaveURL(/\/adminuser\/summary$/)
    await page.goto('/adminuser/user-list')
    await expect(page.getByRole('heading', { name: ja.errors.forbiddenTitle })).toBeVisible()
    await page.goto('/master/summary')
    await expect(page.getByRole('heading', { name: ja.errors.forbiddenTitle })).toBeVisible()
  })

  test('an expired access token is refreshed silently', async ({ page }) => {
    await signIn(page, 'oem@example.com', 'Oem#Local1')
    await expect(page).toHaveURL(/\/admin\/summary$/)
    // The summary's own requests first, so none is in flight when the token is swapped.
    await page.waitForLoadState('networkidle')
    const token = await page.evaluate(() => localStorage.getItem('accessToken'))
    const expired = await expiredCopyOf(token ?? '')
    // Listening before the swap: whichever page sends the next request (this one or the reloaded
    // one) gets a 401 and refreshes.
    const refreshed = page.waitForResponse(
      (r) => r.url().endsWith('/auth/refresh-token') && r.status() === 200,
    )
    await page.evaluate((value) => localStorage.setItem('accessToken', value), expired)
    await page.reload()
    await refreshed
    await expect(page.getByRole('heading', { level: 1, name: ja.pages.summary })).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/summary$/)
    const now = await page.evaluate(() => localStorage.getItem('accessToken'))
    expect(now).not.toBe(expired)
    expect(now).toBeTruthy()
  })

  test('the interface switches to each of the four languages', async ({ page }) => {
    await signIn(page, 'master@example.com', 'Master#Local1')
    await expect(page.getByRole('heading', { level: 1, name: ja.pages.summary })).toBeVisible()
    for (const lang of ['en', 'zh', 'ko', 'ja'] as const) {
      const text = uiText(lang)
      // The header's language choice: a native select.
      await page.getByRole('combobox').first().selectOption({ label: text.languages[lang] })
      await expect(page.getByRole('heading', { level: 1, name: text.pages.summary })).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
    }
  })
})

test.describe('passwords', () => {
  test('a new account signs in with the mailed temporary password and must change it', async ({
    page,
    urls,
  }) => {
    // The master creates an OEM master through the API; the welcome mail carries the temporary password.
    const master = await apiSignIn(urls.api, 'master@example.com', 'Master#Local1')
    const email = `oem-${Date.now()}@example.com`
    const created = await apiCreateUser(urls.api, master, {
      account_type: 'OEM_MASTER',
      email,
      company_name: '新規OEM株式会社',
      contact_name: '佐藤',
    })
    expect(created.status).toBe(201)
    const mail = await waitForMail(urls.mail, email)
    const temporary = mail.body.text?.split('\n').find((line) => /^\S{12}$/.test(line)) ?? ''

    await signIn(page, email, temporary)
    await expect(page).toHaveURL(/\/first-time-change-password$/)
    await expect(page.getByRole('heading', { name: ja.auth.firstTime.title })).toBeVisible()
    await page.getByLabel(ja.auth.fields.newPassword, { exact: true }).fill('Chosen#Pass1')
    await page.getByLabel(ja.auth.fields.confirmPassword, { exact: true }).fill('Chosen#Pass1')
    await page.getByRole('button', { name: ja.auth.firstTime.submit }).click()
    await expect(page).toHaveURL(/\/admin\/summary$/)

    await page.evaluate(() => localStorage.clear())
    await signIn(page, email, 'Chosen#Pass1')
    await expect(page).toHaveURL(/\/admin\/summary$/)
  })

  test('a reset request, read back from the mail capture, completes and the new password works', async ({
    page,
    urls,
  }) => {
    const master = await apiSignIn(urls.api, 'master@example.com', 'Master#Local1')
    const email = `reset-${Date.now()}@example.com`
    await apiCreateUser(urls.api, master, {
      account_type: 'USER',
      email,
      company_name: '再設定テスト',
      contact_name: '鈴木',
    })
    await waitForMail(urls.mail, email)

    await page.goto('/login')
    await page.getByRole('link', { name: ja.auth.login.forgot }).click()
    await expect(page).toHaveURL(/\/reset-pass$/)
    await page.getByLabel(ja.auth.resetPass.email).fill(email)
    await page.getByRole('button', { name: ja.auth.resetPass.submit }).click()
    await expect(page.getByText(ja.auth.resetPass.sentTitle)).toBeVisible()

    const mail = await waitForMail(urls.mail, email, 2)
    const link = mail.body.text?.match(/https?:\/\/\S+/)?.[0] ?? ''
    expect(link).toContain('/new-password?token=')
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''))
    await expect(page.getByRole('heading', { name: ja.auth.newPassword.title })).toBeVisible()
    await page.getByLabel(ja.auth.fields.newPassword, { exact: true }).fill('Reset#Pass77')
    await page.getByLabel(ja.auth.fields.confirmPassword, { exact: true }).fill('Reset#Pass77')
    await page.getByRole('button', { name: ja.auth.newPassword.submit }).click()
    await expect(page.getByText(ja.auth.newPassword.doneTitle, { exact: true })).toBeVisible()

    await signIn(page, email, 'Reset#Pass77')
    await expect(page).toHaveURL(/\/adminuser\/summary$/)
  })
})
