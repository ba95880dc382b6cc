import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { removeRecord, setRecord } from '../../infra/local/dns.ts'
import { createAccount, seededMaster, type TestAccount, tokenFor } from '../support/accounts.ts'
import { api, waitForMail } from '../support/api.ts'
import { advanceStackClock, freshWindow } from '../support/clock.ts'
import { edgeGet } from '../support/edge.ts'
import { useStackEnv } from '../support/env.ts'
import { publishVisitorSite } from '../support/visitor-site.ts'

/**
 * OEM white-label domains end to end through the local DNS server (issue 19 Deliver 5): an OEM
 * master sets its sites domain, the doctor explains the missing wildcard record, `dns set` of
 * `*.<domain>` verifies it, and its users' sites are then served and linked as
 * `{site-uuid}.<domain>`; other OEMs are not affected.
 */
const { urls, env } = useStackEnv()
const http = api(urls.api)
const zone = env.DOMAIN_DNS_ZONE_FILE!
const TARGET = 'domains.sites.localhost'
const edgePort = new URL(urls.edge).port
const oemName = (label: string) => `${label}-${randomUUID().slice(0, 8)}.example.test`
/** A claim's own TXT record (issue 29), as `npm run dns -- set _swipe-challenge.<name> TXT <token>` does. */
const publishToken = (domain: string, token: string) =>
  setRecord(zone, `_swipe-challenge.${domain}`, 'TXT', token)
const codes = (body: { domain: { findings: { code: string }[] } }) => body.domain.findings.map((f) => f.code)

interface Oem {
  master: TestAccount
  token: string
  userToken: string
  user: TestAccount
}

const newOem = async (): Promise<Oem> => {
  const master = await createAccount({ type: 'OEM_MASTER', parent: await seededMaster(http) })
  const user = await createAccount({ type: 'USER', parent: master, planId: 'pro_multi' })
  return {
    master,
    user,
    token: await tokenFor(http, master.email, master.password),
    userToken: await tokenFor(http, user.email, user.password),
  }
}

describe('OEM white-label domains', () => {
  let oem: Oem
  let other: Oem
  beforeAll(async () => {
    ;[oem, other] = await Promise.all([newOem(), newOem()])
  })

  const put = (domain: string, token = oem.token, query = '') =>
    http.call('PUT', `/oem-domain${query}`, { token, body: { domain } })
  const check = (token = oem.token) => http.post('/oem-domain/check', {}, { token })

  it('only the OEM master (and staff in scope) manages it; its admins read it; users and other OEMs do not', async () => {
    const admin = await createAccount({ type: 'OEM_ADMIN', parent: oem.master })
    const adminToken = await tokenFor(http, admin.email, admin.password)
    const read = await http.get('/oem-domain', { token: adminToken })
    expect(read.status).toBe(200)
    expect(read.body).toEqual({
      oem_id: oem.master.accountId,
      oem_name: 'Test OEM_MASTER',
      editable: false,
      cname_target: TARGET,
      provisioner: 'local',
      default_site_url: `http://{site-uuid}.sites.localhost:${edgePort}/`,
      domain: null,
    })
    expect((await put(oemName('admin'), adminToken)).status).toBe(403)
    expect((await http.get('/oem-domain', { token: oem.userToken })).status).toBe(403)
    // Another OEM's master cannot even see this OEM.
    const probe = await http.get(`/oem-domain?oemId=${oem.master.accountId}`, { token: other.token })
    expect(probe.status).toBe(404)
    // Platform staff name the OEM; without one there is nothing to act on.
    const staff = await tokenFor(http, 'master@example.com', 'Master#Local1')
    expect((await http.get('/oem-domain', { token: staff })).body.error.code).toBe('oemDomain.notOem')
    const byStaff = await http.get(`/oem-domain?oemId=${oem.master.accountId}`, { token: staff })
    expect(byStaff.status).toBe(200)
    expect(byStaff.body.editable).toBe(true)
    // A name of the product's own zones or of bad syntax is refused, nothing stored.
    const refused = await put('abc.sites.localhost')
    expect(refused.status).toBe(400)
    expect(refused.body.error.code).toBe('domain.productZone')
    expect((await put('oem_example..com')).body.error.code).toBe('validation.domain')
    expect((await http.get('/oem-domain', { token: oem.token })).body.domain).toBeNull()
  })

  it('verifies the wildcard through DNS, then serves and links its users’ sites on it', async () => {
    const site = await publishVisitorSite(http, oem.userToken, { forms: false })
    const otherSite = await publishVisitorSite(http, other.userToken, { forms: false })
    const domain = oemName('oem')
    const defaultUrl = `http://${site.siteUuid}.sites.localhost:${edgePort}/`
    const oemUrl = `http://${site.siteUuid}.${domain}:${edgePort}/`

    const set = await put(domain)
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect(set.body.message).toBe(
      `OEMドメイン ${domain} を登録しました。ワイルドカードCNAMEレコード（*.${domain}）の確認を開始します（最大72時間）。`,
    )
    expect(set.body.domain).toMatchObject({
      name: domain,
      record: `*.${domain}`,
      state: 'VERIFYING',
      verified_at: null,
      site_url: null,
      // The local stack issues no certificate: no ACM validation record to add.
      certificate: null,
    })
    const token: string = set.body.domain.challenge.value
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
        params: { domain: `*.${domain}`, target: TARGET },
        message: `*.${domain} にCNAMEレコードが見つかりません。DNSの管理画面で、ホスト名 *.${domain} の値（向き先）を ${TARGET} にしたCNAMEレコードを追加してください。`,
      },
      {
        code: 'txtMissing',
        severity: 'error',
        params: { domain, name: `_swipe-challenge.${domain}`, value: token },
        message: `所有確認用のTXTレコードが見つかりません。DNSの管理画面で、ホスト名 _swipe-challenge.${domain}、値 ${token} のTXTレコードを追加してください。`,
      },
    ])
    // Until verified the users' sites keep the product's default domain.
    expect((await http.get(`/site/${site.siteId}`, { token: oem.userToken })).body.global_setting.url).toBe(
      defaultUrl,
    )
    expect((await edgeGet(urls.edge, `${site.siteUuid}.${domain}:${edgePort}`, '/')).status).toBe(404)

    // An unverified zone reserves nothing (issue 29): another OEM may claim it too, a site a name under it.
    const pending = await put(domain, other.token)
    expect(pending.status, JSON.stringify(pending.body)).toBe(200)
    expect(pending.body.domain.state).toBe('VERIFYING')
    const sitePut = (siteId: string, name: string) =>
      http.call('PUT', `/site/${siteId}/domain`, { token: other.userToken, body: { domain: name } })
    expect((await sitePut(otherSite.siteId, `lp.${domain}`)).status).toBe(200)
    expect(
      (await http.call('DELETE', `/site/${otherSite.siteId}/domain`, { token: other.userToken })).status,
    ).toBe(200)

    // The wildcard alone proves nothing; with the OEM's own TXT token it is verified.
    setRecord(zone, `*.${domain}`, 'CNAME', TARGET)
    expect(codes((await check()).body)).toEqual(['txtMissing'])
    publishToken(domain, token)
    const done = await check()
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.domain).toMatchObject({
      name: domain,
      state: 'ACTIVE',
      site_url: `http://{site-uuid}.${domain}:${edgePort}/`,
    })
    expect(done.body.domain.findings.map((f: { code: string }) => f.code)).toEqual([
      'verified',
      'certificateLocal',
    ])
    expect(done.body.domain.challenge.seen).toBe(true)
    // The other OEM's pending claim ended with the reason; the verified zone now reserves names under it.
    const lost = await http.get('/oem-domain', { token: other.token })
    expect(lost.body.domain.state).toBe('FAILED')
    expect(codes(lost.body)).toEqual(['claimedElsewhere'])
    const under = await sitePut(otherSite.siteId, `lp.${domain}`)
    expect(under.status).toBe(400)
    expect(under.body.error.code).toBe('domain.oemZone')
    expect(under.body.error.message).toBe(
      `${domain} はOEMのサイト用ドメインとして登録されているため、独自ドメインとして使えません。`,
    )
    const taken = await put(domain, other.token)
    expect(taken.status).toBe(409)
    expect(taken.body.error.code).toBe('oemDomain.taken')
    expect(taken.body.error.message).toBe('このドメインはすでに別のサイトまたはOEMで使用されています。')

    // The edge serves the user's site by the OEM Host; the default host keeps serving.
    const served = await edgeGet(urls.edge, `${site.siteUuid}.${domain}:${edgePort}`, '/')
    expect(served.status).toBe(200)
    expect(served.text).toContain('公開')
    expect((await edgeGet(urls.edge, `${site.siteUuid}.sites.localhost:${edgePort}`, '/')).status).toBe(200)
    // The API's URLs name the OEM domain: the editor, the site list, the domain tab.
    const detail = await http.get(`/site/${site.siteId}`, { token: oem.userToken })
    expect(detail.body.global_setting.url).toBe(oemUrl)
    const list = await http.get('/site', { token: oem.userToken })
    expect(list.body.items.find((s: { id: string }) => s.id === site.siteId).url).toBe(oemUrl)
    const tab = await http.get(`/site/${site.siteId}/domain`, { token: oem.userToken })
    expect(tab.body.default_url).toBe(oemUrl)
    // Visitors' API calls on the OEM host find the site (forms, members); another OEM's site does not answer there.
    const resolved = await http.get(`/end-user/site?domain=${site.siteUuid}.${domain}:${edgePort}&path=/`)
    expect(resolved.status).toBe(200)
    expect(resolved.body.site_id).toBe(site.siteId)
    expect((await http.get(`/end-user/site?domain=${otherSite.siteUuid}.${domain}&path=/`)).status).toBe(404)
    // A site published after verification is served on it at once.
    const later = await publishVisitorSite(http, oem.userToken, { forms: false })
    expect((await edgeGet(urls.edge, `${later.siteUuid}.${domain}:${edgePort}`, '/')).status).toBe(200)

    // A user of another OEM is not affected.
    expect(
      (await http.get(`/site/${otherSite.siteId}`, { token: other.userToken })).body.global_setting.url,
    ).toBe(`http://${otherSite.siteUuid}.sites.localhost:${edgePort}/`)
    expect((await edgeGet(urls.edge, `${otherSite.siteUuid}.${domain}:${edgePort}`, '/')).status).toBe(404)

    // Removing it: the OEM host stops serving, URLs go back to the default domain, the name is free.
    const removed = await http.call('DELETE', '/oem-domain', { token: oem.token })
    expect(removed.status).toBe(200)
    expect(removed.body.domain).toBeNull()
    expect(removed.body.message).toBe(
      'OEMドメインを解除しました。ユーザーのサイトはサービスのデフォルトドメインで公開を続けます。',
    )
    expect((await edgeGet(urls.edge, `${site.siteUuid}.${domain}:${edgePort}`, '/')).status).toBe(404)
    expect((await edgeGet(urls.edge, `${later.siteUuid}.${domain}:${edgePort}`, '/')).status).toBe(404)
    expect((await http.get(`/site/${site.siteId}`, { token: oem.userToken })).body.global_setting.url).toBe(
      defaultUrl,
    )
    // The released zone is nobody's: the other OEM's claim needs its own token, the old one proves nothing.
    const reclaimed = await put(domain, other.token)
    expect(reclaimed.status, JSON.stringify(reclaimed.body)).toBe(200)
    expect(reclaimed.body.domain.state).toBe('VERIFYING')
    expect(codes(reclaimed.body)).toEqual(['txtElsewhere'])
    publishToken(domain, reclaimed.body.domain.challenge.value)
    expect((await check(other.token)).body.domain.state).toBe('ACTIVE')
    expect((await http.call('DELETE', '/oem-domain', { token: other.token })).status).toBe(200)
    removeRecord(zone, `*.${domain}`)
    removeRecord(zone, `_swipe-challenge.${domain}`)
  })

  it('refuses a public suffix and a zone over a name another tenant holds verified', async () => {
    for (const suffix of ['co.jp', 'github.io', 's3.amazonaws.com']) {
      const refused = await put(suffix)
      expect(refused.status, suffix).toBe(400)
      expect(refused.body.error.code, suffix).toBe('oemDomain.publicSuffix')
    }
    expect((await put('co.jp')).body.error.message).toBe(
      'co.jp は公開サフィックス（co.jp や github.io のように、誰でもその下にドメインを登録できる名前）のため、OEMドメインとして使えません。自社で登録したドメイン（例: oem.example.co.jp）を入力してください。',
    )
    // A user of another OEM holds lp.<zone> verified: the zone, and the name itself, are refused.
    const zoneName = oemName('covers')
    const held = `lp.${zoneName}`
    const site = await publishVisitorSite(http, other.userToken, { forms: false })
    const claimed = await http.call('PUT', `/site/${site.siteId}/domain`, {
      token: other.userToken,
      body: { domain: held },
    })
    setRecord(zone, held, 'CNAME', TARGET)
    publishToken(held, claimed.body.domain.challenge.value)
    expect(
      (await http.post(`/site/${site.siteId}/domain/check`, {}, { token: other.userToken })).body.domain
        .state,
    ).toBe('ACTIVE')
    const covers = await put(zoneName)
    expect(covers.status).toBe(409)
    expect(covers.body.error.code).toBe('oemDomain.coversOthers')
    expect(covers.body.error.message).toBe(
      `${zoneName} の配下に、別のアカウントが所有を確認済みのドメインがあるため、OEMドメインとして使えません。`,
    )
    expect((await put(held)).body.error.code).toBe('oemDomain.taken')
    expect((await http.get('/oem-domain', { token: oem.token })).body.domain).toBeNull()
    removeRecord(zone, held)
    removeRecord(zone, `_swipe-challenge.${held}`)
  })

  it('gives up after 72 hours without the wildcard: FAILED with the reason, shown and mailed', async () => {
    const late = await newOem()
    const domain = oemName('late')
    expect((await put(domain, late.token)).status).toBe(200)
    await freshWindow(60_000)
    advanceStackClock(71 * 3_600_000)
    expect((await check(late.token)).body.domain.state).toBe('VERIFYING')
    advanceStackClock(3_600_000)
    const failed = await check(late.token)
    expect(failed.status).toBe(200)
    expect(failed.body.domain.state).toBe('FAILED')
    const [gaveUp, reason, txt] = failed.body.domain.findings
    expect(gaveUp.code).toBe('gaveUp')
    expect(reason.code).toBe('cnameMissing')
    expect(txt.code).toBe('txtMissing')
    expect(gaveUp.message).toBe(
      `72時間以内にDNSレコードを確認できなかったため、*.${domain} の確認を終了しました。最後の確認結果: ${reason.message} ${txt.message} 設定を見直してから、ドメインを登録し直してください。`,
    )
    // A FAILED zone reserves nothing: a user of another OEM may claim a name under it.
    const site = await publishVisitorSite(http, other.userToken, { forms: false, publish: false })
    const under = await http.call('PUT', `/site/${site.siteId}/domain`, {
      token: other.userToken,
      body: { domain: `lp.${domain}` },
    })
    expect(under.status, JSON.stringify(under.body)).toBe(200)
    const mail = await waitForMail(urls.mail, late.master.email)
    expect(mail.subject).toBe(`【Test OEM_MASTER】OEMドメイン ${domain} を接続できませんでした`)
    expect(mail.body.text).toContain(`・${reason.message}`)
    expect(mail.body.text).toContain('/admin/admin-list')
    // Registering it again starts a new 72 hours.
    expect((await put(domain, late.token)).body.domain.state).toBe('VERIFYING')
  })
})
