import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import iconv from 'iconv-lite'
import { expect, test } from './fixtures.ts'
import { signIn } from './support.ts'

const HEADER = 'メールアドレス,会社名,担当者名,アカウント種別,契約開始日,契約終了日,権限,ライセンス発行'

test('an OEM imports users from a Shift_JIS CSV after fixing the errors the preview shows', async ({
  page,
}) => {
  const stamp = Date.now()
  await signIn(page, 'oem@example.com', 'Oem#Local1')
  await expect(page).toHaveURL(/\/admin\/summary$/)
  await page.goto('/admin/user-list')

  // A file with a bad row: the preview lists the error by row and column, and nothing can be imported.
  await page.getByRole('button', { name: 'CSVインポート' }).click()
  const bad = `${HEADER}\r\nbad-address,株式会社ダメ,担当,USER,,,編集,なし\r\n`
  await page
    .getByLabel('CSVファイルを選択')
    .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: iconv.encode(bad, 'Shift_JIS') })
  const errors = page.getByRole('region', { name: 'エラー一覧' })
  await expect(
    errors.getByRole('row', { name: /2.*メールアドレス.*メールアドレスの形式が正しくありません/ }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: '取り込む' })).toBeDisabled()
  await page.getByRole('button', { name: 'キャンセル' }).click()

  // The corrected file imports, and the new users appear in the list.
  await page.getByRole('button', { name: 'CSVインポート' }).click()
  const good = `${HEADER}\r\nsjis-a-${stamp}@example.com,株式会社いろは,伊藤 一郎,USER,2026-12-01,2027-11-30,編集,あり\r\nsjis-b-${stamp}@example.com,合同会社にほへ,加藤 二郎,USER,,,閲覧,なし\r\n`
  await page
    .getByLabel('CSVファイルを選択')
    .setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: iconv.encode(good, 'Shift_JIS') })
  await expect(page.getByRole('region', { name: '確認結果' })).toContainText('shift_jis', {
    ignoreCase: true,
  })
  await page.getByRole('button', { name: '取り込む' }).click()
  await expect(
    page.getByText('2件のユーザーを取り込みました。0件は既に存在するため変更していません。'),
  ).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(`sjis-a-${stamp}@example\\.com`) })).toBeVisible()
  await expect(page.getByRole('row', { name: /株式会社いろは/ })).toBeVisible()
})

test('a creator sets and removes a profile picture, and a fake image is refused', async ({ page }) => {
  await signIn(page, 'creator@example.com', 'Creator#Local1')
  await expect(page).toHaveURL(/\/adminuser\/summary$/)
  await page.goto('/adminuser/profile-picture')

  await page
    .getByLabel('プロフィール画像を選択')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<svg onload=alert(1)>') })
  await page.getByRole('button', { name: '保存する' }).click()
  await expect(page.getByText('ファイル「fake.png」の内容がファイル形式と一致しません。')).toBeVisible()

  const jpeg = readFileSync(
    join(import.meta.dirname, '..', '..', 'infra', 'local', 'seed-assets', 'creative-C3.jpg'),
  )
  await page
    .getByLabel('プロフィール画像を選択')
    .setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: jpeg })
  await page.getByRole('button', { name: '保存する' }).click()
  await expect(page.getByText('プロフィール画像を保存しました。')).toBeVisible()
  const current = page.getByRole('img', { name: '現在のプロフィール画像' })
  await expect(current).toBeVisible()
  await expect
    .poll(() => current.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0)
  await expect(page.getByRole('img', { name: /のロゴ$/ })).toBeVisible()

  await page.getByRole('button', { name: '画像を削除' }).click()
  await page.getByRole('button', { name: '削除する' }).click()
  await expect(page.getByText('プロフィール画像を削除しました。')).toBeVisible()
  await expect(page.getByRole('img', { name: '現在のプロフィール画像' })).toHaveCount(0)
})
