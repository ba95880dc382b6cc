import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { buildZip } from '../support/zip.ts'
import { expect, test } from './fixtures.ts'
import { signIn } from './support.ts'

const ASSETS = join(import.meta.dirname, '../../infra/local/seed-assets')
const image = (cell: string, name = `${cell}.jpg`) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: readFileSync(join(ASSETS, `creative-${cell}.jpg`)),
})

/** The grid cell button of a position (its accessible name starts with the cell reference). */
const cell = (page: Page, position: string) =>
  page.getByRole('grid').getByRole('gridcell', { name: new RegExp(`^${position}\\b`) })

/** Does what `act` does and returns the status of the API call it makes (not a transient toast). */
const answerOf = async (page: Page, method: string, path: RegExp, act: () => Promise<void>) => {
  const answer = page.waitForResponse(
    (r) => r.request().method() === method && path.test(new URL(r.url()).pathname),
    { timeout: 30_000 },
  )
  await act()
  return (await answer).status()
}

test('a creator builds a two-language 2 × 3 site, saves a draft, reloads it intact, and a stale tab gets the conflict', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000)
  const name = `春の新作キャンペーン ${Date.now() % 100000}`
  await signIn(page, 'creator@example.com', 'Creator#Local1')
  await expect(page).toHaveURL(/\/[a-z-]+\/summary$/)
  const segment = new URL(page.url()).pathname.split('/')[1]

  // Create: a 2 × 3 site in Japanese and English.
  await page.goto(`/${segment}/site-list`)
  await page.getByRole('button', { name: '新規作成' }).first().click()
  await expect(page).toHaveURL(new RegExp(`/${segment}/create-site$`))
  // The form takes the plan's limits first (its hint names them), then the user's input.
  await expect(page.getByText(/上限は30/)).toBeVisible()
  await page.getByLabel('サイト名').fill(name)
  await page.getByLabel('行数').fill('2')
  await page.getByLabel('列数').fill('3')
  await page.getByRole('checkbox', { name: '英語' }).check()
  await page.getByRole('button', { name: '作成する' }).click()
  await expect(page).toHaveURL(new RegExp(`/${segment}/site/[0-9a-f-]+$`))
  const editorUrl = page.url()

  // Creatives: five images at once (name order into A1, B1, C1, A2, B2), then save.
  await page.getByRole('tab', { name: 'クリエイティブ設定' }).click()
  await page
    .getByLabel('追加する画像・動画を選択')
    .setInputFiles([
      image('B1', '02.jpg'),
      image('A1', '01.jpg'),
      image('C1', '03.jpg'),
      image('A2', '04.jpg'),
      image('B2', '05.jpg'),
    ])
  for (const file of ['01.jpg', '02.jpg', '03.jpg', '04.jpg', '05.jpg'])
    await expect(page.getByRole('progressbar', { name: `${file}のアップロード進捗` })).toHaveAttribute(
      'aria-valuenow',
      '100',
      { timeout: 30_000 },
    )
  for (const position of ['A1', 'B1', 'C1', 'A2', 'B2'])
    await expect(cell(page, position)).toHaveAttribute('aria-label', /画像あり/)

  // A product on A1.
  await cell(page, 'A1').click()
  await page.getByRole('button', { name: '商品を追加' }).click()
  await page.getByLabel('商品名').fill('スプリングコート')
  await page.getByLabel('価格（税込）').last().fill('12800')

  // A time-limited CTA.
  await page.getByRole('tab', { name: 'ポップアップCTA設定' }).click()
  await page.getByRole('button', { name: '+ 期間限定CTA' }).click()
  const card = page.getByRole('region', { name: '期間限定CTA 1' })
  await card.getByRole('radio', { name: '外部URL' }).check()
  await card.getByRole('textbox', { name: 'リンク先' }).fill('https://example.com/spring')
  await card.getByRole('textbox', { name: '内容' }).fill('本日限定10%オフ')
  await card.getByRole('textbox', { name: '開始日時' }).fill('2026-12-01 10:00')
  await card.getByRole('textbox', { name: '開始日時' }).press('Enter')
  await card.getByRole('textbox', { name: '終了日時' }).fill('2026-12-31 23:59')
  await card.getByRole('textbox', { name: '終了日時' }).press('Enter')

  expect(
    await answerOf(page, 'PUT', /\/site\/[^/]+$/, () =>
      page.getByRole('button', { name: '保存', exact: true }).click(),
    ),
  ).toBe(200)

  // The sixth image by ZIP: placed after the last filled cell (C2), saved by the server.
  await page.getByRole('tab', { name: 'クリエイティブ設定' }).click()
  await page.getByRole('button', { name: 'ZIPで一括アップロード' }).click()
  const dialog = page.getByRole('dialog', { name: 'ZIPで一括アップロード' })
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'more.zip',
    mimeType: 'application/zip',
    buffer: await buildZip([{ name: '06.jpg', data: image('C2').buffer }]),
  })
  await expect(dialog.getByRole('row', { name: /06\.jpg.*配置済み.*C2/ })).toBeVisible({ timeout: 60_000 })
  await dialog
    .getByRole('button', { name: /閉じる|OK/ })
    .first()
    .click()
  await expect(cell(page, 'C2')).toHaveAttribute('aria-label', /画像あり/)

  // Save as draft, reload: every value is intact.
  expect(
    await answerOf(page, 'POST', /\/site\/[^/]+\/status$/, () =>
      page.getByRole('button', { name: '下書き保存' }).click(),
    ),
  ).toBe(200)
  await page.reload()
  await expect(page.getByRole('textbox', { name: 'サイト名' })).toHaveValue(name)
  await expect(page.getByRole('tab', { name: /English/ })).toBeVisible()
  await page.getByRole('tab', { name: 'クリエイティブ設定' }).click()
  for (const position of ['A1', 'B1', 'C1', 'A2', 'B2', 'C2'])
    await expect(cell(page, position)).toHaveAttribute('aria-label', /画像あり/)
  await cell(page, 'A1').click()
  await expect(page.getByLabel('商品名')).toHaveValue('スプリングコート')
  await page.getByRole('tab', { name: 'ポップアップCTA設定' }).click()
  const saved = page.getByRole('region', { name: '期間限定CTA 1' })
  await expect(saved.getByRole('textbox', { name: '内容' })).toHaveValue('本日限定10%オフ')
  await expect(saved.getByRole('textbox', { name: 'リンク先' })).toHaveValue('https://example.com/spring')
  await expect(saved.getByRole('textbox', { name: '開始日時' })).toHaveValue(/2026-12-01 10:00/)
  await expect(saved.getByRole('textbox', { name: '終了日時' })).toHaveValue(/2026-12-31 23:59/)

  // A second tab saves first; the first tab's save is stale and says so, offering to reload.
  const other = await context.newPage()
  await other.goto(editorUrl)
  await other.getByRole('textbox', { name: 'サイト名' }).fill(`${name} 改`)
  expect(
    await answerOf(other, 'PUT', /\/site\/[^/]+$/, () =>
      other.getByRole('button', { name: '保存', exact: true }).click(),
    ),
  ).toBe(200)
  await other.close()

  await page.getByRole('tab', { name: 'サイト設定' }).click()
  await page.getByRole('textbox', { name: 'サイト名' }).fill(`${name} 別`)
  await page.getByRole('button', { name: '保存', exact: true }).click()
  const conflict = page.getByRole('dialog', {
    name: '別の変更が保存されました。最新の内容を読み込みますか？',
  })
  await expect(conflict).toBeVisible()
  await conflict.getByRole('button', { name: '最新の内容を読み込む' }).click()
  await expect(page.getByRole('textbox', { name: 'サイト名' })).toHaveValue(`${name} 改`)
})
