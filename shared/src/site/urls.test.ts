import { describe, expect, it } from 'vitest'
import { cookiePath, internalPage, safeExternalUrl, siteUrl, telUrl } from './urls.ts'

describe('siteUrl (SPEC §2 End-user pages)', () => {
  it.each([
    ['default language on its own host', { lang: 'JP', defaultLanguage: 'JP' }, '/'],
    ['another language on its own host', { lang: 'EN', defaultLanguage: 'JP' }, '/en/'],
    ['Korean and Chinese segments', { lang: 'KR', defaultLanguage: 'JP' }, '/kr/'],
    ['Chinese', { lang: 'CN', defaultLanguage: 'EN' }, '/cn/'],
    ['Japanese when it is not the default', { lang: 'JP', defaultLanguage: 'EN' }, '/ja/'],
    ['the site segment', { lang: 'JP', defaultLanguage: 'JP', siteId: 's1' }, '/sites/s1/'],
    ['the site segment and a language', { lang: 'EN', defaultLanguage: 'JP', siteId: 's1' }, '/sites/s1/en/'],
    [
      'the site segment left out for the host’s own site',
      { lang: 'EN', defaultLanguage: 'JP', siteId: 's1', hostSiteId: 's1' },
      '/en/',
    ],
    ['a custom prefix', { lang: 'JP', defaultLanguage: 'JP', prefix: '/campaign' }, '/campaign/'],
    [
      'a custom prefix with slashes around',
      { lang: 'EN', defaultLanguage: 'JP', prefix: '/lp/2026/' },
      '/lp/2026/en/',
    ],
    [
      'prefix, site and language',
      { lang: 'KR', defaultLanguage: 'JP', prefix: 'x', siteId: 's1' },
      '/x/sites/s1/kr/',
    ],
    ['a page in the default language', { lang: 'JP', defaultLanguage: 'JP', page: 'register' }, '/register'],
    [
      'a page in another language',
      { lang: 'EN', defaultLanguage: 'JP', siteId: 's1', page: 'contact' },
      '/sites/s1/en/contact',
    ],
    ['segments are encoded', { lang: 'JP', defaultLanguage: 'JP', siteId: 'a b/c' }, '/sites/a%20b%2Fc/'],
  ] as const)('%s', (_, parts, expected) => {
    expect(siteUrl(parts)).toBe(expected)
  })
})

describe('links', () => {
  it('maps internal targets to the visitor pages', () => {
    expect(internalPage('contact')).toBe('contact')
    expect(internalPage('form')).toBe('forms')
    expect(internalPage('membership')).toBe('register')
    expect(internalPage('constructor')).toBeUndefined()
    expect(internalPage(undefined)).toBeUndefined()
  })

  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    [' http://example.com ', 'http://example.com/'],
    ['javascript:alert(1)', undefined],
    ['JAVASCRIPT:alert(1)', undefined],
    ['data:text/html,<script>alert(1)</script>', undefined],
    ['//evil.example', undefined],
    ['/relative', undefined],
    ['', undefined],
  ])('external %s → %s', (value, expected) => {
    expect(safeExternalUrl(value)).toBe(expected)
  })

  it('makes tel: links of phone numbers only', () => {
    expect(telUrl('03-1234-5678')).toBe('tel:0312345678')
    expect(telUrl('+81 (3) 1234 5678')).toBe('tel:+81312345678')
    expect(telUrl('javascript:alert(1)')).toBeUndefined()
  })

  it('scopes cookies to the site root', () => {
    expect(cookiePath('/')).toBe('/')
    expect(cookiePath('/sites/s1/')).toBe('/sites/s1')
  })
})
