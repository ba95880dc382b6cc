import { randomUUID } from 'node:crypto'
import { expect, test } from './fixtures.ts'
import { apiCall, apiSignIn, createOneCellSite, deleteSite, publishOneCellSite, signIn } from './support.ts'

/**
 * Issue 33 parts 1 and 3 in the console's production build: the editor's 公開履歴 lists the
 * versions with what changed; returning to the first one changes the live page at once.
 */
test('a creator opens the history, returns the live site to the first version and sees the page change', async ({
  page,
  urls,
}) => {
  const token = await apiSignIn(urls.api, 'creator@example.com', 'Creator#Local1')
  const name = `履歴 ${randomUUID().slice(0, 6)}`
  const site = await createOneCellSite(urls.api, token, name)
  const url = await publishOneCellSite(urls.api, token, site)
  // The second version: a headline on A1, saved and published.
  const current = (await apiCall(urls.api, token, 'GET', `/site/${site.siteId}`)) as unknown as {
    version: number
    global_setting: Record<string, unknown>
    creatives: Record<string, unknown>[]
  }
  const saved = (await apiCall(urls.api, token, 'PUT', `/site/${site.siteId}`, {
    version: current.version,
    global_setting: current.global_setting,
    creatives: current.creatives.map((c) => ({ ...c, main_text: '二回目の見出し' })),
  })) as unknown as { version: number }
  await apiCall(urls.api, token, 'POST', `/site/${site.siteId}/status`, {
    action: 'publish',
    version: saved.version,
  })
  const visitor = await page.context().newPage()
  await visitor.goto(url)
  await expect(visitor.locator('#A1')).toContainText('二回目の見出し')

  await signIn(page, 'creator@example.com', 'Creator#Local1')
  await expect(page).toHaveURL(/\/[a-z-]+\/summary$/)
  const segment = new URL(page.url()).pathname.split('/')[1]
  await page.goto(`/${segment}/site/${site.siteId}`)
  await page.getByRole('button', { name: '公開履歴' }).click()
  const drawer = page.getByRole('dialog', { name: '公開履歴' })
  const versions = drawer.getByRole('list', { name: '公開履歴' }).getByRole('listitem')
  await expect(versions).toHaveCount(2)
  await expect(versions.nth(0)).toContainText('公開中')
  await expect(versions.nth(0)).toContainText('1言語・1セルを変更')
  await expect(versions.nth(0)).toContainText('デモ 担当者')
  await expect(versions.nth(1)).toContainText('初回公開')
  await expect(versions.nth(0).getByRole('button', { name: 'このバージョンに戻す' })).toHaveCount(0)

  await versions.nth(1).getByRole('button', { name: 'このバージョンに戻す' }).click()
  await page.getByRole('button', { name: '戻す', exact: true }).click()
  await expect(page.getByText('公開中のサイトを選んだバージョンに戻しました。')).toBeVisible()
  // The rollback is a version of its own, now live; the editor keeps its draft, now unpublished.
  await expect(versions).toHaveCount(3)
  await expect(versions.nth(0)).toContainText('ロールバック')
  await expect(versions.nth(0)).toContainText('公開中')

  // The live page is the first version's on the next load.
  await visitor.reload()
  await expect(visitor.locator('#A1')).toBeVisible()
  await expect(visitor.locator('#A1')).not.toContainText('二回目の見出し')
  await visitor.close()
  await deleteSite(urls.api, token, site.siteId)
})
