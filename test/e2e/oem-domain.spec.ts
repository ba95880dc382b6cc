import { randomUUID } from 'node:crypto'
import { dirname, join } from 'node:path'
import { setRecord } from '../../infra/local/dns.ts'
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium.ts'
import { expect, test } from './fixtures.ts'
import {
  apiCall,
  apiCreateUser,
  apiSignIn,
  createOneCellSite,
  publishOneCellSite,
  signIn,
  waitForMail,
} from './support.ts'

/**
 * An OEM master sets its white-label sites domain in admin settings (issue 19 Deliver 5) with the
 * local DNS server, and its user's site then answers on `{site-uuid}.<oem domain>`. A fresh OEM of
 * its own: the demo OEM's users' URLs are what other browser tests read. The browser resolves
 * `*.example.test` to this machine, as a real DNS would resolve the wildcard to CloudFront.
 */
test.use({
  launchOptions: {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.example.test 127.0.0.1'],
  },
})

const TARGET = 'domains.sites.localhost'
const zoneFile = () => join(dirname(process.env.E2E_CLOCK_FILE!), 'dns-zone.json')

/** A new account created through the API by `token`, its temporary password replaced: signed in. */
const newAccount = async (
  urls: { api: string; mail: string },
  token: string,
  body: Record<string, unknown>,
) => {
  const email = `${String(body.account_type).toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`
  expect((await apiCreateUser(urls.api, token, { ...body, email })).status).toBe(201)
  const mail = await waitForMail(urls.mail, email)
  const temporary = mail.body.text?.split('\n').find((line) => /^\S{12}$/.test(line)) ?? ''
  const login = await fetch(`${urls.api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login_id: email, password: temporary }),
  })
  const { session } = (await login.json()) as { session: string }
  const password = 'White#Label1'
  const done = await fetch(`${urls.api}/auth/complete-new-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login_id: email, session, new_password: password }),
  })
  expect(done.status).toBe(200)
  return { email, password, token: ((await done.json()) as { access_token: string }).access_token }
}

test('an OEM master connects its sites domain and its user’s site answers on it', async ({ page, urls }) => {
  test.setTimeout(120_000)
  const master = await apiSignIn(urls.api, 'master@example.com', 'Master#Local1')
  const oem = await newAccount(urls, master, {
    account_type: 'OEM_MASTER',
    company_name: 'ホワイトラベル株式会社',
    contact_name: '高橋',
  })
  const user = await newAccount(urls, oem.token, {
    account_type: 'USER',
    company_name: 'OEMのユーザー',
    contact_name: '伊藤',
  })
  const name = `OEMドメイン ${randomUUID().slice(0, 6)}`
  const site = await createOneCellSite(urls.api, user.token, name)
  await publishOneCellSite(urls.api, user.token, site)
  const { global_setting: stored } = (await apiCall(urls.api, user.token, 'GET', `/site/${site.siteId}`)) as {
    global_setting: { site_uuid: string }
  }
  const domain = `oem-${randomUUID().slice(0, 8)}.example.test`
  const edgePort = new URL(urls.edge).port

  await signIn(page, oem.email, oem.password)
  await expect(page).toHaveURL(/\/admin\/summary$/)
  await page.goto('/admin/admin-list')
  // 1. Enter the domain.
  await page.getByRole('textbox', { name: 'OEMドメイン' }).fill(domain)
  await page.getByRole('button', { name: '登録する' }).click()
  await expect(page.getByText('確認中', { exact: true })).toBeVisible()
  await expect(
    page.getByText(
      `*.${domain} にCNAMEレコードが見つかりません。DNSの管理画面で、ホスト名 *.${domain} の値（向き先）を ${TARGET} にしたCNAMEレコードを追加してください。`,
    ),
  ).toBeVisible()
  // 2–3. The wildcard record and this claim's TXT code (issue 29), per registrar; added as
  // `npm run dns` does here.
  await page.getByText('ムームードメイン', { exact: true }).click()
  await expect(page.getByText(/サブドメインに \*\.oem-[0-9a-f]{8}、種別に CNAME/)).toBeVisible()
  const txt = page.getByTestId('domain-txt')
  await expect(txt.getByText(`_swipe-challenge.${domain}`)).toBeVisible()
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await txt.getByRole('button', { name: '確認コードをコピー' }).click()
  const token = String(await page.evaluate('navigator.clipboard.readText()'))
  expect(token).toMatch(/^[A-Z2-7]{32}$/)
  setRecord(zoneFile(), `*.${domain}`, 'CNAME', TARGET)
  setRecord(zoneFile(), `_swipe-challenge.${domain}`, 'TXT', token)
  // 4. Check now: connected, and the users' site URL is on the OEM domain.
  await page.getByRole('button', { name: '今すぐ確認する' }).click()
  await expect(page.getByText('接続済み', { exact: true })).toBeVisible()
  await expect(page.getByText(`http://{site-uuid}.${domain}:${edgePort}/`)).toBeVisible()

  const oemUrl = `http://${stored.site_uuid}.${domain}:${edgePort}/`
  const listed = (await apiCall(urls.api, user.token, 'GET', '/site')) as {
    items: { id: string; url: string }[]
  }
  expect(listed.items.find((s) => s.id === site.siteId)?.url).toBe(oemUrl)
  const response = await page.goto(oemUrl)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('img', { name })).toBeVisible()

  await apiCall(urls.api, oem.token, 'DELETE', '/oem-domain')
})
