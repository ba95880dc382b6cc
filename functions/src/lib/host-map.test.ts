import { describe, expect, it } from 'vitest'
import { hostMapKey, normaliseHost, objectKeyFor } from './host-map.ts'

describe('host map keys', () => {
  it('normalises case, port and trailing dot', () => {
    expect(normaliseHost('ABC.Sites.Localhost:3001')).toBe('abc.sites.localhost')
    expect(hostMapKey('lp.Customer.jp.')).toBe('_hostmap/lp.customer.jp.json')
  })
})

describe('objectKeyFor', () => {
  it.each([
    ['/', 'p/index.html'],
    ['/en', 'p/en/index.html'],
    ['/en/', 'p/en/index.html'],
    ['/assets/app.js?v=2', 'p/assets/app.js'],
    ['/sites/x/ja/contact', 'p/sites/x/ja/contact/index.html'],
  ])('%s -> %s', (path, key) => {
    expect(objectKeyFor('p', path)).toBe(key)
  })
  it.each(['/../secret', '/%2e%2e/x', '/a/./b', '/a\\b', '/%E0%A4%A'])('refuses %s', (path) => {
    expect(objectKeyFor('p', path)).toBeUndefined()
  })
})
