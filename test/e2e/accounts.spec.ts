import type { Browser, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { signIn, waitForMail } from './support.ts'

const temporaryPasswordIn = (text = '') => text.split('\n').find((line) => /^\S{12}$/.test(line)) ?? ''

/** A fresh browser session (its own local storage) at the console. */
const session = async (browser: Browser, baseURL: string) =>
  (await browser.newContext({ baseURL, locale: 'ja-JP' })).newPage()

const chooseOption = async (page: Page, label: string, option: string) => {
  const select = page.locator('.ant-select', { has: page.getByRole('combobox', { name: label }) })
  // antd opens a Select from its wrapper (the inner input does not take the click), and a page that
  // is still settling may re-render it closed: retry until the choice shows.
  await expect(async () => {
    await select.click()
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${option}$`) })
      .click({ timeout: 2000 })
    await expect(select).toContainText(option, { timeout: 1000 })
  }).toPass({ timeout: 15_000 })
}

const firstSignIn = async (page: Page, email: string, temporary: string, chosen: string) => {
  await signIn(page, email, temporary)
  await expect(page).toHaveURL(/\/first-time-change-password$/)
  await page.getByLabel('新しいパスワード', { exact: true }).fill(chosen)
  await page.getByLabel('新しいパスワード(確認)', { exact: true }).fill(chosen)
  await page.getByRole('button', { name: '変更してログイン' }).click()
}

/**
 * One contract action through the screen: the button, its confirmation, and the server's answer.
 * Waits for the answer itself (status words also appear in the history, so they prove nothing).
 */
const contractStep = async (page: Page, button: string, confirm: string, done: string) => {
  await page.getByRole('button', { name: button, exact: true }).click()
  const answered = page.waitForResponse(
    (r) => /\/users\/[^/]+\/contract$/.test(r.url()) && r.request().method() === 'POST',
  )
  await page.getByRole('button', { name: confirm }).click()
  expect((await answered).status()).toBe(200)
  await expect(page.getByText(done)).toBeVisible()
}

const apiAs = (page: Page, api: string) => async (method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ api, method, path, body }) => {
      const response = await fetch(`${api}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem('accessToken')}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
      // biome-ignore lint/suspicious/noExplicitAny: asserted field by field.
      return { status: response.status, body: (await response.json().catch(() => null)) as any }
    },
    { api, method, path, body },
  )

test('master creates an OEM, the OEM builds its team, and the contract lifecycle takes effect at once', async ({
  browser,
  urls,
}) => {
  test.setTimeout(180_000)
  const stamp = Date.now()
  const oemEmail = `oem-${stamp}@example.com`
  const userEmail = `direct-${stamp}@example.com`
  const viewerEmail = `viewer-${stamp}@example.com`

  // The master creates an OEM master.
  const master = await session(browser, urls.admin)
  await signIn(master, 'master@example.com', 'Master#Local1')
  await expect(master).toHaveURL(/\/master\/summary$/)
  await master.goto('/master/user-list')
  await master.getByRole('button', { name: '新規ユーザー登録' }).click()
  await chooseOption(master, 'アカウント種別', 'OEMマスター')
  await master.getByRole('textbox', { name: 'メールアドレス' }).fill(oemEmail)
  await master.getByRole('textbox', { name: '会社名' }).fill('E2E OEMパートナー株式会社')
  await master.getByRole('textbox', { name: '担当者名' }).fill('OEM 担当')
  await master.getByRole('button', { name: '登録する' }).click()
  await expect(master).toHaveURL(/\/master\/user\/[0-9a-f-]+$/)
  const oemDetailUrl = master.url()
  const oemId = oemDetailUrl.split('/').pop()!

  // The OEM master signs in with the mailed temporary password and changes it.
  const oem = await session(browser, urls.admin)
  await firstSignIn(
    oem,
    oemEmail,
    temporaryPasswordIn((await waitForMail(urls.mail, oemEmail)).body.text),
    'OemTeam#2026',
  )
  await expect(oem).toHaveURL(/\/admin\/summary$/)

  // It creates a direct user…
  await oem.goto('/admin/user-list')
  await oem.getByRole('button', { name: '新規ユーザー登録' }).click()
  await chooseOption(oem, 'アカウント種別', 'ユーザー')
  await oem.getByRole('textbox', { name: 'メールアドレス' }).fill(userEmail)
  await oem.getByRole('textbox', { name: '会社名' }).fill('直販ユーザー株式会社')
  await oem.getByRole('textbox', { name: '担当者名' }).fill('直販 担当')
  await oem.getByRole('button', { name: '登録する' }).click()
  await expect(oem).toHaveURL(/\/admin\/user\/[0-9a-f-]+$/)
  const userId = oem.url().split('/').pop()!
  await waitForMail(urls.mail, userEmail)

  // …and a sub-admin who may only view.
  await oem.goto('/admin/admin-list')
  await oem.getByRole('button', { name: '管理者を追加' }).click()
  const dialog = oem.getByRole('dialog', { name: '管理者の追加' })
  await dialog.getByRole('textbox', { name: 'メールアドレス' }).fill(viewerEmail)
  await dialog.getByRole('textbox', { name: '担当者名' }).fill('閲覧 花子')
  await chooseOption(oem, '役割', '閲覧者')
  await chooseOption(oem, '権限', '閲覧')
  await dialog.getByRole('button', { name: '追加する' }).click()
  await expect(oem.getByRole('row', { name: new RegExp(viewerEmail.replace(/\./g, '\\.')) })).toBeVisible()

  // The viewer cannot change anything: buttons disabled, the API answers 403.
  const viewer = await session(browser, urls.admin)
  await firstSignIn(
    viewer,
    viewerEmail,
    temporaryPasswordIn((await waitForMail(urls.mail, viewerEmail)).body.text),
    'ViewOnly#2026',
  )
  await expect(viewer).toHaveURL(/\/admin\/summary$/)
  await viewer.goto('/admin/user-list')
  await expect(viewer.getByRole('button', { name: '新規ユーザー登録' })).toBeDisabled()
  await viewer.goto(`/admin/user/${userId}`)
  await expect(viewer.getByRole('button', { name: '編集する' })).toBeDisabled()
  const viewerApi = apiAs(viewer, urls.api)
  const refused = await viewerApi('PUT', `/users/${userId}`, {
    company_name: 'x',
    contact_name: 'y',
    version: 1,
  })
  expect(refused.status).toBe(403)
  expect((await viewerApi('GET', `/users/${userId}`)).status).toBe(200)

  // The master suspends the OEM: its session is refused at once.
  const oemApi = apiAs(oem, urls.api)
  expect((await oemApi('GET', '/auth/user-info')).status).toBe(200)
  await master.goto(oemDetailUrl)
  await contractStep(master, '一時停止', '一時停止する', 'アカウントを一時停止しました。')
  const suspended = await oemApi('GET', '/auth/user-info')
  expect(suspended.status).toBe(403)
  expect(suspended.body.error.code).toBe('error.accountSuspended')

  // Resume restores it.
  await contractStep(master, '再開', '再開する', 'アカウントを再開しました。')
  expect((await oemApi('GET', '/auth/user-info')).status).toBe(200)

  // Terminate: access ends and the account refuses further edits.
  await contractStep(master, '解約', '解約する', '契約を解約しました。')
  await expect(master.getByRole('button', { name: '編集する' })).toHaveCount(0)
  expect((await oemApi('GET', '/auth/user-info')).body.error.code).toBe('error.accountTerminated')
  const masterApi = apiAs(master, urls.api)
  const current = (await masterApi('GET', `/users/${oemId}`)).body
  const edit = await masterApi('PUT', `/users/${oemId}`, {
    company_name: 'x',
    contact_name: 'y',
    version: current.version,
  })
  expect(edit.status).toBe(403)
  expect(edit.body.error.code).toBe('account.readOnly')
  expect(current.history.map((h: { action: string }) => h.action)).toEqual([
    'TERMINATE',
    'RESUME',
    'SUSPEND',
    'CREATE',
  ])
})
