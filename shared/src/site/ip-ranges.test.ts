import { describe, expect, it } from 'vitest'
import { inAnyRange, isAllowlistRange, isIpRange, parseAddress, parseRange } from './ip-ranges.ts'

describe('IP ranges for the site API', () => {
  it('accepts IPv4 and IPv6 addresses and CIDR ranges', () => {
    for (const text of [
      '203.0.113.7',
      '203.0.113.0/24',
      '0.0.0.0/0',
      '2001:db8::1',
      '2001:db8::/32',
      '::1',
      '::/0',
    ])
      expect(isIpRange(text), text).toBe(true)
  })
  it('refuses what is not one', () => {
    for (const text of [
      '',
      '203.0.113',
      '256.0.0.1',
      '203.0.113.0/33',
      '010.0.0.1',
      '2001:db8::/129',
      '1::2::3',
      'example.com',
      '203.0.113.0/24/1',
      '1:2:3:4:5:6:7:8:9',
    ])
      expect(isIpRange(text), text).toBe(false)
  })
  it('matches addresses inside a range only, per family', () => {
    expect(inAnyRange(['203.0.113.0/24'], '203.0.113.200')).toBe(true)
    expect(inAnyRange(['203.0.113.0/24'], '127.0.0.1')).toBe(false)
    expect(inAnyRange(['203.0.113.0/24'], '::ffff:203.0.113.9')).toBe(true)
    expect(inAnyRange(['2001:db8::/32'], '2001:db8:ffff::1')).toBe(true)
    expect(inAnyRange(['2001:db8::/32'], '2001:db9::1')).toBe(false)
    expect(inAnyRange(['2001:db8::/32'], '203.0.113.1')).toBe(false)
    expect(inAnyRange(['198.51.100.7'], '198.51.100.7')).toBe(true)
    expect(inAnyRange(['198.51.100.7'], '198.51.100.8')).toBe(false)
  })
  it('takes as an allowlist nothing wider than an IPv4 /8 or an IPv6 /16 (issue 29)', () => {
    for (const text of ['0.0.0.0/0', '::/0', '128.0.0.0/1', '1.0.0.0/7', '2000::/3', '2001::/15'])
      expect(isAllowlistRange(text), text).toBe(false)
    for (const text of ['10.0.0.0/8', '203.0.113.0/24', '198.51.100.7', '2001::/16', '2001:db8::/32', '::1'])
      expect(isAllowlistRange(text), text).toBe(true)
    expect(isAllowlistRange('not a range')).toBe(false)
  })
  it('clears host bits of a range', () => {
    expect(parseRange('203.0.113.77/24')).toEqual({
      bits: 32,
      network: parseAddress('203.0.113.0')!.value,
      prefix: 24,
    })
  })
})
