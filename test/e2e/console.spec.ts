import { expect, test } from './fixtures.ts'
import { signIn, uiText } from './support.ts'

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

test('a creator opens the API documentation from the account menu and reads the routes', async ({ page }) => {
  const ja = uiText('ja')
  await signIn(page, 'creator@example.com', 'Creator#Local1')
  await expect(page).toHaveURL(/\/adminuser\/summary$/)
  await page.getByRole('button', { name: ja.shell.accountMenu }).click()
  await page.getByRole('menuitem', { name: ja.shell.apiDocs }).click()
  await expect(page).toHaveURL(/\/adminuser\/api-docs$/)
  await expect(page.getByRole('heading', { level: 1, name: ja.pages.apiDocs })).toBeVisible()
  // The renderer read the API's own document: a route's summary from the contract is on the page.
  await expect(page.getByText('Liveness: the API answers; no dependency is called.').first()).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByRole('link', { name: ja.apiDocs.download })).toHaveAttribute(
    'href',
    /\/api\/v1\/openapi\.json$/,
  )
})
