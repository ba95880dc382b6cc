import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { get } from 'node:http'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { apiCall, apiSignIn, deleteSite, signIn, waitForMail } from './support.ts'

/**
 * Issue 16 "Done when": the creator sees the live preview change before saving, makes the site
 * private, shares its preview with a password; an invited viewer opens the mailed link in a fresh
 * browser, signs in, swipes to B2 and pins a comment there; the creator sees it on the editor's
 * grid and resolves it; a revoke refuses the viewer's next request; the live host stays 404.
 */
const CREATOR = { email: 'creator@example.com', password: 'Creator#Local1' }
const PASSWORD = 'Review#2026'
const CELLS = ['A1', 'B1', 'A2', 'B2'] as const

const cell = (page: Page, position: string) =>
  page.getByRole('grid').getByRole('gridcell', { name: new RegExp(`^${position}\\b`) })

/** A 2 × 2 Japanese draft with a seed image and a main text in each cell, made through the API. */
const twoByTwoSite = async (api: string, token: string, name: string) => {
  const created = (await apiCall(api, token, 'POST', '/site', {
    name,
    number_horizontal: 2,
    number_vertical: 2,
    languages: ['JP'],
  })) as { global_setting: { id: string }; version: number }
  const siteId = created.global_setting.id
  const bytes = readFileSync(
    join(import.meta.dirname, '..', '..', 'infra', 'local', 'seed-assets', 'creative-A1.jpg'),
  )
  const files = CELLS.map((c) => ({ file_name: `${c}.jpg`, content_type: 'image/jpeg', size: bytes.length }))
  const issued = (await apiCall(api, token, 'POST', '/site/generate-urls', { site_id: siteId, files })) as {
    uploads: { key: string; upload_url: string; headers: Record<string, string> }[]
  }
  const keys: string[] = []
  for (const [i, target] of issued.uploads.entries()) {
    expect(
      (await fetch(target.upload_url, { method: 'PUT', headers: target.headers, body: bytes })).status,
    ).toBe(200)
    const confirmed = (await apiCall(api, token, 'POST', '/site/confirm-upload', {
      site_id: siteId,
      key: target.key,
      file_name: files[i]!.file_name,
    })) as { key: string }
    keys.push(confirmed.key)
  }
  await apiCall(api, token, 'PUT', `/site/${siteId}`, {
    version: created.version,
    global_setting: {
      id: siteId,
      name,
      number_horizontal: 2,
      number_vertical: 2,
      default_language: 'JP',
      languages: ['JP'],
    },
    creatives: CELLS.map((position, i) => ({
      lang: 'JP',
      position,
      media_key: keys[i],
      media_type: 'image',
      main_text: `ページ ${position}`,
    })),
    settings: [{ lang: 'JP', sns: [] }],
  })
  return siteId
}

/** The status of a GET on a site's host (`*.sites.localhost` resolves in the browser only). */
const statusAt = (url: URL) =>
  new Promise<number>((resolve, reject) => {
    get(
      { host: '127.0.0.1', port: url.port, path: url.pathname, headers: { host: url.host } },
      (response) => {
        response.resume()
        resolve(response.statusCode ?? 0)
      },
    ).on('error', reject)
  })

test('the creator previews live, shares a private site, and resolves a viewer’s comment', async ({
  page,
  browser,
  urls,
}) => {
  test.setTimeout(180_000)
  const token = await apiSignIn(urls.api, CREATOR.email, CREATOR.password)
  const name = `レビュー用 ${randomUUID().slice(0, 6)}`
  const siteId = await twoByTwoSite(urls.api, token, name)
  const viewer = `reviewer-${randomUUID().slice(0, 8)}@example.com`

  // The live preview shows the unsaved text as it is typed.
  await signIn(page, CREATOR.email, CREATOR.password)
  await expect(page).toHaveURL(/\/adminuser\/summary$/)
  await page.goto(`/adminuser/site/${siteId}`)
  const live = page.getByRole('switch', { name: 'ライブプレビュー' })
  if (!(await live.isChecked())) await live.click()
  await page.getByRole('tab', { name: 'クリエイティブ設定' }).click()
  await cell(page, 'B2').click()
  await page.getByLabel('メインテキスト', { exact: true }).fill('保存前の新しいコピー')
  const liveFrame = page.frameLocator('[data-testid="live-preview"] iframe')
  await expect(liveFrame.locator('#B2')).toContainText('保存前の新しいコピー')

  // 保存して限定公開: the live host answers 404 to everyone.
  await page.getByRole('button', { name: '保存して限定公開' }).click()
  await expect(page.getByText('限定公開として保存しました', { exact: false })).toBeVisible()
  const stored = (await apiCall(urls.api, token, 'GET', `/site/${siteId}`)) as {
    global_setting: { status: string; url: string }
  }
  expect(stored.global_setting.status).toBe('PRIVATE')
  expect(await statusAt(new URL(stored.global_setting.url))).toBe(404)

  // The preview page: a password, then an invitation by email.
  await page.goto(`/site/${siteId}/preview`)
  await expect(page.frameLocator('[data-testid="preview-frame"]').locator('#B2')).toContainText(
    '保存前の新しいコピー',
  )
  await page.getByRole('button', { name: '共有', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'プレビューを共有' })
  await dialog.getByLabel('共有パスワード').fill(PASSWORD)
  await dialog.getByRole('button', { name: 'パスワードを保存' }).click()
  await expect(dialog.getByText('（設定済み）').or(dialog.getByText('(設定済み)'))).toBeVisible()
  const emails = dialog.getByLabel('メールで招待')
  await emails.fill(viewer)
  await emails.press('Enter')
  await dialog.getByRole('button', { name: '招待メールを送信' }).click()
  await expect(dialog.getByTestId('share-total')).toHaveText('招待済み 1人')
  const mail = await waitForMail(urls.mail, viewer)
  // The invitation names who invites (issue 30 #11), never by their address.
  expect(mail.subject).toMatch(/^【レビュー用 .+】.+ からプレビューへのご招待$/)
  expect(mail.subject).not.toContain(CREATOR.email)
  const link = /https?:\/\/\S+\/site\/\S+\/preview/.exec(mail.body.text ?? '')?.[0]
  expect(link).toBe(`${urls.admin}/site/${siteId}/preview`)

  // The invited viewer, in a browser of their own: signs in, swipes to B2, comments there.
  const viewerContext = await browser.newContext({ locale: 'ja-JP' })
  const viewerPage = await viewerContext.newPage()
  await viewerPage.goto(link!)
  await viewerPage.getByLabel('メールアドレス').fill(viewer)
  await viewerPage.getByLabel('パスワード').fill('Wrong#Pass1')
  await viewerPage.getByRole('button', { name: 'プレビューを開く' }).click()
  await expect(viewerPage.getByRole('alert')).toContainText('メールアドレスまたはパスワードが正しくない')
  await viewerPage.getByLabel('パスワード').fill(PASSWORD)
  await viewerPage.getByRole('button', { name: 'プレビューを開く' }).click()
  await expect(viewerPage.getByText(`${viewer} として閲覧中`)).toBeVisible()
  const frame = viewerPage.frameLocator('[data-testid="preview-frame"]')
  await expect(frame.locator('#A1')).toContainText('ページ A1')
  // The frame is scaled to fit: the arrows' own click handlers, not pointer coordinates; the island
  // arrives after the first paint, so each move is tried until the page says where the viewer is.
  const move = async (arrow: 'r' | 'd', to: string) =>
    expect(async () => {
      await frame.locator(`button[data-m="${arrow}"]`).dispatchEvent('click')
      await expect(viewerPage.getByRole('button', { name: `このページ（${to}）にコメント` })).toBeVisible({
        timeout: 1_000,
      })
    }).toPass({ timeout: 15_000 })
  // Down lands on the next row's own column (a row remembers it), then right along the row.
  await move('r', 'B1')
  await move('d', 'A2')
  await move('r', 'B2')
  await viewerPage.getByRole('button', { name: 'このページ（B2）にコメント' }).click()
  await viewerPage.getByRole('textbox', { name: 'B2 へのコメント' }).fill('価格の文字をもう少し大きく')
  await viewerPage.getByRole('button', { name: '送信' }).click()
  await expect(viewerPage.getByTestId('comment-B2')).toContainText('価格の文字をもう少し大きく')

  // The view log has the cell the viewer landed on (A1) as well as those swiped to (issue 30 #11).
  await expect(async () => {
    const share = (await apiCall(urls.api, token, 'GET', `/preview/site/${siteId}/share`)) as {
      items: { email: string; cells_viewed: string[] }[]
    }
    expect(share.items.find((i) => i.email === viewer)?.cells_viewed).toEqual([
      'JP:A1',
      'JP:A2',
      'JP:B1',
      'JP:B2',
    ])
  }).toPass({ timeout: 15_000 })

  // The creator sees it on the editor's grid and ticks it off.
  await page.goto(`/adminuser/site/${siteId}`)
  await page.getByRole('tab', { name: 'クリエイティブ設定' }).click()
  await expect(page.getByTestId('open-comments-B2')).toHaveText('1')
  await page.getByRole('button', { name: 'レビューコメント（未対応 1件）' }).click()
  const drawer = page.getByRole('dialog', { name: 'レビューコメント' })
  await expect(drawer.getByTestId('comment-B2')).toContainText('価格の文字をもう少し大きく')
  // Ticked off, it leaves the open list for the resolved one.
  await drawer.getByRole('checkbox', { name: '対応済みにする' }).click()
  await drawer.getByText('対応済み', { exact: true }).click()
  await expect(drawer.getByTestId('comment-B2')).toContainText('価格の文字をもう少し大きく')
  await expect(page.getByTestId('open-comments-B2')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'レビューコメント（未対応 0件）' })).toBeVisible()

  // A revoke refuses the viewer's next request at once.
  await page.goto(`/site/${siteId}/preview`)
  await page.getByRole('button', { name: '共有', exact: true }).click()
  await dialog
    .getByRole('row', { name: new RegExp(viewer) })
    .getByRole('button', { name: '取り消す' })
    .click()
  await page
    .getByRole('dialog', { name: '閲覧権限を取り消しますか？' })
    .getByRole('button', { name: '取り消す' })
    .click()
  await expect(dialog.getByTestId('share-total')).toHaveText('招待済み 0人')
  const viewerToken = await viewerPage.evaluate(() => localStorage.getItem('previewToken'))
  const refused = await fetch(`${urls.api}/preview/site/${siteId}`, {
    headers: { authorization: `Bearer ${viewerToken}` },
  })
  expect(refused.status).toBe(401)
  await viewerPage.reload()
  await expect(viewerPage.getByRole('heading', { name: 'このプレビューは保護されています' })).toBeVisible()
  await viewerContext.close()

  // Still private: the live host answers 404.
  expect(await statusAt(new URL(stored.global_setting.url))).toBe(404)

  await deleteSite(urls.api, token, siteId)
})
