import { createHash, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import {
  assignArm,
  encodeHostValue,
  VISITOR_KEY_COOKIE,
  visitorKeyCookie,
} from '@swipe/shared/experiments/model'
import { MessageMatchSchema, matchedCell, matchMap } from '@swipe/shared/site/message-match'
import { describe, expect, it } from 'vitest'
import { SITE_NOT_FOUND_PAGE, SITE_SECURITY_HEADERS } from '../lib/sites/headers.ts'
import { HOST_ROUTER_SOURCE, VARIANT_COOKIE_SOURCE } from '../lib/sites.ts'

type Request = {
  uri: string
  headers: Record<string, { value: string }>
  cookies?: Record<string, { value: string }>
  querystring?: Record<string, { value: string }>
}
type Response = { statusCode: number }
type Handler = (event: { request: Request }) => Promise<Request | Response>

/**
 * Runs the CloudFront Function source as CloudFront would, with the `cloudfront` module's
 * KeyValueStore replaced by a map (get() rejects on a missing key, as the real one does).
 */
const load = (hosts: Record<string, string>): Handler => {
  const source = readFileSync(HOST_ROUTER_SOURCE, 'utf8')
  const importLine = "import cf from 'cloudfront'"
  const cryptoLine = "import crypto from 'crypto'"
  expect(source).toContain(importLine)
  expect(source).toContain(cryptoLine)
  const cf = {
    kvs: () => ({
      get: async (key: string) => {
        if (!(key in hosts)) throw new Error(`Key ${key} not found`)
        return hosts[key]
      },
    }),
  }
  // The CloudFront runtime's `crypto` module: createHash(…).update(…).digest('hex'), as node's.
  const crypto = { createHash: (algorithm: string) => createHash(algorithm) }
  return new Function(
    'cf',
    'crypto',
    `${source.replace(importLine, '').replace(cryptoLine, '')}\nreturn handler`,
  )(cf, crypto) as Handler
}

const request = (host: string | undefined, uri: string): { request: Request } => ({
  request: { uri, headers: host === undefined ? {} : { host: { value: host } } },
})

describe('host router (CloudFront Function)', () => {
  const handler = load({ 'lp.customer.jp': 'sites/abc', '1234.sites.example': 'sites/1234' })

  it('prefixes the URI with the site of the host', async () => {
    expect(await handler(request('lp.customer.jp', '/img/a.png'))).toMatchObject({
      uri: '/sites/abc/img/a.png',
    })
  })

  it('serves index.html for directory paths', async () => {
    expect(await handler(request('lp.customer.jp', '/'))).toMatchObject({ uri: '/sites/abc/index.html' })
    expect(await handler(request('lp.customer.jp', '/en/'))).toMatchObject({
      uri: '/sites/abc/en/index.html',
    })
    expect(await handler(request('lp.customer.jp', '/en'))).toMatchObject({ uri: '/sites/abc/en/index.html' })
  })

  it('matches hosts case-insensitively and without the port', async () => {
    expect(await handler(request('1234.Sites.Example:443', '/'))).toMatchObject({
      uri: '/sites/1234/index.html',
    })
  })

  it('serves /_media/<file> from the site folder beside the release (media its releases share)', async () => {
    const routed = load({ 'lp.customer.jp': 'sites/abc/20260101T000000000Z-0000000a' })
    expect(await routed(request('lp.customer.jp', '/_media/a.jpg'))).toMatchObject({
      uri: '/sites/abc/_media/a.jpg',
    })
    expect(await routed(request('lp.customer.jp', '/media/a.jpg'))).toMatchObject({
      uri: '/sites/abc/20260101T000000000Z-0000000a/media/a.jpg',
    })
  })

  it('answers 404 for an unknown or missing host and for paths that climb out', async () => {
    expect(await handler(request('unknown.example', '/'))).toMatchObject({ statusCode: 404 })
    expect(await handler(request(undefined, '/'))).toMatchObject({ statusCode: 404 })
    expect(await handler(request('lp.customer.jp', '/../1234.sites.example/index.html'))).toMatchObject({
      statusCode: 404,
    })
  })

  it('serves the /sites/{siteId}/ path form on a host that is not a site of its own', async () => {
    const shared = load({ 'sites/5f0c-aa': 'sites/5f0c-aa/r2', 'lp.customer.jp': 'sites/abc' })
    const uri = async (host: string, path: string) => {
      const answer = await shared(request(host, path))
      return 'uri' in answer ? answer.uri : answer.statusCode
    }
    // Pages come from the path-form folder, files from the release both forms share.
    expect(await uri('sites.example', '/sites/5f0c-aa/')).toBe('/sites/5f0c-aa/r2/_p/index.html')
    expect(await uri('sites.example', '/sites/5F0C-AA')).toBe('/sites/5f0c-aa/r2/_p/index.html')
    expect(await uri('sites.example', '/sites/5f0c-aa/en/')).toBe('/sites/5f0c-aa/r2/_p/en/index.html')
    expect(await uri('sites.example', '/sites/5f0c-aa/en/register')).toBe(
      '/sites/5f0c-aa/r2/_p/en/register/index.html',
    )
    expect(await uri('sites.example', '/sites/5f0c-aa/media/a.jpg')).toBe('/sites/5f0c-aa/r2/media/a.jpg')
    expect(await uri('sites.example', '/sites/5f0c-aa/assets/swipe.1.js')).toBe(
      '/sites/5f0c-aa/r2/assets/swipe.1.js',
    )
    // Unknown or unpublished sites, other paths, and climbing out are not found.
    expect(await uri('sites.example', '/sites/unknown/')).toBe(404)
    expect(await uri('sites.example', '/')).toBe(404)
    expect(await uri('sites.example', '/sites/5f0c-aa/../abc/index.html')).toBe(404)
    // A site's own host never serves another site's path form.
    expect(await uri('lp.customer.jp', '/sites/5f0c-aa/')).toBe('/sites/abc/sites/5f0c-aa/index.html')
  })

  it('answers unknown hosts with the not-found page and every security header of the local edge', async () => {
    const response = (await handler(request('unknown.example', '/'))) as Response & {
      headers: Record<string, { value: string }>
      body: { encoding: string; data: string }
    }
    expect(response.statusCode).toBe(404)
    expect(response.body).toEqual({ encoding: 'text', data: SITE_NOT_FOUND_PAGE })
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, { value }]) => [name, value]),
    )
    expect(headers).toEqual({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      ...SITE_SECURITY_HEADERS,
    })
  })

  describe('experiments (issue 34)', () => {
    const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex')
    const arms = [
      { prefix: 'sites/abc/r-control', weight: 50 },
      { prefix: 'sites/abc/r-b', weight: 30 },
      { prefix: 'sites/abc/r-c', weight: 20 },
    ]
    const value = encodeHostValue(arms[0]!.prefix, { id: 'exp-1', arms })
    const routed = load({ 'lp.customer.jp': value, 'sites/abc': value })
    const withKey = (key: string, uri = '/'): { request: Request } => ({
      request: {
        uri,
        headers: { host: { value: 'lp.customer.jp' } },
        cookies: { [VISITOR_KEY_COOKIE]: { value: key } },
      },
    })

    it('serves each visitor key the arm the API counts it in (shared assignArm), for 2,000 keys', async () => {
      const served = [0, 0, 0]
      for (let i = 0; i < 2000; i++) {
        const key = randomBytes(16).toString('base64url')
        const expected = assignArm('exp-1', key, [50, 30, 20], sha256Hex)
        const answer = (await routed(withKey(key))) as Request
        expect(answer.uri).toBe(`/${arms[expected]!.prefix}/index.html`)
        expect(answer.headers['x-sl-ab-set']).toBeUndefined()
        served[expected]!++
      }
      // 50/30/20 within a few points (the split is a hash, not a coin per request).
      expect(served[0]! / 2000).toBeGreaterThan(0.45)
      expect(served[1]! / 2000).toBeGreaterThan(0.25)
      expect(served[2]! / 2000).toBeGreaterThan(0.15)
    })

    it('gives a visitor without a key a new one to set, and serves its arm; media stay shared', async () => {
      const answer = (await routed(request('lp.customer.jp', '/'))) as Request
      const key = answer.headers['x-sl-ab-set']?.value ?? ''
      expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/)
      expect(answer.uri).toBe(`/${arms[assignArm('exp-1', key, [50, 30, 20], sha256Hex)]!.prefix}/index.html`)
      // A forged or malformed cookie is replaced, not trusted.
      const forged = (await routed(withKey('../../etc'))) as Request
      expect(forged.headers['x-sl-ab-set']?.value).toMatch(/^[A-Za-z0-9_-]{22}$/)
      expect(await routed(withKey('k'.repeat(22), '/_media/a.jpg'))).toMatchObject({
        uri: '/sites/abc/_media/a.jpg',
      })
      // The path form picks the same way.
      const shared = (await routed({
        request: {
          ...withKey('k'.repeat(22)).request,
          headers: { host: { value: 'sites.example' } },
          uri: '/sites/abc/',
        },
      })) as Request
      expect(shared.uri).toBe(
        `/${arms[assignArm('exp-1', 'k'.repeat(22), [50, 30, 20], sha256Hex)]!.prefix}/_p/index.html`,
      )
    })

    it('sets the new key as the cookie the API reads, with the attributes of visitorKeyCookie', () => {
      const source = readFileSync(VARIANT_COOKIE_SOURCE, 'utf8')
      const respond = new Function(`${source}\nreturn handler`)() as (event: unknown) => {
        cookies: Record<string, { value: string; attributes: string }>
      }
      const key = 'A'.repeat(22)
      const set = respond({
        request: { headers: { 'x-sl-ab-set': { value: key } } },
        response: { cookies: {} },
      })
      const cookie = set.cookies[VISITOR_KEY_COOKIE]!
      expect(`${VISITOR_KEY_COOKIE}=${cookie.value}; ${cookie.attributes}`).toBe(visitorKeyCookie(key, true))
      expect(respond({ request: { headers: {} }, response: { cookies: {} } }).cookies).toEqual({})
      expect(
        respond({ request: { headers: { 'x-sl-ab-set': { value: 'a;b' } } }, response: { cookies: {} } })
          .cookies,
      ).toEqual({})
    })
  })

  describe('message match (issue 34 part 5)', () => {
    const rules = MessageMatchSchema.parse([
      { param: 'utm_content', value: 'Spring Sale', cell: 'b2' },
      { param: 'utm_campaign', value: 'line_0601', cell: 'C1' },
    ])
    const matches = matchMap(rules)!
    const value = encodeHostValue('sites/abc/r1', undefined, matches)
    const routed = load({ 'lp.customer.jp': value })
    const uri = async (path: string, query: Record<string, string>) => {
      const querystring = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, { value: v }]))
      const answer = (await routed({
        request: { uri: path, headers: { host: { value: 'lp.customer.jp' } }, querystring },
      })) as Request
      return answer.uri
    }

    it("serves a swipe page whose UTM value has a rule from the cell's start page, as matchedCell decides", async () => {
      expect(await uri('/', { utm_content: 'spring%20sale' })).toBe('/sites/abc/r1/_start/B2/index.html')
      expect(await uri('/', { utm_content: 'SPRING+SALE' })).toBe('/sites/abc/r1/_start/B2/index.html')
      expect(await uri('/en/', { utm_campaign: 'line_0601' })).toBe('/sites/abc/r1/en/_start/C1/index.html')
      expect(await uri('/en', { utm_campaign: 'line_0601' })).toBe('/sites/abc/r1/en/_start/C1/index.html')
      // utm_content first, then utm_campaign.
      expect(await uri('/', { utm_content: 'other', utm_campaign: 'line_0601' })).toBe(
        '/sites/abc/r1/_start/C1/index.html',
      )
      // No rule, another page or a file: served as always.
      expect(await uri('/', { utm_content: 'winter' })).toBe('/sites/abc/r1/index.html')
      expect(await uri('/', {})).toBe('/sites/abc/r1/index.html')
      expect(await uri('/register/', { utm_content: 'spring sale' })).toBe(
        '/sites/abc/r1/register/index.html',
      )
      expect(await uri('/assets/a.js', { utm_content: 'spring sale' })).toBe('/sites/abc/r1/assets/a.js')
      // The function's comparison is shared matchedCell's, for encoded, spaced and cased values.
      for (const raw of ['spring%20sale', 'Spring+Sale', '%E6%98%A5', 'spring sale ', '%zz'])
        expect(await uri('/', { utm_content: raw })).toBe(
          matchedCell(`utm_content=${raw}`, matches)
            ? '/sites/abc/r1/_start/B2/index.html'
            : '/sites/abc/r1/index.html',
        )
    })

    it('applies the rules to the arm a visitor of a running experiment is served', async () => {
      const arms = [
        { prefix: 'sites/abc/r1', weight: 50 },
        { prefix: 'sites/abc/r2', weight: 50 },
      ]
      const both = load({ 'lp.customer.jp': encodeHostValue('sites/abc/r1', { id: 'exp-2', arms }, matches) })
      const key = 'q'.repeat(22)
      const arm = assignArm('exp-2', key, [50, 50], (t) => createHash('sha256').update(t).digest('hex'))
      const answer = (await both({
        request: {
          uri: '/',
          headers: { host: { value: 'lp.customer.jp' } },
          cookies: { sl_ab: { value: key } },
          querystring: { utm_content: { value: 'spring sale' } },
        },
      })) as Request
      expect(answer.uri).toBe(`/${arms[arm]!.prefix}/_start/B2/index.html`)
    })
  })
})
