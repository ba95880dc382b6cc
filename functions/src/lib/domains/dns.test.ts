import { describe, expect, it } from 'vitest'
import { caaBlocksAmazon, isUnsafeAddress } from './dns.ts'

describe('SSRF-safe addresses', () => {
  it.each([
    '127.0.0.1',
    '127.8.8.8',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    'fc00::1',
    '::ffff:127.0.0.1',
    'not-an-address',
  ])('%s is refused', (address) => expect(isUnsafeAddress(address)).toBe(true))

  it.each(['93.184.216.34', '172.32.0.1', '8.8.8.8', '2600:9000:1234::1', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => expect(isUnsafeAddress(address)).toBe(false),
  )
})

describe('CAA', () => {
  it('blocks when issue records exist and none names Amazon', () => {
    expect(caaBlocksAmazon([{ tag: 'issue', value: 'letsencrypt.org' }])).toBe(true)
    expect(
      caaBlocksAmazon([
        { tag: 'issue', value: 'letsencrypt.org' },
        { tag: 'issue', value: 'amazon.com' },
      ]),
    ).toBe(false)
    expect(caaBlocksAmazon([{ tag: 'issue', value: 'amazontrust.com; cansignhttpexchanges=yes' }])).toBe(
      false,
    )
  })
  it('does not block without issue records', () => {
    expect(caaBlocksAmazon([])).toBe(false)
    expect(caaBlocksAmazon([{ tag: 'iodef', value: 'mailto:a@example.com' }])).toBe(false)
  })
})
