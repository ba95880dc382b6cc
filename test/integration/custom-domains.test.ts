import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { removeRecord, setRecord } from '../../infra/local/dns.ts'
import { twoTenants } from '../support/accounts.ts'
import { api, waitForMail } from '../support/api.ts'
import { advanceStackClock, freshWindow } from '../support/clock.ts'
import { edgeGet } from '../support/edge.ts'
import { useStackEnv } from '../support/env.ts'
import { publishVisitorSite } from '../support/visitor-site.ts'

/**
 * Custom domains end to end through the local DNS server (issue 19): the stack's checker resolves
 * through it (`DOMAIN_DNS_SERVER`), and these tests edit its zone as `npm run dns` does.
 */
const { urls, env } = useStackEnv()
const http = api(urls.api)
const zone = env.DOMAIN_DNS_ZONE_FILE!
const TARGET = 'domains.sites.localhost'
const edgePort = new URL(urls.edge).port
const name = (label: string) => `${label}-${randomUUID().slice(0, 8)}.example.test`

describe('custom domains', () => {
  let tenants: Awaited<ReturnType<typeof twoTenants>>
  beforeAll(async () => {
    tenants = await twoTenants(http)
  })

  const put = (siteId: string, domain: string, token = tenants.token) =>
    http.call('PUT', `/site/${siteId}/domain`, { token, body: { domain } })
  const check = (siteId: string, token = tenants.token) =>
    http.post(`/site/${siteId}/domain/check`, {}, { token })

  it('refuses bad names with the documented reasons, storing nothing', async () => {
    const { siteId } = await publishVisitorSite(http, tenants.token, { forms: false })
    const cases: Array<[string, string, string]> = [
      ['lp_example..com', 'validation.domain', 'ドメインの形式が正しくありません。'],
      [
        '203.0.113.7',
        'domain.ipAddress',
        'IPアドレスは接続できません。ドメイン名（例: lp.example.co.jp）を入力してください。',
      ],
      [
        'abc.sites.localhost',
        'domain.productZone',
        'このサービスのドメイン（sites.localhost）は独自ドメインとして使えません。',
      ],
      [
        'example.co.jp',
        'domain.apex',
        `example.co.jp はドメインそのもの（ルートドメイン）のため、CNAMEを設定できません。www.example.co.jp のようなサブドメインを使うか、ALIAS/ANAMEレコードに対応したDNS（Route 53 など）でルートドメインを ${TARGET} に向けてください。`,
      ],
    ]
    for (const [domain, code, message] of cases) {
      const refused = await put(siteId, domain)
      expect(refused.status, domain).toBe(400)
      expect(refused.body.error.code, domain).toBe(code)
      expect(refused.body.error.message, domain).toBe(message)
    }
    const state = await http.get(`/site/${siteId}/domain`, { token: tenants.token })
    expect(state.status).toBe(200)
    expect(state.body.domain).toBeNull()
    expect(state.body.site_status).toBe('PUBLISH')
  })

  it('waits in DOMAIN_VERIFYING with the doctor’s reason, then serves the site by Host once the CNAME is set', async () => {
    const site = await publishVisitorSite(http, tenants.token, { forms: false })
    const domain = name('lp')
    const set = await put(site.siteId, domain)
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect(set.body.message).toBe(
      `独自ドメイン ${domain} を登録しました。CNAMEレコードの確認を開始します（最大72時間）。`,
    )
    expect(set.body.site_status).toBe('DOMAIN_VERIFYING')
    expect(set.body.cname_target).toBe(TARGET)
    expect(set.body.provisioner).toBe('local')
    expect(set.body.domain).toMatchObject({ name: domain, state: 'VERIFYING', verified_at: null, url: null })
    expect(set.body.domain.findings).toEqual([
      {
        code: 'cnameMissing',
        severity: 'error',
        params: { domain, target: TARGET },
        message: `${domain} にCNAMEレコードが見つかりません。DNSの管理画面で、ホスト名 ${domain} の値（向き先）を ${TARGET} にしたCNAMEレコードを追加してください。`,
      },
    ])
    // The default domain keeps serving meanwhile; the custom host serves nothing yet.
    const byDefault = await edgeGet(urls.edge, `${site.siteUuid}.sites.localhost:${edgePort}`, '/')
    expect(byDefault.status).toBe(200)
    expect((await edgeGet(urls.edge, `${domain}:${edgePort}`, '/')).status).toBe(404)

    // Pointing elsewhere is explained, and still not connected.
    setRecord(zone, domain, 'CNAME', 'elsewhere.example.net')
    const elsewhere = await check(site.siteId)
    expect(elsewhere.status).toBe(200)
    expect(elsewhere.body.domain.state).toBe('VERIFYING')
    expect(elsewhere.body.domain.findings.map((f: { code: string }) => f.code)).toEqual(['cnameElsewhere'])
    expect(elsewhere.body.domain.findings[0].message).toBe(
      `${domain} のCNAMEレコードが elsewhere.example.net を指しています。値（向き先）を ${TARGET} に変更してください。`,
    )

    setRecord(zone, domain, 'CNAME', TARGET)
    const done = await check(site.siteId)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.site_status).toBe('PUBLISH')
    expect(done.body.domain).toMatchObject({
      name: domain,
      state: 'ACTIVE',
      url: `http://${domain}:${edgePort}/`,
    })
    expect(done.body.domain.findings.map((f: { code: string }) => f.code)).toEqual([
      'verified',
      'certificateLocal',
    ])
    const served = await edgeGet(urls.edge, `${domain}:${edgePort}`, '/')
    expect(served.status).toBe(200)
    expect(served.text).toContain('公開')
    expect((await edgeGet(urls.edge, `${site.siteUuid}.sites.localhost:${edgePort}`, '/')).status).toBe(200)
    const detail = await http.get(`/site/${site.siteId}`, { token: tenants.token })
    expect(detail.body.global_setting.custom_domain).toBe(domain)

    // Another site cannot take the name.
    const other = await publishVisitorSite(http, tenants.token, { forms: false, publish: false })
    const taken = await put(other.siteId, domain)
    expect(taken.status).toBe(409)
    expect(taken.body.error.code).toBe('domain.taken')
    expect(taken.body.error.message).toBe('このドメインは別のサイトで使用されています。')
    // Another tenant cannot even see the site.
    expect((await http.get(`/site/${site.siteId}/domain`, { token: tenants.otherToken })).status).toBe(404)

    // Removing it stops serving the custom host and frees the name.
    const removed = await http.call('DELETE', `/site/${site.siteId}/domain`, { token: tenants.token })
    expect(removed.status).toBe(200)
    expect(removed.body.domain).toBeNull()
    expect(removed.body.site_status).toBe('PUBLISH')
    expect((await edgeGet(urls.edge, `${domain}:${edgePort}`, '/')).status).toBe(404)
    expect(
      (await http.get(`/site/${site.siteId}`, { token: tenants.token })).body.global_setting.custom_domain,
    ).toBeNull()
    const reclaimed = await put(other.siteId, domain)
    expect(reclaimed.status, JSON.stringify(reclaimed.body)).toBe(200)
    // The record is in place: the other site (a draft) connects at once and stays a draft.
    expect(reclaimed.body.domain.state).toBe('ACTIVE')
    expect(reclaimed.body.site_status).toBe('DRAFT')
    // Deleting that site frees the name too.
    const version = (await http.get(`/site/${other.siteId}`, { token: tenants.token })).body.version
    expect(
      (await http.call('DELETE', `/site/${other.siteId}?version=${version}`, { token: tenants.token }))
        .status,
    ).toBe(200)
    expect((await put(site.siteId, domain)).body.domain.state).toBe('ACTIVE')
    removeRecord(zone, domain)
  })

  it.each([
    ['127.0.0.1', 'A'],
    ['169.254.169.254', 'A'],
    ['::1', 'AAAA'],
  ] as const)('refuses a name resolving to %s', async (address, type) => {
    const { siteId } = await publishVisitorSite(http, tenants.token, { forms: false, publish: false })
    const domain = name('internal')
    setRecord(zone, domain, type, address)
    const refused = await put(siteId, domain)
    expect(refused.status).toBe(400)
    expect(refused.body.error.code).toBe('domain.unsafeAddress')
    expect(refused.body.error.message).toBe(
      `${domain} は内部向けのアドレス（${address}）を指しているため接続できません。`,
    )
    expect((await http.get(`/site/${siteId}/domain`, { token: tenants.token })).body.domain).toBeNull()
    // A CNAME chain to an internal address is refused too.
    const chained = name('chained')
    setRecord(zone, chained, 'CNAME', domain)
    expect((await put(siteId, chained)).body.error.code).toBe('domain.unsafeAddress')
    removeRecord(zone, domain)
    removeRecord(zone, chained)
  })

  it('explains conflicting A records and a blocking CAA', async () => {
    const { siteId } = await publishVisitorSite(http, tenants.token, { forms: false, publish: false })
    const domain = name('conflict')
    setRecord(zone, domain, 'A', '93.184.216.34')
    setRecord(zone, domain, 'CAA', '0 issue "letsencrypt.org"')
    const set = await put(siteId, domain)
    expect(set.status).toBe(200)
    expect(
      set.body.domain.findings.map((f: { code: string; severity: string }) => [f.code, f.severity]),
    ).toEqual([
      ['conflictingAddress', 'error'],
      ['caaBlocks', 'warning'],
    ])
    expect(set.body.domain.findings[1].message).toBe(
      `${domain} のCAAレコード（issue "letsencrypt.org"）がAmazonの証明書発行を許可していません。CAAレコードに 0 issue "amazon.com" を追加するか、CAAレコードを削除してください。`,
    )
    removeRecord(zone, domain)
  })

  it('gives up after 72 hours without the record: FAILED with the reason, shown and mailed', async () => {
    const site = await publishVisitorSite(http, tenants.token, { forms: false })
    const domain = name('late')
    expect((await put(site.siteId, domain)).status).toBe(200)
    // Not yet: 71 hours later it still waits.
    await freshWindow(60_000)
    advanceStackClock(71 * 3_600_000)
    expect((await check(site.siteId)).body.domain.state).toBe('VERIFYING')
    advanceStackClock(3_600_000)
    const failed = await check(site.siteId)
    expect(failed.status).toBe(200)
    expect(failed.body.site_status).toBe('PUBLISH')
    expect(failed.body.domain.state).toBe('FAILED')
    expect(failed.body.domain.failed_at).not.toBeNull()
    const [gaveUp, reason] = failed.body.domain.findings
    expect(gaveUp.code).toBe('gaveUp')
    expect(reason.code).toBe('cnameMissing')
    expect(gaveUp.message).toBe(
      `72時間以内にDNSレコードを確認できなかったため、${domain} の確認を終了しました。最後の確認結果: ${reason.message} 設定を見直してから、ドメインを登録し直してください。`,
    )
    const mail = await waitForMail(urls.mail, tenants.user.email)
    expect(mail.subject).toBe(`【フォームのテスト】独自ドメイン ${domain} を接続できませんでした`)
    expect(mail.body.text).toContain(`・${reason.message}`)
    expect(mail.body.text).toContain(`/adminuser/site/${site.siteId}`)
    // The default domain kept serving throughout.
    expect((await edgeGet(urls.edge, `${site.siteUuid}.sites.localhost:${edgePort}`, '/')).status).toBe(200)
    // Registering it again starts a new 72 hours.
    const again = await put(site.siteId, domain)
    expect(again.body.domain.state).toBe('VERIFYING')
    expect(again.body.site_status).toBe('DOMAIN_VERIFYING')
  })
})
