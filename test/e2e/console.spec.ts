import { expect, test } from './fixtures.ts'

test('the admin console login page loads, in Japanese by default', async ({ page }) => {
  await page.goto('/login')
  await expect(page).toHaveTitle(/Swipe LP Studio/)
  await expect(page.getByLabel('ログインID')).toBeVisible()
  await expect(page.getByLabel('パスワード')).toBeVisible()
  await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible()
})

test('the console reaches the API through CORS (health)', async ({ page, urls }) => {
  await page.goto('/login')
  const status = await page.evaluate(async (api) => (await fetch(`${api}/health`)).status, urls.api)
  expect(status).toBe(200)
})
