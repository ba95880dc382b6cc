import { randomUUID } from 'node:crypto'
import { dirname, join } from 'node:path'
import { setRecord } from '../../infra/local/dns.ts'
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium.ts'
import { expect, test } from './fixtures.ts'
import { apiCall, apiSignIn, createOneCellSite, publishOneCellSite, signIn } from './support.ts'

/**
 * The four steps of connecting a custom domain (issue 19; SPEC §2) in the console, with the local
 * DNS server, ending on the site served at its custom host. The browser resolves `*.example.test`
 * to this machine, as a real DNS would resolve the creator's domain to CloudFront.
 */
test.use({
  launchOptions: {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.example.test 127.0.0.1'],
  },
})

const TARGET = 'domains.sites.localhost'
/** The stack's DNS zone, beside its clock file in the stack's data folder (infra/local/stack.ts). */
const zoneFile = () => join(dirname(process.env.E2E_CLOCK_FILE!), 'dns-zone.json')

test('a creator connects a custom domain in four steps and the site answers on it', async ({
  page,
  urls,
}) => {
  const token = await apiSignIn(urls.api, 'creator@example.com', 'Creator#Local1')
  const name = `独自ドメイン ${randomUUID().slice(0, 6)}`
  const site = await createOneCellSite(urls.api, token, name)
  await publishOneCellSite(urls.api, token, site)
  const domain = `lp-${randomUUID().slice(0, 8)}.example.test`

  await signIn(page, 'creator@example.com', 'Creator#Local1')
  await expect(page).toHaveURL(/\/[a-z-]+\/summary$/)
  const segment = new URL(page.url()).pathname.split('/')[1]
  await page.goto(`/${segment}/site/${site.siteId}`)
  await page.getByRole('tab', { name: 'ドメイン設定' }).click()

  // 1. Enter the domain.
  await page.getByRole('textbox', { name: '使用するドメイン' }).fill(domain)
  await page.getByRole('button', { name: '登録する' }).click()
  await expect(page.getByText('確認中', { exact: true })).toBeVisible()
  await expect(
    page.getByText(
      `${domain} にCNAMEレコードが見つかりません。DNSの管理画面で、ホスト名 ${domain} の値（向き先）を ${TARGET} にしたCNAMEレコードを追加してください。`,
    ),
  ).toBeVisible()

  // 2. Copy the CNAME target, and this claim's own TXT code that proves ownership (issue 29).
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.getByRole('button', { name: '値をコピー', exact: true }).click()
  await expect(page.getByText('CNAMEの値をコピーしました。')).toBeVisible()
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(TARGET)
  const txt = page.getByTestId('domain-txt')
  await expect(txt.getByText(`_swipe-challenge.${domain}`)).toBeVisible()
  await expect(txt.getByText('未確認', { exact: true })).toBeVisible()
  await txt.getByRole('button', { name: '確認コードをコピー' }).click()
  await expect(page.getByText('TXTの確認コードをコピーしました。')).toBeVisible()
  const code = String(await page.evaluate('navigator.clipboard.readText()'))
  expect(code).toMatch(/^[A-Z2-7]{32}$/)

  // 3. Add it at the DNS provider: the console explains where, per registrar.
  await page.getByText('ムームードメイン', { exact: true }).click()
  const host = domain.split('.')[0]!
  await expect(
    page.getByText(
      new RegExp(`サブドメインに ${host}、種別に CNAME、内容に ${TARGET.replace(/\./g, '\\.')}`),
    ),
  ).toBeVisible()
  // …as `npm run dns -- set <domain> CNAME <target>` and
  // `npm run dns -- set _swipe-challenge.<domain> TXT <code>` do on this machine.
  setRecord(zoneFile(), domain, 'CNAME', TARGET)
  setRecord(zoneFile(), `_swipe-challenge.${domain}`, 'TXT', code)

  // 4. Complete: check now; the domain is connected and the site published on it.
  await page.getByRole('button', { name: '今すぐ確認する' }).click()
  await expect(page.getByText('接続済み', { exact: true })).toBeVisible()
  await expect(page.getByText(`${domain} の接続が完了しました。`)).toBeVisible()
  await expect(txt.getByText('確認済み', { exact: true })).toBeVisible()
  await expect(
    page.getByText('ローカル環境ではSSL証明書を発行しません。サイトはHTTPで表示されます。'),
  ).toBeVisible()
  const customUrl = `http://${domain}:${new URL(urls.edge).port}/`
  await expect(page.getByRole('link', { name: /独自ドメインで開く/ })).toHaveAttribute('href', customUrl)

  const response = await page.goto(customUrl)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('img', { name })).toBeVisible()

  // The demo creator's plan holds 3 sites: this one goes, and its domain is freed with it.
  const stored = (await apiCall(urls.api, token, 'GET', `/site/${site.siteId}`)) as { version: number }
  await apiCall(urls.api, token, 'DELETE', `/site/${site.siteId}?version=${stored.version}`)
})
