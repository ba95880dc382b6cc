import { randomInt, randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { twoTenants } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { freshWindow } from '../support/clock.ts'
import { useStackEnv } from '../support/env.ts'
import { publishVisitorSite } from '../support/visitor-site.ts'

/**
 * Security II (issue 29; docs/decisions/0050-failed-guess-limits.md): failed site API authentications and
 * preview sign-ins are limited per client address (429 before any password is checked once 30 have failed in
 * 15 minutes), every refusal of the site API before its credentials pass is one answer whatever the site, its
 * state or the key's owner, and an address allowlist that lets most of the internet in is refused.
 */

const { urls } = useStackEnv()
const http = api(urls.api)
const FIFTEEN_MINUTES = 15 * 60_000
const PASSWORD = 'correct-horse-battery'
const PREVIEW_PASSWORD = 'Preview#2026'

/** A fresh documentation-range (198.18.0.0/15) address per call: no other test shares its windows. */
const newAddress = () => `198.${18 + randomInt(2)}.${randomInt(256)}.${randomInt(1, 255)}`

/** Headers of the edge the stack's address is vouched for by (the origin secret), like site-api.test.ts. */
const from = (address: string) => ({
  'x-viewer-address': address,
  'x-origin-verify': process.env.ORIGIN_VERIFY_SECRET ?? '',
})

const open = (siteId: string, address: string, authorization?: string) =>
  http.call('GET', `/open/site/${siteId}/members?limit=1`, {
    lang: 'en',
    headers: { ...from(address), ...(authorization ? { authorization } : {}) },
  })

const bearer = (key: string) => `Bearer ${key}`
const basic = (id: string, password: string) => `Basic ${Buffer.from(`${id}:${password}`).toString('base64')}`

/** Everything a caller can compare of an answer, but the per-request values (date, request id). */
const whole = (answer: Awaited<ReturnType<typeof open>>) => ({
  status: answer.status,
  body: answer.text,
  headers: Object.fromEntries(
    [...answer.headers.entries()].filter(
      ([name]) => !/^(date|.*request-?id|x-amz.*|connection|keep-alive)$/i.test(name),
    ),
  ),
})

describe('failed-guess limits and site API oracles', () => {
  let token: string
  let basicSite: string
  let keySite: string
  let offSite: string
  let keyOfKeySite: string
  let keyOfOffSite: string

  const newSite = async (name: string) =>
    (await http.post('/site', { name, number_horizontal: 1, number_vertical: 1 }, { token })).body
      .global_setting.id as string
  const put = (siteId: string, body: Record<string, unknown>) =>
    http.call('PUT', `/site/${siteId}/api`, { token, lang: 'en', body })
  const newKey = async (siteId: string) => {
    const created = await http.post(`/site/${siteId}/api/keys`, { name: 'guess' }, { token })
    expect(created.status, created.text).toBe(201)
    return created.body.key as string
  }

  beforeAll(async () => {
    token = (await twoTenants(http)).token
    ;[basicSite, keySite, offSite] = await Promise.all([newSite('basic'), newSite('key'), newSite('off')])
    ;[keyOfKeySite, keyOfOffSite] = await Promise.all([newKey(keySite), newKey(offSite)])
    const saved = await Promise.all([
      put(basicSite, { enabled: true, auth_method: 'BASIC_AUTH', basic_id: 'crm', basic_password: PASSWORD }),
      put(keySite, { enabled: true, auth_method: 'API_KEY' }),
    ])
    for (const answer of saved) expect(answer.status, answer.text).toBe(200)
  })

  it('answers the 31st wrong basic-auth password from one address with 429, even with the right password; another address still signs in', async () => {
    await freshWindow(FIFTEEN_MINUTES)
    const guesser = newAddress()
    for (let i = 1; i <= 30; i++) {
      const wrong = await open(basicSite, guesser, basic('crm', `wrong-password-${i}`))
      expect(wrong.status, `guess ${i}`).toBe(401)
    }
    const refused = await open(basicSite, guesser, basic('crm', 'wrong-password-31'))
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    expect(refused.body.error.code).toBe('error.tooManyRequestsMinutes')
    // The right password from that address is not even checked in this window.
    expect((await open(basicSite, guesser, basic('crm', PASSWORD))).status).toBe(429)
    // The site is not locked for everyone: the same credentials from another address work.
    expect((await open(basicSite, newAddress(), basic('crm', PASSWORD))).status).toBe(200)
  })

  it('counts unknown keys and another site’s keys as failures of the address', async () => {
    await freshWindow(FIFTEEN_MINUTES)
    const { keyOf } = await import('../../functions/src/edge/site-api-keys.ts')
    const scanner = newAddress()
    for (let i = 1; i <= 30; i++) {
      const key = i % 2 ? keyOf(randomUUID().replaceAll('-', '').slice(0, 30)) : keyOfOffSite
      expect((await open(keySite, scanner, bearer(key))).status, `key ${i}`).toBe(401)
    }
    expect((await open(keySite, scanner, bearer(keyOfKeySite))).status).toBe(429)
    expect((await open(keySite, newAddress(), bearer(keyOfKeySite))).status).toBe(200)
  })

  it('answers another site’s key exactly as an unknown key, and a site alike whether its API is on, off or absent', async () => {
    const { keyOf } = await import('../../functions/src/edge/site-api-keys.ts')
    const unknownKey = keyOf('0123456789abcdefghijABCDEFGHIJ')
    const caller = newAddress()
    const unknown = await open(keySite, caller, bearer(unknownKey))
    expect(unknown.status).toBe(401)
    expect(unknown.body.error).toEqual({
      code: 'siteApi.unauthorized',
      message:
        'The site API could not authenticate this request. Check the API key or the ID and password in the Authorization header, or the address you call from.',
    })
    expect(unknown.headers.get('www-authenticate')).toBe(
      'Bearer realm="site-api", Basic realm="site-api", charset="UTF-8"',
    )
    const expected = whole(unknown)
    // Another site's key (valid there, its site's API off), on a key site and a basic site.
    expect(whole(await open(keySite, caller, bearer(keyOfOffSite)))).toEqual(expected)
    expect(whole(await open(basicSite, caller, bearer(keyOfKeySite)))).toEqual(expected)
    // Before credentials pass: enabled (key, basic), disabled, and no such site answer alike.
    for (const siteId of [keySite, basicSite, offSite, randomUUID()]) {
      expect(whole(await open(siteId, caller)), `${siteId}: none`).toEqual(expected)
      expect(whole(await open(siteId, caller, basic('crm', 'wrong-password'))), `${siteId}: basic`).toEqual(
        expected,
      )
    }
    expect(whole(await open(offSite, caller, bearer(unknownKey)))).toEqual(expected)
    // Only a valid credential of the site learns that its API is off.
    const off = await open(offSite, caller, bearer(keyOfOffSite))
    expect(off.status).toBe(403)
    expect(off.body.error.code).toBe('siteApi.disabled')
  })

  it('refuses 0.0.0.0/0, ::/0 and other too-broad ranges as the allowlist, and takes a /24', async () => {
    const message =
      'This range is too broad. Use a prefix of at least /8 for IPv4 and /16 for IPv6 (0.0.0.0/0 and ::/0 are not allowed).'
    const before = (await http.call('GET', `/site/${keySite}/api`, { token })).body
    for (const [index, range] of [
      [0, '0.0.0.0/0'],
      [1, '::/0'],
      [1, '128.0.0.0/1'],
      [1, '2000::/3'],
    ] as const) {
      const ipList = index === 0 ? [range] : ['203.0.113.0/24', range]
      const refused = await put(keySite, {
        enabled: true,
        auth_method: 'IP_RESTRICTION',
        ip_list: ipList,
        version: before.version,
      })
      expect(refused.status, range).toBe(400)
      expect(refused.body.error.details).toEqual([
        {
          path: `body.ipList.${index}`,
          code: 'validation.ipRangeTooBroad',
          params: { ipv4: 8, ipv6: 16 },
          message,
        },
      ])
    }
    const unchanged = (await http.call('GET', `/site/${keySite}/api`, { token })).body
    expect(unchanged).toMatchObject({ version: before.version, auth_method: 'API_KEY', ip_list: [] })

    const saved = await put(keySite, {
      enabled: true,
      auth_method: 'IP_RESTRICTION',
      ip_list: ['203.0.113.0/24', '10.0.0.0/8', '2001:db8::/32'],
      version: before.version,
    })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.body.ip_list).toEqual(['203.0.113.0/24', '10.0.0.0/8', '2001:db8::/32'])
    expect((await open(keySite, '203.0.113.77')).status).toBe(200)
  })

  it('answers the 31st wrong preview password from one address with 429 whatever the emails; another address still signs in', async () => {
    const site = await publishVisitorSite(http, token, { forms: false, publish: false })
    const shared = await http.post(
      `/preview/site/${site.siteId}/share/set-password`,
      { password: PREVIEW_PASSWORD, is_private: false },
      { token },
    )
    expect(shared.status, shared.text).toBe(200)
    const login = (address: string, password: string) =>
      http.call('POST', `/preview/site/${site.siteId}/login`, {
        lang: 'en',
        headers: from(address),
        body: { email: `guess-${randomUUID().slice(0, 8)}@example.com`, password },
      })
    await freshWindow(FIFTEEN_MINUTES)
    const guesser = newAddress()
    for (let i = 1; i <= 30; i++)
      expect((await login(guesser, `Wrong#Pass${i}`)).status, `guess ${i}`).toBe(401)
    const refused = await login(guesser, 'Wrong#Pass31')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(refused.body.error.code).toBe('error.tooManyRequestsMinutes')
    expect((await login(guesser, PREVIEW_PASSWORD)).status).toBe(429)
    const elsewhere = await login(newAddress(), PREVIEW_PASSWORD)
    expect(elsewhere.status, elsewhere.text).toBe(200)
    expect(elsewhere.body.site_id).toBe(site.siteId)
  })
})
