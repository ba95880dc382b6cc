import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { expect, test } from './fixtures.ts'
import { apiSignIn, createOneCellSite, deleteSite, signIn } from './support.ts'

const run = promisify(execFile)

/**
 * API issuing per site (issue 21; SPEC §2 API generation dialog, §7): the creator issues a key
 * (shown once), enables the API, copies the curl example and runs it — the members of the site
 * come back as JSON — and downloads the documentation.
 */
test('a creator enables the site API with a key, runs the copied curl example and downloads the docs', async ({
  page,
  urls,
}) => {
  const token = await apiSignIn(urls.api, 'creator@example.com', 'Creator#Local1')
  const name = `API 連携 ${randomUUID().slice(0, 6)}`
  const site = await createOneCellSite(urls.api, token, name)

  await signIn(page, 'creator@example.com', 'Creator#Local1')
  await expect(page).toHaveURL(/\/[a-z-]+\/summary$/)
  const segment = new URL(page.url()).pathname.split('/')[1]
  await page.goto(`/${segment}/site-list`)
  await page.getByRole('link', { name: `${name} の API 発行` }).click()
  await expect(page.getByRole('heading', { name: `API 発行: ${name}` })).toBeVisible()
  await expect(page.getByText('API キー方式では、先に API キーを 1 つ以上発行してください。')).toBeVisible()

  // Issue a key: shown once, with its Authorization header and a curl example.
  await page.getByRole('button', { name: 'API キーを発行' }).click()
  await page.getByRole('textbox', { name: '名前' }).fill('CRM 連携')
  await page.getByRole('button', { name: '発行する' }).click()
  const dialog = page.getByRole('dialog', { name: 'API キーを発行しました' })
  await expect(dialog).toBeVisible()
  const key = ((await dialog.getByTestId('site-api-new-key').textContent()) ?? '').trim()
  expect(key).toMatch(/^slp_live_[0-9A-Za-z]{36}$/)
  await expect(dialog.getByTestId('site-api-new-header')).toHaveText(`Authorization: Bearer ${key}`)

  // Copy the curl example.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await dialog.getByTestId('site-api-new-curl').getByRole('button').click()
  const curl = String(await page.evaluate('navigator.clipboard.readText()'))
  expect(curl).toBe(
    `curl -sS -H "Authorization: Bearer ${key}" '${((await dialog.getByTestId('site-api-new-curl').textContent()) ?? '').trim().match(/'(.*)'/)?.[1]}'`,
  )
  expect(curl).toContain(`/api/v1/open/site/${site.siteId}/members`)
  await dialog.getByRole('button', { name: 'コピーしたので閉じる' }).click()
  await expect(dialog).toBeHidden()
  // The list shows the key's prefix only.
  await expect(page.getByText(`${key.slice(0, 13)}…`)).toBeVisible()
  await expect(page.getByText(key)).toHaveCount(0)

  // Enable the API with the key method and save.
  await page.getByRole('switch', { name: 'API を有効にする' }).click()
  await page.getByRole('button', { name: '保存' }).click()
  await expect(page.getByText('API 設定を保存しました。')).toBeVisible()
  await expect(page.getByRole('cell', { name: '有効', exact: true })).toBeVisible()

  // Run the copied command: the site's members, as JSON.
  const [command, ...rest] = ['sh', '-c', curl]
  const { stdout } = await run(command!, rest, { timeout: 30_000 })
  const answer = JSON.parse(stdout) as { site: { id: string; name: string }; items: unknown[] }
  expect(answer).toEqual({ site: { id: site.siteId, name }, items: [] })
  // Without the key, the same endpoint refuses.
  const { stdout: refused } = await run('sh', ['-c', curl.replace(/-H "[^"]*" /, '')], { timeout: 30_000 })
  expect(JSON.parse(refused).error.code).toBe('siteApi.unauthorized')

  // Download the documentation (OpenAPI, English).
  await page.getByRole('combobox', { name: 'ドキュメントの言語' }).click()
  await page.getByTitle('英語').click()
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'ドキュメントをダウンロード' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`site-api-${site.siteId.slice(0, 8)}-en.openapi.json`)
  const document = JSON.parse(await readFile((await file.path())!, 'utf8')) as {
    openapi: string
    info: { title: string }
    paths: Record<string, unknown>
  }
  expect(document.openapi).toBe('3.1.0')
  expect(document.info.title).toBe(`${name} site API`)
  expect(Object.keys(document.paths)).toContain(`/api/v1/open/site/${site.siteId}/members`)
  await deleteSite(urls.api, token, site.siteId)
})

test('the demo site’s API answers its seeded key (npm start prints the command)', async ({ urls }) => {
  const { demoSiteApiKey } = await import('../../infra/local/seed-site-api.ts')
  const token = await apiSignIn(urls.api, 'creator@example.com', 'Creator#Local1')
  const sites = (await (
    await fetch(`${urls.api}/site?name=${encodeURIComponent('デモサイト')}`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { items: Array<{ id: string; name: string }> }
  const demo = sites.items.find((site) => site.name === 'デモサイト')
  expect(demo).toBeDefined()
  const answer = await fetch(`${urls.api}/open/site/${demo!.id}/content`, {
    headers: { authorization: `Bearer ${await demoSiteApiKey()}` },
  })
  expect(answer.status).toBe(200)
  const content = (await answer.json()) as {
    name: string
    languages: Array<{ lang: string; pages: unknown[] }>
  }
  expect(content.name).toBe('デモサイト')
  expect(content.languages.map((l) => l.lang)).toEqual(['JP', 'EN'])
  expect(content.languages[0]!.pages).toHaveLength(9)
})
