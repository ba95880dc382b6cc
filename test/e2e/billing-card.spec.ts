import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { signIn } from './support.ts'

/**
 * Saving the paying account's card (issue 18): プラン確認 sends the cardholder to the provider's
 * hosted page — locally the Stripe stand-in's page (infra/local/stripe.ts) — where a test card is
 * typed; the stand-in sends the signed webhook to the API and redirects back to the console.
 */

/** Types a card on the hosted page and submits it. */
const typeCard = async (page: Page, number: string) => {
  await expect(page.getByRole('heading', { name: 'カードを登録', level: 1 })).toBeVisible()
  await page.getByLabel('カード番号').fill(number)
  await page.getByLabel('有効期限（MM / YY）').fill('12 / 34')
  await page.getByLabel('セキュリティコード').fill('123')
  await page.getByRole('button', { name: '保存する' }).click()
}

test('the user saves a card on the hosted page, sees a decline, replaces the card and removes it', async ({
  page,
  urls,
}) => {
  await signIn(page, 'creator@example.com', 'Creator#Local1')
  await expect(page).toHaveURL(/\/summary$/)
  const base = new URL(page.url()).pathname.replace(/\/summary$/, '')
  await page.goto(`${base}/check-plan`)
  const section = page.getByRole('region', { name: 'お支払い方法' })
  await expect(section).toContainText('カードは登録されていません。', { timeout: 30_000 })
  // The demo's payment history has a card payment the provider has not settled yet.
  await expect(page.getByRole('region', { name: 'お支払い履歴・請求書' })).toContainText('処理中')

  // To the hosted page (not the console): a declined test card stays there with the message.
  await section.getByRole('button', { name: 'カードを登録' }).click()
  await expect(page).toHaveURL(/\/checkout\/cs_test_/)
  expect(new URL(page.url()).origin).not.toBe(new URL(urls.admin).origin)
  await typeCard(page, '4000 0000 0000 0002')
  await expect(page.getByRole('alert')).toHaveText('カードが拒否されました。別のカードをお試しください。')

  // A good test card: back at プラン確認 with the card's summary, never its number.
  await typeCard(page, '4242 4242 4242 4242')
  await expect(page).toHaveURL(new RegExp(`${base}/check-plan\\?card=saved$`))
  // The console loads again after the hosted page (slow on a shared machine).
  await expect(section.getByText('カードを登録しました。')).toBeVisible({ timeout: 30_000 })
  await expect(section.getByText('Visa •••• 4242')).toBeVisible()
  await expect(section.getByText('有効期限 12/2034')).toBeVisible()
  await expect(section.getByText('登録済み')).toBeVisible()
  await expect(page.getByText('4242 4242 4242 4242')).toHaveCount(0)

  // Replaced by another test card.
  await section.getByRole('button', { name: 'カードを変更' }).click()
  await typeCard(page, '5555 5555 5555 4444')
  await expect(section.getByText('Mastercard •••• 4444')).toBeVisible({ timeout: 30_000 })
  await expect(section.getByText('Visa •••• 4242')).toHaveCount(0)

  // Removed after the confirmation.
  await section.getByRole('button', { name: 'カードを削除' }).click()
  const confirm = page.getByRole('dialog', { name: 'カードを削除しますか？' })
  await expect(confirm).toContainText('Mastercard •••• 4444 を削除します。')
  const removed = page.waitForResponse(
    (r) => r.url().endsWith('/user/payment-card') && r.request().method() === 'DELETE',
  )
  await confirm.getByRole('button', { name: '削除する' }).click()
  expect((await removed).status()).toBe(200)
  await expect(
    page.getByText('カードを削除しました。今後のご請求は銀行振込でのお支払いになります。'),
  ).toBeVisible()
  await expect(section).toContainText('カードは登録されていません。')
})
