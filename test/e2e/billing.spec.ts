import { readFileSync } from 'node:fs'
import type { Browser, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { signIn } from './support.ts'

/** A fresh browser session (its own local storage) at the console. */
const session = async (browser: Browser, baseURL: string) =>
  (await browser.newContext({ baseURL, locale: 'ja-JP', acceptDownloads: true })).newPage()

/** Signs in and answers the console path prefix of the account (`/master`, `/adminuser`, …). */
const signedIn = async (page: Page, email: string, password: string) => {
  await signIn(page, email, password)
  await expect(page).toHaveURL(/\/summary$/)
  return new URL(page.url()).pathname.replace(/\/summary$/, '')
}

/** Opens an antd Select by its accessible name, types to search, and picks the option containing `text`. */
const pick = async (page: Page, label: string, text: string, search?: string) => {
  const select = page.locator('.ant-select', { has: page.getByRole('combobox', { name: label }) })
  await expect(async () => {
    await select.click()
    if (search) await page.getByRole('combobox', { name: label }).fill(search)
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: text })
      .first()
      .click({ timeout: 2000 })
    await expect(select).toContainText(text, { timeout: 1000 })
  }).toPass({ timeout: 20_000 })
}

test('MASTER creates a plan and assigns it; the user checks the plan and downloads an invoice; MASTER force-completes a payment', async ({
  browser,
  urls,
}) => {
  const planId = `e2e-${Date.now().toString(36)}`
  const planName = `E2Eプラン ${planId.slice(-4)}`

  // MASTER: a new plan in the catalogue.
  const master = await session(browser, urls.admin)
  const masterBase = await signedIn(master, 'master@example.com', 'Master#Local1')
  await master.goto(`${masterBase}/plan-management`)
  await master.getByRole('button', { name: 'プランを追加' }).click()
  const dialog = master.getByRole('dialog', { name: 'プランを追加' })
  await dialog.getByLabel('プランID').fill(planId)
  await dialog.getByLabel('プラン名').fill(planName)
  await dialog.getByLabel('月額（税抜）').fill('39800')
  await dialog.getByLabel('サイト数').fill('3')
  await dialog.getByLabel('お問い合わせフォーム').click()
  const created = master.waitForResponse((r) => r.url().endsWith('/plan') && r.request().method() === 'POST')
  await dialog.getByRole('button', { name: '保存' }).click()
  expect((await created).status()).toBe(201)
  await expect(master.getByText('プランを登録しました。')).toBeVisible()
  const plans = master.getByRole('region', { name: 'プラン一覧' })
  await expect(plans.getByRole('row', { name: new RegExp(planName) })).toContainText('¥39,800')

  // …assigned to the demo creator from the lists: it already pays for a plan, so the change waits
  // for the 1st of next month.
  await pick(master, 'ユーザー', 'creator@example.com', 'creator')
  await pick(master, '新しいプラン', planName)
  const changed = master.waitForResponse((r) => /\/user\/[^/]+\/user-plan$/.test(r.url()))
  await master.getByRole('button', { name: '変更する' }).click()
  const answer = await changed
  expect(answer.status()).toBe(200)
  const fromDay = ((await answer.json()) as { pending: { from_day: string } }).pending.from_day
  expect(fromDay).toMatch(/^\d{4}-\d{2}-01$/)
  await expect(
    master.getByRole('status').filter({ hasText: `→ ${planName}（${fromDay}から）` }),
  ).toBeVisible()

  // The user: プラン確認 shows the change and the closed months' invoices; one downloads as issued.
  const creator = await session(browser, urls.admin)
  const creatorBase = await signedIn(creator, 'creator@example.com', 'Creator#Local1')
  await creator.goto(`${creatorBase}/check-plan`)
  await expect(creator.getByRole('heading', { name: 'プラン確認', level: 1 })).toBeVisible()
  await expect(creator.getByText(`→ ${planName}（${fromDay}から）`)).toBeVisible()
  const history = creator.getByRole('region', { name: 'お支払い履歴・請求書' })
  await expect(history.getByRole('row')).not.toHaveCount(1)
  const downloaded = creator.waitForEvent('download')
  await history
    .getByRole('button', { name: /^請求書PDF/ })
    .first()
    .click()
  const download = await downloaded
  expect(download.suggestedFilename()).toMatch(/^INV-\d{6}-[0-9A-F]{8}\.pdf$/)
  const file = readFileSync((await download.path()) as string)
  expect(file.subarray(0, 5).toString()).toBe('%PDF-')

  // MASTER: the payment list; an unpaid payment is completed after the confirmation.
  await master.goto(`${masterBase}/plan`)
  await expect(master.getByRole('heading', { name: '支払い一覧', level: 1 })).toBeVisible()
  const forceButton = master.getByRole('button', { name: /^完了にする .*デモクリエイター合同会社/ }).first()
  const label = (await forceButton.getAttribute('aria-label')) ?? ''
  const month = label.split(' ')[1] ?? ''
  await forceButton.click()
  const confirm = master.getByRole('dialog', { name: 'この支払いを完了にしますか？' })
  await expect(confirm).toContainText('この操作は取り消せず')
  await confirm.getByLabel('理由').fill('振込を確認（E2E）')
  const forced = master.waitForResponse((r) => r.url().endsWith('/force-complete'))
  await confirm.getByRole('button', { name: '完了にする' }).click()
  expect((await forced).status()).toBe(200)
  await expect(master.getByText('支払いを完了にしました。')).toBeVisible()
  const row = master.getByRole('row', { name: new RegExp(`^${month.replace('/', '\\/')}`) }).filter({
    hasText: 'デモクリエイター合同会社',
  })
  await expect(row.first()).toBeVisible()
  await expect(
    master.getByRole('button', { name: `完了にする ${month} デモクリエイター合同会社` }),
  ).toHaveCount(0)
})
