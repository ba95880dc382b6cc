import { randomUUID } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { expect, test } from './fixtures.ts'
import {
  apiCreateUser,
  apiSignIn,
  createOneCellSite,
  publishOneCellSite,
  signIn,
  waitForMail,
} from './support.ts'

/**
 * Issue 20 done-when: MASTER publishes a system notification for OEM users; a creator sees the
 * bell's count, opens the list and marks all as read; the creator schedules a notification
 * delivery for its site, and a visitor sees it on the live site once its start has passed (the
 * stack's clock is moved forward instead of waiting).
 */
test.use({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' })

const MASTER = { email: 'master@example.com', password: 'Master#Local1' }

/** Moves the stack's handlers' clock forward (the e2e stack's clock file, test/support/clock.ts). */
const advanceStackClock = (ms: number) => {
  const file = process.env.E2E_CLOCK_FILE
  if (!file) throw new Error('The e2e stack did not name its clock file')
  writeFileSync(file, String((Number(readFileSync(file, 'utf8')) || 0) + ms))
}
const stackNow = () => Date.now() + (Number(readFileSync(process.env.E2E_CLOCK_FILE!, 'utf8')) || 0)

/** "YYYY-MM-DD HH:mm" in Japan time, as the console's date pickers take it. */
const jst = (ms: number) => new Date(ms + 9 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')

/** A new direct user (a creator) with a password of its own. */
const newCreator = async (urls: { api: string; mail: string }) => {
  const master = await apiSignIn(urls.api, MASTER.email, MASTER.password)
  const email = `notified-${randomUUID().slice(0, 8)}@example.com`
  const created = await apiCreateUser(urls.api, master, {
    account_type: 'USER',
    email,
    company_name: 'お知らせテスト株式会社',
    contact_name: '佐藤',
    plan_id: 'standard',
  })
  expect(created.status, await created.clone().text()).toBe(201)
  const mail = await waitForMail(urls.mail, email)
  const temporary = mail.body.text?.split('\n').find((line) => /^\S{12}$/.test(line)) ?? ''
  const first = (await (
    await fetch(`${urls.api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login_id: email, password: temporary }),
    })
  ).json()) as { session?: string }
  const password = 'Notified#Pass1'
  const done = await fetch(`${urls.api}/auth/complete-new-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login_id: email, session: first.session, new_password: password }),
  })
  expect(done.status).toBe(200)
  return { email, password, token: ((await done.json()) as { access_token: string }).access_token }
}

test('a system notification reaches the bell, and a scheduled delivery reaches the live site', async ({
  page,
  browser,
  urls,
}) => {
  const title = `メンテナンスのお知らせ ${randomUUID().slice(0, 4)}`

  // MASTER publishes a system notification for OEM users.
  await signIn(page, MASTER.email, MASTER.password)
  await page.getByRole('link', { name: 'システム通知' }).click()
  await expect(page.getByRole('heading', { name: 'システム通知一覧', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: '新規作成' }).click()
  await page.getByRole('checkbox', { name: 'ユーザー', exact: true }).check()
  await page.getByRole('textbox', { name: 'タイトル' }).first().fill(title)
  await page
    .getByRole('textbox', { name: '内容' })
    .first()
    .fill('12月1日 2:00〜4:00 にメンテナンスを行います。')
  await page.getByRole('button', { name: '公開する' }).click()
  await expect(page.getByRole('heading', { name: 'システム通知の詳細', level: 1 })).toBeVisible()
  await expect(page.getByText('公開中')).toBeVisible()

  // A creator sees the count on the bell, opens the list and marks everything read.
  const creator = await newCreator(urls)
  const creatorContext = await browser.newContext({
    baseURL: urls.admin,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  })
  const admin = await creatorContext.newPage()
  await signIn(admin, creator.email, creator.password)
  const bell = admin.getByRole('button', { name: /^お知らせ（未読 \d+ 件）$/ })
  await expect(bell).toBeVisible()
  await bell.click()
  const panel = admin.getByRole('region', { name: 'お知らせ' })
  await expect(panel.getByText(title)).toBeVisible()
  await panel.getByRole('button', { name: 'すべて既読にする' }).click()
  await expect(admin.getByRole('button', { name: 'お知らせ', exact: true })).toBeVisible()

  // The creator schedules a delivery for its published site, ten minutes ahead.
  const site = await createOneCellSite(
    urls.api,
    creator.token,
    `お知らせのサイト ${randomUUID().slice(0, 4)}`,
  )
  const siteUrl = await publishOneCellSite(urls.api, creator.token, site)
  await admin.getByRole('link', { name: 'サイト制作' }).click()
  await admin
    .getByRole('row', { name: new RegExp(site.name) })
    .getByRole('link', { name: 'お知らせ配信' })
    .click()
  await expect(admin.getByRole('heading', { name: 'お知らせ配信一覧', level: 1 })).toBeVisible()
  await admin.getByRole('button', { name: '新規作成' }).click()
  const notice = `年末年始の営業 ${randomUUID().slice(0, 4)}`
  await admin.getByLabel('タイトル').fill(notice)
  await admin.getByLabel('内容').fill('12月29日から1月3日までお休みします。')
  await admin.getByRole('radio', { name: '予約公開' }).check()
  const start = stackNow() + 10 * 60_000
  await admin.getByLabel('公開開始日時').fill(jst(start))
  await admin.getByLabel('公開開始日時').press('Enter')
  await admin.getByLabel('公開終了日時').fill(jst(start + 7 * 86_400_000))
  await admin.getByLabel('公開終了日時').press('Enter')
  await admin.getByRole('button', { name: '公開する' }).click()
  await expect(admin.getByRole('heading', { name: 'お知らせ配信の詳細', level: 1 })).toBeVisible()
  await expect(admin.getByText('公開予定')).toBeVisible()
  await creatorContext.close()

  // Before its start a visitor sees no notice; after it, a new visitor does.
  const early = await browser.newContext({ locale: 'ja-JP' })
  const before = await early.newPage()
  const answered = before.waitForResponse((response) => response.url().includes('/end-user/noti_delivery'))
  await before.goto(siteUrl)
  expect((await answered).status()).toBe(200)
  await expect(before.getByRole('complementary', { name: 'お知らせ' })).toHaveCount(0)
  await early.close()

  advanceStackClock(11 * 60_000)
  const visitor = await (await browser.newContext({ locale: 'ja-JP' })).newPage()
  await visitor.goto(siteUrl)
  const bar = visitor.getByRole('complementary', { name: 'お知らせ' })
  await expect(bar).toContainText(notice)
  await expect(bar).toContainText('12月29日から1月3日までお休みします。')
  await bar.getByRole('button', { name: '閉じる' }).click()
  await expect(bar).toHaveCount(0)
})
