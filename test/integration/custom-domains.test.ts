import { randomUUID } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { REFUSED_ADDRESSES } from '../../functions/src/platform/services/outbound.cases.ts'
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
/** A claim's own TXT record (issue 29), as `npm run dns -- set _swipe-challenge.<name> TXT <token>` does. */
const publishToken = (domain: string, token: string) =>
  setRecord(zone, `_swipe-challenge.${domain}`, 'TXT', token)
const codes = (body: { domain: { findings: { code: string }[] } }) => body.domain.findings.map((f) => f.code)

describe('custom domains', () => {
  let tenants: Awaited<ReturnType<typeof twoTenants>>
  /** Another tenant whose plan has custom domains too. */
  let tenantB: Awaited<ReturnType<typeof twoTenants>>
  beforeAll(async () => {
    ;[tenants, tenantB] = await Promise.all([twoTenants(http), twoTenants(http)])
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
        'https://LP.example.com/spring',
        'domain.url',
        'https:// やパスを付けずに、ドメイン名だけを入力してください（例: lp.example.com）。',
      ],
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
        's3.amazonaws.com',
        'domain.publicSuffix',
        's3.amazonaws.com は公開サフィックス（co.jp や github.io のように、誰でもその下にドメインを登録できる名前）のため、独自ドメインとして使えません。',
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
    // The claim's own token, to publish as a TXT record (issue 29).
    const token: string = set.body.domain.challenge.value
    expect(token).toMatch(/^[A-Z2-7]{32}$/)
    expect(set.body.domain.challenge).toEqual({
      name: `_swipe-challenge.${domain}`,
      type: 'TXT',
      value: token,
      seen: false,
    })
    expect(set.body.domain.findings).toEqual([
      {
        code: 'cnameMissing',
        severity: 'error',
        params: { domain, target: TARGET },
        message: `${domain} にCNAMEレコードが見つかりません。DNSの管理画面で、ホスト名 ${domain} の値（向き先）を ${TARGET} にしたCNAMEレコードを追加してください。`,
      },
      {
        code: 'txtMissing',
        severity: 'error',
        params: { domain, name: `_swipe-challenge.${domain}`, value: token },
        message: `所有確認用のTXTレコードが見つかりません。DNSの管理画面で、ホスト名 _swipe-challenge.${domain}、値 ${token} のTXTレコードを追加してください。`,
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
    expect(codes(elsewhere.body)).toEqual(['cnameElsewhere', 'txtMissing'])
    expect(elsewhere.body.domain.findings[0].message).toBe(
      `${domain} のCNAMEレコードが elsewhere.example.net を指しています。値（向き先）を ${TARGET} に変更してください。`,
    )

    // The CNAME alone proves nothing: the claim's own TXT token is still missing.
    setRecord(zone, domain, 'CNAME', TARGET)
    const routed = await check(site.siteId)
    expect(routed.body.domain.state).toBe('VERIFYING')
    expect(codes(routed.body)).toEqual(['txtMissing'])
    expect((await edgeGet(urls.edge, `${domain}:${edgePort}`, '/')).status).toBe(404)

    publishToken(domain, token)
    const done = await check(site.siteId)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.site_status).toBe('PUBLISH')
    expect(done.body.domain).toMatchObject({
      name: domain,
      state: 'ACTIVE',
      url: `http://${domain}:${edgePort}/`,
      challenge: { value: token, seen: true },
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
    // A new claim has a token of its own: the old TXT record no longer proves anything.
    expect(reclaimed.body.domain.state).toBe('VERIFYING')
    expect(codes(reclaimed.body)).toEqual(['txtElsewhere'])
    expect(reclaimed.body.domain.challenge.value).not.toBe(token)
    publishToken(domain, reclaimed.body.domain.challenge.value)
    // With its own token in place the other site (a draft) connects and stays a draft.
    const proven = await check(other.siteId)
    expect(proven.body.domain.state).toBe('ACTIVE')
    expect(proven.body.site_status).toBe('DRAFT')
    // Deleting that site frees the name too: the domains context's `releaseSite` job, which the
    // deletion starts (docs/decisions/0076-domains-context.md), until then the name is still taken.
    const version = (await http.get(`/site/${other.siteId}`, { token: tenants.token })).body.version
    expect(
      (await http.call('DELETE', `/site/${other.siteId}?version=${version}`, { token: tenants.token }))
        .status,
    ).toBe(200)
    await vi.waitFor(
      async () => {
        const again = await put(site.siteId, domain)
        expect(again.status, JSON.stringify(again.body)).toBe(200)
        expect(again.body.domain.state).toBe('VERIFYING')
      },
      { timeout: 5000, interval: 50 },
    )
    // Its name's ownership went with the site: the claim needs its own token again.
    expect(codes((await http.get(`/site/${site.siteId}/domain`, { token: tenants.token })).body)).toEqual([
      'txtElsewhere',
    ])
    removeRecord(zone, domain)
    removeRecord(zone, `_swipe-challenge.${domain}`)
  })

  it('a record left behind does not hand the name to the next tenant: its claim needs its own token', async () => {
    // Tenant A connects the name with its token, then removes the domain and leaves both records.
    const a = await publishVisitorSite(http, tenants.token, { forms: false })
    const domain = name('dangling')
    setRecord(zone, domain, 'CNAME', TARGET)
    const aToken: string = (await put(a.siteId, domain)).body.domain.challenge.value
    publishToken(domain, aToken)
    expect((await check(a.siteId)).body.domain.state).toBe('ACTIVE')
    expect((await http.call('DELETE', `/site/${a.siteId}/domain`, { token: tenants.token })).status).toBe(200)

    // Tenant B claims it: pending, since the TXT record holds A's token, not B's; nothing served.
    const b = await publishVisitorSite(http, tenantB.token, { forms: false })
    const claimed = await put(b.siteId, domain, tenantB.token)
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200)
    expect(claimed.body.domain.state).toBe('VERIFYING')
    expect(claimed.body.domain.challenge.seen).toBe(false)
    expect(codes(claimed.body)).toEqual(['txtElsewhere'])
    expect(claimed.body.domain.findings[0].message).toBe(
      `_swipe-challenge.${domain} のTXTレコードの値が、この登録の確認コードと一致しません。値を ${claimed.body.domain.challenge.value} にしたTXTレコードを追加してください（以前の登録や別のアカウントの値では確認できません）。`,
    )
    expect((await check(b.siteId, tenantB.token)).body.domain.state).toBe('VERIFYING')
    expect((await edgeGet(urls.edge, `${domain}:${edgePort}`, '/')).status).toBe(404)

    // Once B publishes its own token, B is verified and served.
    publishToken(domain, claimed.body.domain.challenge.value)
    expect((await check(b.siteId, tenantB.token)).body.domain.state).toBe('ACTIVE')
    expect((await edgeGet(urls.edge, `${domain}:${edgePort}`, '/')).status).toBe(200)
    expect((await http.get(`/end-user/site?domain=${domain}&path=/`)).body.site_id).toBe(b.siteId)
    removeRecord(zone, domain)
    removeRecord(zone, `_swipe-challenge.${domain}`)
  })

  it('a squatter’s earlier claim blocks nobody: the owner proves its token and wins, the squatter never does', async () => {
    const domain = name('shop')
    // B claims the name first; it has no way to publish a record at the owner's DNS.
    const squatter = await publishVisitorSite(http, tenantB.token, { forms: false })
    const squat = await put(squatter.siteId, domain, tenantB.token)
    expect(squat.status).toBe(200)
    expect(squat.body.domain.state).toBe('VERIFYING')

    // The owner still claims it (no 409), adds the CNAME and its own TXT token, and is verified.
    const owner = await publishVisitorSite(http, tenants.token, { forms: false })
    const claimed = await put(owner.siteId, domain)
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200)
    expect(claimed.body.domain.state).toBe('VERIFYING')
    setRecord(zone, domain, 'CNAME', TARGET)
    publishToken(domain, claimed.body.domain.challenge.value)
    // The squatter's check sees the owner's token, not its own: still pending.
    const squatCheck = await check(squatter.siteId, tenantB.token)
    expect(squatCheck.body.domain.state).toBe('VERIFYING')
    expect(codes(squatCheck.body)).toEqual(['txtElsewhere'])
    const proven = await check(owner.siteId)
    expect(proven.body.domain.state).toBe('ACTIVE')
    expect((await edgeGet(urls.edge, `${domain}:${edgePort}`, '/')).status).toBe(200)
    expect((await http.get(`/end-user/site?domain=${domain}&path=/`)).body.site_id).toBe(owner.siteId)

    // The squatter's claim ended when the owner proved it, with the reason; the name is taken now.
    const lost = await http.get(`/site/${squatter.siteId}/domain`, { token: tenantB.token })
    expect(lost.body.domain.state).toBe('FAILED')
    expect(lost.body.site_status).toBe('PUBLISH')
    expect(lost.body.domain.findings).toEqual([
      {
        code: 'claimedElsewhere',
        severity: 'error',
        params: { domain },
        message: `別のアカウントが先に ${domain} の所有を確認したため、この登録は終了しました。`,
      },
    ])
    expect((await check(squatter.siteId, tenantB.token)).body.domain.state).toBe('FAILED')
    const again = await put(squatter.siteId, domain, tenantB.token)
    expect(again.status).toBe(409)
    expect(again.body.error.code).toBe('domain.taken')
    removeRecord(zone, domain)
    removeRecord(zone, `_swipe-challenge.${domain}`)
  })

  it('two claims proving one name at once: exactly one wins', async () => {
    const domain = name('race')
    const [a, b] = await Promise.all([
      publishVisitorSite(http, tenants.token, { forms: false }),
      publishVisitorSite(http, tenantB.token, { forms: false }),
    ])
    const aToken: string = (await put(a.siteId, domain)).body.domain.challenge.value
    const bToken: string = (await put(b.siteId, domain, tenantB.token)).body.domain.challenge.value
    // Both tokens published (as a shared DNS account could): each claim sees its own.
    setRecord(zone, domain, 'CNAME', TARGET)
    const zoneData = JSON.parse(readFileSync(zone, 'utf8'))
    zoneData[`_swipe-challenge.${domain}`] = [
      { type: 'TXT', value: aToken },
      { type: 'TXT', value: bToken },
    ]
    writeFileSync(zone, JSON.stringify(zoneData))
    const states = (await Promise.all([check(a.siteId), check(b.siteId, tenantB.token)])).map(
      (r) => r.body.domain.state,
    )
    const after = await Promise.all([
      http.get(`/site/${a.siteId}/domain`, { token: tenants.token }),
      http.get(`/site/${b.siteId}/domain`, { token: tenantB.token }),
    ])
    expect(states.filter((s) => s === 'ACTIVE')).toHaveLength(1)
    expect(after.map((r) => r.body.domain.state).sort()).toEqual(['ACTIVE', 'FAILED'])
    const winner = after[0]!.body.domain.state === 'ACTIVE' ? a : b
    expect((await http.get(`/end-user/site?domain=${domain}&path=/`)).body.site_id).toBe(winner.siteId)
    removeRecord(zone, domain)
    removeRecord(zone, `_swipe-challenge.${domain}`)
  })

  it('a domain connected before per-claim tokens keeps serving, gets a token and shows its TXT step pending', async () => {
    const site = await publishVisitorSite(http, tenants.token, { forms: false })
    const domain = name('legacy')
    setRecord(zone, domain, 'CNAME', TARGET)
    const token: string = (await put(site.siteId, domain)).body.domain.challenge.value
    publishToken(domain, token)
    expect((await check(site.siteId)).body.domain.state).toBe('ACTIVE')
    removeRecord(zone, `_swipe-challenge.${domain}`)
    // Stored as before issue 29: one item per name, no token, no owner item.
    const { SiteDomains, LegacySiteDomains } = await import('../../functions/src/data/domains.ts')
    const { DomainOwners } = await import('../../functions/src/data/domain-owners.ts')
    const stored = (await SiteDomains.get({ domain, siteId: site.siteId }).go()).data!
    await SiteDomains.delete({ domain, siteId: site.siteId }).go()
    await DomainOwners.delete({ domain }).go()
    const { token: _t, provenAt: _p, ...legacy } = stored
    await LegacySiteDomains.create({ ...legacy, findings: [] }).go()

    const migrated = await http.get(`/site/${site.siteId}/domain`, { token: tenants.token })
    expect(migrated.body.domain).toMatchObject({ name: domain, state: 'ACTIVE' })
    expect(migrated.body.domain.challenge.value).toMatch(/^[A-Z2-7]{32}$/)
    expect(migrated.body.domain.challenge.value).not.toBe(token)
    expect(migrated.body.domain.challenge.seen).toBe(false)
    expect(
      migrated.body.domain.findings.map((f: { code: string; severity: string }) => [f.code, f.severity]),
    ).toEqual([['txtMissing', 'warning']])
    // Grandfathered: still served, and still its site's (another tenant is refused).
    expect((await edgeGet(urls.edge, `${domain}:${edgePort}`, '/')).status).toBe(200)
    const other = await publishVisitorSite(http, tenantB.token, { forms: false, publish: false })
    expect((await put(other.siteId, domain, tenantB.token)).status).toBe(409)
    // Its owner publishes the new token: the check sees it.
    publishToken(domain, migrated.body.domain.challenge.value)
    const seen = await check(site.siteId)
    expect(seen.body.domain.challenge.seen).toBe(true)
    expect(seen.body.domain.findings).toEqual([])
    removeRecord(zone, domain)
    removeRecord(zone, `_swipe-challenge.${domain}`)
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

  it('refuses every internal spelling of the outbound table that DNS can carry, as an A or AAAA answer', async () => {
    const { siteId } = await publishVisitorSite(http, tenants.token, { forms: false, publish: false })
    // A resolver answers addresses in their plain forms: the table's dotted IPv4 and its IPv6
    // spellings without a zone id (127.1 or 0x7f.1 are URL spellings, never DNS answers).
    const answers = REFUSED_ADDRESSES.map(([spelling]) => spelling.replace(/^\[(.*)\]$/, '$1')).filter(
      (address) => !address.includes('%') && isIP(address) !== 0,
    )
    expect(answers.length).toBeGreaterThanOrEqual(40)
    for (const address of answers) {
      const domain = name('spelling')
      setRecord(zone, domain, isIP(address) === 4 ? 'A' : 'AAAA', address)
      const refused = await put(siteId, domain)
      expect([address, refused.status, refused.body.error?.code]).toEqual([
        address,
        400,
        'domain.unsafeAddress',
      ])
      removeRecord(zone, domain)
    }
    expect((await http.get(`/site/${siteId}/domain`, { token: tenants.token })).body.domain).toBeNull()
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
      ['txtMissing', 'error'],
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
    const [gaveUp, reason, txt] = failed.body.domain.findings
    expect(gaveUp.code).toBe('gaveUp')
    expect(reason.code).toBe('cnameMissing')
    expect(txt.code).toBe('txtMissing')
    expect(gaveUp.message).toBe(
      `72時間以内にDNSレコードを確認できなかったため、${domain} の確認を終了しました。最後の確認結果: ${reason.message} ${txt.message} 設定を見直してから、ドメインを登録し直してください。`,
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
