import { describe, expect, it } from 'vitest'
import { bareDomainOf, domainRefusal, hostLabelOf, isApexDomain, normaliseDomain } from './domain.ts'

const zones = ['sites.swipe-lp.com', 'admin.swipe-lp.com']

describe('custom domain rules', () => {
  it.each([
    ['lp.example.com', undefined],
    ['www.example.co.jp', undefined],
    ['shop.lp.example.jp', undefined],
    ['lp_example..com', 'format'],
    ['-lp.example.com', 'format'],
    ['lp.example.c0m', 'format'],
    ['lp.example', 'reserved'],
    ['https://lp.example.com', 'url'],
    ['http://lp.example.com/', 'url'],
    ['lp.example.com/campaign', 'url'],
    ['lp.example.com:8080', 'url'],
    ['192.168.0.1', 'ipAddress'],
    ['[::1]', 'ipAddress'],
    ['2001:db8::1', 'ipAddress'],
    ['lp.localhost', 'reserved'],
    ['printer.local', 'reserved'],
    ['abc.sites.swipe-lp.com', 'productZone'],
    ['sites.swipe-lp.com', 'productZone'],
    ['admin.swipe-lp.com', 'productZone'],
    ['example.com', 'apex'],
    ['example.co.jp', 'apex'],
  ])('%s → %s', (domain, refusal) => {
    expect(domainRefusal(normaliseDomain(domain), zones)).toBe(refusal)
  })

  it('finds the bare name in an address typed where a name belongs', () => {
    expect(bareDomainOf('https://LP.example.com/spring?x=1')).toBe('lp.example.com')
    expect(bareDomainOf('http://user@lp.example.com:8080/')).toBe('lp.example.com')
    expect(bareDomainOf('lp.example.com/')).toBe('lp.example.com')
  })

  it('normalises case, spaces and the trailing dot', () => {
    expect(normaliseDomain('  LP.Example.COM. ')).toBe('lp.example.com')
  })

  it('knows apex names under two-label suffixes', () => {
    expect(isApexDomain('example.co.jp')).toBe(true)
    expect(isApexDomain('www.example.co.jp')).toBe(false)
    expect(isApexDomain('example.jp')).toBe(true)
    expect(isApexDomain('lp.example.jp')).toBe(false)
  })

  it('names the host label a registrar form asks for', () => {
    expect(hostLabelOf('lp.example.com')).toBe('lp')
    expect(hostLabelOf('shop.lp.example.co.jp')).toBe('shop.lp')
    expect(hostLabelOf('example.com')).toBe('')
  })
})
