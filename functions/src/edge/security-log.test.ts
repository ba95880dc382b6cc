import { createHash } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { keyedLoginIdHash, loginIdHash, loginIdHasher } from './security-log.ts'

const KEY_A = 'a-security-log-key-of-forty-characters-00'
const KEY_B = 'a-security-log-key-of-forty-characters-01'
const LOGIN_ID = 'taro.yamada@example.co.jp'
/** What the log held before: an unsalted SHA-256 prefix anyone can compute from a guessed email. */
const plainHash = (loginId: string) =>
  `login:${createHash('sha256').update(loginId.trim().toLowerCase()).digest('hex').slice(0, 16)}`

describe('the security log’s login-ID hash', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.resetModules()
  })

  it('is keyed: the same ID under two keys gives two hashes, neither the plain SHA-256 prefix', () => {
    const a = keyedLoginIdHash(LOGIN_ID, KEY_A)
    const b = keyedLoginIdHash(LOGIN_ID, KEY_B)
    expect(a).toMatch(/^login:[0-9a-f]{16}$/)
    expect(b).toMatch(/^login:[0-9a-f]{16}$/)
    expect(a).not.toBe(b)
    expect(a).not.toBe(plainHash(LOGIN_ID))
    expect(b).not.toBe(plainHash(LOGIN_ID))
  })

  it('matches the same ID however it was typed, and tells different IDs apart', () => {
    const a = keyedLoginIdHash(LOGIN_ID, KEY_A)
    expect(keyedLoginIdHash(`  ${LOGIN_ID.toUpperCase()} `, KEY_A)).toBe(a)
    expect(keyedLoginIdHash('hanako.yamada@example.co.jp', KEY_A)).not.toBe(a)
  })

  it('uses the stage’s SECURITY_LOG_KEY, or a key of its own where none is set, never no key', () => {
    expect(loginIdHasher(KEY_A)(LOGIN_ID)).toBe(keyedLoginIdHash(LOGIN_ID, KEY_A))
    const own = loginIdHasher(undefined)(LOGIN_ID)
    expect(own).toMatch(/^login:[0-9a-f]{16}$/)
    expect(loginIdHasher(undefined)(LOGIN_ID)).toBe(own)
    expect(own).not.toBe(plainHash(LOGIN_ID))
    expect(own).not.toBe(keyedLoginIdHash(LOGIN_ID, KEY_A))
    // The unit project sets no key: the module's own hasher is the process key's.
    expect(loginIdHash(LOGIN_ID)).toBe(own)
  })
})
