import type { APIGatewayProxyEventV2 } from 'aws-lambda'
import { afterAll, describe, expect, it, vi } from 'vitest'
import * as session from './member-session.ts'

// The module reads its environment at load; this runs above the imports. As on AWS: sites over
// https on their default domain, the Secure flag left at its default.
vi.hoisted(() => {
  vi.stubEnv('SITES_ORIGIN', 'https://{host}.sites.example.com')
  vi.stubEnv('MEMBER_COOKIE_SECURE', undefined)
})
afterAll(() => {
  vi.unstubAllEnvs()
})

const event = (headers: Record<string, string> = {}, cookies?: string[]) =>
  ({
    headers,
    ...(cookies ? { cookies } : {}),
    requestContext: { requestId: 'r1' },
  }) as unknown as APIGatewayProxyEventV2

describe('the member session cookie', () => {
  it('is HttpOnly, SameSite=Strict, host-only, Secure by default and scoped to the site’s end-user API', () => {
    expect(session.sessionCookie('site-1', 'a.b.c', 3600)).toBe(
      'swipe_member=a.b.c; Path=/api/v1/end-user/site/site-1/; Max-Age=3600; HttpOnly; SameSite=Strict; Secure',
    )
    expect(session.clearedSessionCookie('site-1')).toBe(
      'swipe_member=; Path=/api/v1/end-user/site/site-1/; Max-Age=0; HttpOnly; SameSite=Strict; Secure',
    )
    // A path can never be widened or broken by what a site id holds.
    expect(session.memberCookiePath('a/b;c')).toBe('/api/v1/end-user/site/a%2Fb%3Bc/')
  })

  it('is read from API Gateway’s cookies or a Cookie header, the first of that name with a value', () => {
    expect(session.sessionTokenOf(event({}, ['lang=en', 'swipe_member=t1']))).toBe('t1')
    expect(session.sessionTokenOf(event({ cookie: 'a=1; swipe_member=t2; b=2' }))).toBe('t2')
    expect(session.sessionTokenOf(event({ Cookie: 'swipe_member=t3' }))).toBe('t3')
    expect(session.sessionTokenOf(event({}, ['swipe_member=', 'swipe_member=t4']))).toBe('t4')
    expect(session.sessionTokenOf(event({ cookie: 'xswipe_member=t5; swipe_memberx=t6' }))).toBeUndefined()
    expect(session.sessionTokenOf(event())).toBeUndefined()
  })
})

describe('crossOriginReason', () => {
  it.each([
    [{ 'x-swipe-member': '1', 'sec-fetch-site': 'same-origin' }, undefined],
    [{ 'x-swipe-member': '1' }, undefined],
    [{ 'X-Swipe-Member': '1', 'Sec-Fetch-Site': 'same-origin' }, undefined],
    [{ 'x-swipe-member': '1', 'sec-fetch-site': 'same-site' }, 'fetchSite:same-site'],
    [{ 'x-swipe-member': '1', 'sec-fetch-site': 'cross-site' }, 'fetchSite:cross-site'],
    [{ 'x-swipe-member': '1', 'sec-fetch-site': 'none' }, 'fetchSite:none'],
    [{ 'sec-fetch-site': 'same-origin' }, 'memberHeaderMissing'],
    [{ 'x-swipe-member': 'true' }, 'memberHeaderMissing'],
  ])('%o → %s', (headers, reason) => {
    expect(session.crossOriginReason(event(headers))).toBe(reason)
  })

  it('refuses with 403 endUser.crossOrigin', () => {
    expect(() => session.refuseCrossOrigin(event({ 'sec-fetch-site': 'cross-site' }))).toThrow(
      expect.objectContaining({ status: 403, code: 'endUser.crossOrigin' }),
    )
    expect(() => session.refuseCrossOrigin(event({ 'x-swipe-member': '1' }))).not.toThrow()
  })
})

describe('isOwnHost', () => {
  const site = { siteUuid: '0b5e3d8c-6f1e-4a51-9a07-3c1c2f0e9d11', customDomain: 'lp.example.jp' }

  it('knows the site’s default domain and custom domain, whatever the case or port', () => {
    expect(session.isOwnHost(site, `${site.siteUuid}.sites.example.com`)).toBe(true)
    expect(session.isOwnHost(site, `${site.siteUuid.toUpperCase()}.SITES.example.com:443`)).toBe(true)
    expect(session.isOwnHost(site, 'LP.example.jp')).toBe(true)
  })

  it('refuses the shared path-form host, another site’s host and anything else', () => {
    for (const host of [
      'sites.example.com',
      '1b5e3d8c-6f1e-4a51-9a07-3c1c2f0e9d11.sites.example.com',
      `${site.siteUuid}.sites.example.com.evil.example`,
      'example.jp',
      '',
    ])
      expect(session.isOwnHost(site, host), host).toBe(false)
    expect(session.isOwnHost({ siteUuid: site.siteUuid }, 'lp.example.jp')).toBe(false)
  })

  it('reads the Origin header’s host: none without one, empty for an opaque origin', () => {
    expect(session.originHostOf(event())).toBeUndefined()
    expect(session.originHostOf(event({ origin: 'null' }))).toBe('')
    expect(session.originHostOf(event({ Origin: 'https://lp.example.jp' }))).toBe('lp.example.jp')
  })
})
