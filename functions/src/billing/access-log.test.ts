import { describe, expect, it } from 'vitest'
import {
  ACCESS_LOG_HEADER,
  type AccessRecord,
  accessLogLine,
  BILLABLE_VIEWS_PER_ADDRESS,
  billedUnderCap,
  isBillableView,
  parseAccessLog,
  siteIdOfPath,
} from './access-log.ts'

const CHROME =
  'Mozilla/5.0%20(Windows%20NT%2010.0;%20Win64;%20x64)%20AppleWebKit/537.36%20(KHTML,%20like%20Gecko)%20Chrome/78.0.3904.108%20Safari/537.36'

/** Lines of CloudFront's standard log (legacy), as the AWS documentation shows them. */
const LEGACY = [
  '#Version: 1.0',
  '#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header cs-protocol cs-bytes time-taken x-forwarded-for ssl-protocol ssl-cipher x-edge-response-result-type cs-protocol-version fle-status fle-encrypted-fields c-port time-to-first-byte x-edge-detailed-result-type sc-content-type sc-content-len sc-range-start sc-range-end',
  `2019-12-04\t21:02:31\tLAX1\t392\t192.0.2.100\tGET\td111111abcdef8.cloudfront.net\t/index.html\t200\t-\t${CHROME}\t-\t-\tHit\tSOX4xwn4XV6Q4rgb7XiVGOHms_BGlTAC4KyHmureZmBNrjGdRLiNIQ==\td111111abcdef8.cloudfront.net\thttps\t23\t0.001\t-\tTLSv1.2\tECDHE-RSA-AES128-GCM-SHA256\tHit\tHTTP/2.0\t-\t-\t11040\t0.001\tHit\ttext/html\t78\t-\t-`,
  `2019-12-13\t22:36:27\tSEA19-C1\t900\t192.0.2.200\tGET\td111111abcdef8.cloudfront.net\t/favicon.ico\t502\thttp://www.example.com/\t${CHROME}\t-\t-\tError\t1pkpNfBQ39sYMnjjUQjmH2w1wdJnbHYTbag21o_3OfcQgPzdL2RSSQ==\twww.example.com\thttp\t675\t0.102\t-\t-\t-\tError\tHTTP/1.1\t-\t-\t25260\t0.102\tOriginDnsError\ttext/html\t507\t-\t-`,
  '',
].join('\n')

/** Standard logging v2 (W3C output) with fields the operator chose, in another order. */
const V2 = [
  '#Version: 1.0',
  '#Fields: timestamp(ms) date time c-ip cs-method x-host-header cs-uri-stem sc-status cs(User-Agent) sc-content-type c-country',
  `1733300551000\t2024-12-04\t08:22:31\t2001:db8::1\tGET\tlp.example.jp\t/en/\t200\t${CHROME}\ttext/html;%20charset=utf-8\tJP`,
  'not a log line',
].join('\n')

describe('parseAccessLog', () => {
  it('reads the legacy standard log by its #Fields line', () => {
    expect(parseAccessLog(LEGACY)).toEqual([
      {
        at: Date.parse('2019-12-04T21:02:31Z'),
        address: '192.0.2.100',
        method: 'GET',
        host: 'd111111abcdef8.cloudfront.net',
        path: '/index.html',
        status: 200,
        userAgent:
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/78.0.3904.108 Safari/537.36',
        contentType: 'text/html',
        purpose: '',
      },
      expect.objectContaining({
        address: '192.0.2.200',
        host: 'www.example.com',
        path: '/favicon.ico',
        status: 502,
      }),
    ])
  })

  it('reads a v2 log with other fields in another order, skipping lines that are not requests', () => {
    expect(parseAccessLog(V2)).toEqual([
      expect.objectContaining({
        at: Date.parse('2024-12-04T08:22:31Z'),
        address: '2001:db8::1',
        host: 'lp.example.jp',
        path: '/en/',
        contentType: 'text/html; charset=utf-8',
      }),
    ])
  })

  it('reads back what the local edge writes', () => {
    const record: AccessRecord = {
      at: Date.parse('2026-11-29T01:02:03Z'),
      address: '127.0.0.1',
      method: 'GET',
      host: 'abc.sites.localhost',
      path: '/en/',
      status: 200,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
      contentType: 'text/html; charset=utf-8',
      purpose: 'prefetch',
    }
    expect(parseAccessLog(`${ACCESS_LOG_HEADER}${accessLogLine(record)}\n`)).toEqual([record])
  })
})

describe('isBillableView', () => {
  const page = parseAccessLog(LEGACY)[0]!

  it('counts a page document served whole to a browser', () => {
    expect(isBillableView(page)).toBe(true)
  })

  it.each([
    ['an error answer', { status: 502 }],
    ['a revalidation', { status: 304 }],
    ['a not-found page', { status: 404 }],
    ['a HEAD', { method: 'HEAD' }],
    ['a file', { contentType: 'image/webp' }],
    ['a script', { contentType: 'text/javascript' }],
    ['a robot', { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }],
    ['a script without a user agent', { userAgent: '' }],
    ['curl', { userAgent: 'curl/8.5.0' }],
    ['a prefetch', { purpose: 'prefetch' }],
    ['a prefetch with parameters', { purpose: 'prefetch;anonymous-client-ip' }],
  ])('does not count %s', (_, change) => {
    expect(isBillableView({ ...page, ...change })).toBe(false)
  })
})

describe('billedUnderCap', () => {
  it('bills the loads that fall within the first 50 of the address and day', () => {
    expect(BILLABLE_VIEWS_PER_ADDRESS).toBe(50)
    expect(billedUnderCap(3, 3)).toBe(3)
    expect(billedUnderCap(10, 50)).toBe(10)
    // 48 before, 5 now: 2 of them fit.
    expect(billedUnderCap(5, 53)).toBe(2)
    expect(billedUnderCap(1, 51)).toBe(0)
    expect(billedUnderCap(7, 400)).toBe(0)
  })

  it('lets concurrent files share the cap exactly, whatever order their ADDs land in', () => {
    // Three files of 30, 30 and 30 loads of one address: totals 30, 60, 90 in arrival order.
    expect(billedUnderCap(30, 30) + billedUnderCap(30, 60) + billedUnderCap(30, 90)).toBe(50)
  })
})

describe('siteIdOfPath', () => {
  it('finds the site of a path-form or release path only', () => {
    expect(siteIdOfPath('/sites/6f1c2d3e-aaaa-bbbb-cccc-1234567890ab/en/')).toBe(
      '6f1c2d3e-aaaa-bbbb-cccc-1234567890ab',
    )
    expect(siteIdOfPath('/sites/abc')).toBe('abc')
    expect(siteIdOfPath('/en/sites/abc/')).toBeUndefined()
    expect(siteIdOfPath('/')).toBeUndefined()
  })
})
