import { randomUUID } from 'node:crypto'
import { expect, test } from './fixtures.ts'
import { apiCall, apiSignIn, createOneCellSite, deleteSite, publishOneCellSite, signIn } from './support.ts'

/**
 * Issue 33 parts 1 to 3 in the console's production build: the editor's 公開履歴 lists the
 * versions with what changed; comparing two badges the changed cell on the grid and shows both
 * renders side by side; returning to the first one changes the live page at once.
 */
test('a creator opens the history, compares two versions on the grid, returns the live site to the first and sees the page change', async ({
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

  // Compare the two: the banner says what differs, the grid badges A1, both renders side by side.
  await versions.nth(0).getByRole('checkbox', { name: '比較する' }).check()
  await versions.nth(1).getByRole('checkbox', { name: '比較する' }).check()
  await drawer.getByRole('button', { name: '選んだ2つを比較' }).click()
  const banner = page.getByTestId('version-compare')
  await expect(banner).toContainText('変更したクリエイティブ: 日本語 1セル')
  await expect(page.getByTestId('changed-A1')).toBeVisible()
  await banner.getByRole('button', { name: '並べて表示' }).click()
  const sideBySide = page.getByRole('dialog', { name: '並べて表示' })
  const frames = sideBySide.getByTestId('preview-frame')
  await expect(frames).toHaveCount(2)
  await expect(sideBySide.frameLocator('iframe').nth(1).locator('#A1')).toContainText('二回目の見出し')
  await expect(sideBySide.frameLocator('iframe').nth(0).locator('#A1')).not.toContainText('二回目の見出し')
  await sideBySide.getByRole('button', { name: '閉じる' }).click()
  await banner.getByRole('button', { name: '比較を終了' }).click()
  await expect(page.getByTestId('changed-A1')).toHaveCount(0)

  await page.getByRole('button', { name: '公開履歴' }).click()
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
