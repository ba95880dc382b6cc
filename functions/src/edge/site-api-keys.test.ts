import { crc32 as zlibCrc32 } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { parseSiteApiCredential, siteApiGate } from './site-api-gate.ts'
import {
  crc32,
  generateKey,
  hashKey,
  hashPassword,
  isWellFormedKey,
  KEY_LENGTH,
  verifyPassword,
  visiblePrefixOf,
} from './site-api-keys.ts'

describe('site API keys', () => {
  it('computes CRC-32 as zlib does', () => {
    for (const text of ['', 'slp_live_abc', 'サイト'.repeat(5)]) expect(crc32(text)).toBe(zlibCrc32(text))
  })

  it('makes slp_live_ keys of 30 random and 6 checksum characters, all different', () => {
    const keys = new Set(Array.from({ length: 200 }, generateKey))
    expect(keys.size).toBe(200)
    for (const key of keys) {
      expect(key).toMatch(/^slp_live_[0-9A-Za-z]{36}$/)
      expect(key).toHaveLength(KEY_LENGTH)
      expect(isWellFormedKey(key)).toBe(true)
    }
  })

  it('tells a mistyped or forged key by its checksum, without a lookup', () => {
    const key = generateKey()
    const swapped = `${key.slice(0, 15)}${key[15] === 'Z' ? 'Y' : 'Z'}${key.slice(16)}`
    expect(isWellFormedKey(swapped)).toBe(false)
    expect(isWellFormedKey(`slp_test_${key.slice(9)}`)).toBe(false)
    expect(isWellFormedKey(key.slice(0, -1))).toBe(false)
  })

  it('stores a hash and a prefix that do not give the key back', () => {
    const key = generateKey()
    expect(hashKey(key)).toMatch(/^[0-9a-f]{64}$/)
    expect(visiblePrefixOf(key)).toBe(key.slice(0, 13))
    expect(hashKey(key)).not.toContain(key.slice(13))
  })

  it('hashes basic passwords with scrypt and a salt, and verifies them', async () => {
    const first = await hashPassword('correct-horse-battery')
    const second = await hashPassword('correct-horse-battery')
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/)
    expect(first).not.toBe(second)
    expect(await verifyPassword('correct-horse-battery', first)).toBe(true)
    expect(await verifyPassword('correct-horse-batterz', first)).toBe(false)
    expect(await verifyPassword('x', 'plain')).toBe(false)
  })

  it('reads the Authorization header: a key, basic credentials, nothing, or something malformed', () => {
    const key = generateKey()
    expect(parseSiteApiCredential(`Bearer ${key}`)).toEqual({ kind: 'key', key })
    expect(parseSiteApiCredential(`Basic ${Buffer.from('crm:pa:ss').toString('base64')}`)).toEqual({
      kind: 'basic',
      id: 'crm',
      password: 'pa:ss',
    })
    expect(parseSiteApiCredential(undefined)).toEqual({ kind: 'none' })
    expect(parseSiteApiCredential('Bearer aaa.bbb.ccc')).toEqual({ kind: 'malformed' })
    expect(parseSiteApiCredential(`Basic ${Buffer.from('no-colon').toString('base64')}`)).toEqual({
      kind: 'malformed',
    })
    expect(siteApiGate(undefined)).toBe(true)
    expect(siteApiGate('Token x')).toBe(false)
  })
})
