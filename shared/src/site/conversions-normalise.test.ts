import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  hashedEmail,
  hashedPhone,
  isSha256Hex,
  NORMALISATION,
  normaliseEmail,
  normalisePhone,
  sha256Hex,
} from './conversions-normalise.ts'

/** The expected hash, computed apart from the code under test (Node's own SHA-256). */
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

describe('conversion identifiers: normalisation', () => {
  it.each([
    ['  Taro.Yamada@Example.CO.JP ', 'taro.yamada@example.co.jp'],
    ['ｔａｒｏ＠ｅｘａｍｐｌｅ．ｊｐ', 'taro@example.jp'],
    ['Taro.Yamada+lp@Gmail.com', 'taro.yamada+lp@gmail.com'],
    ['not an email', null],
    ['taro@', null],
    ['', null],
  ])('email %j → %j (dots kept)', (raw, expected) => {
    expect(normaliseEmail(raw)).toBe(expected)
  })

  it('strips the dots before a Gmail domain only when the rules say so (Google)', () => {
    expect(normaliseEmail('Taro.Yamada+lp@Gmail.com', { gmailDots: 'strip' })).toBe('taroyamada+lp@gmail.com')
    expect(normaliseEmail('t.a.r.o@googlemail.com', { gmailDots: 'strip' })).toBe('taro@googlemail.com')
    expect(normaliseEmail('taro.yamada@example.com', { gmailDots: 'strip' })).toBe('taro.yamada@example.com')
    expect(NORMALISATION.google.email.gmailDots).toBe('strip')
    expect(NORMALISATION.meta.email.gmailDots).toBe('keep')
  })

  it.each([
    ['090-1234-5678', '819012345678'],
    ['０９０－１２３４－５６７８', '819012345678'],
    ['+81 90-1234-5678', '819012345678'],
    ['+81 (0)90-1234-5678', '819012345678'],
    ['+81 090 1234 5678', '819012345678'],
    ['0081-90-1234-5678', '819012345678'],
    ['(03) 1234-5678', '81312345678'],
    ['819012345678', '819012345678'],
    ['+1 (213) 373-4253', '12133734253'],
    ['090-abcd-5678', null],
    ['1234', null],
    ['+81 90 1234 5678 9012 345', null],
    ['', null],
  ])('phone %j → %j', (raw, expected) => {
    expect(normalisePhone(raw)).toBe(expected)
  })

  it('keeps the + for the platforms that want E.164 with it', () => {
    expect(normalisePhone('090-1234-5678', { plus: true })).toBe('+819012345678')
    expect(normalisePhone('0412 345 678', { plus: true, defaultCountryCode: '61' })).toBe('+61412345678')
    expect(NORMALISATION.google.phone.plus).toBe(true)
    expect(NORMALISATION.tiktok.phone.plus).toBe(true)
    expect(NORMALISATION.meta.phone.plus).toBe(false)
  })
})

describe('conversion identifiers: hashing', () => {
  it('hashes to the known SHA-256 of the normalised string', async () => {
    expect(await sha256Hex('taro.yamada@example.co.jp')).toBe(sha256('taro.yamada@example.co.jp'))
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(await sha256Hex('日本')).toBe(sha256('日本'))
  })

  it("hashes an email and a Japanese phone number by each platform's rules", async () => {
    expect(await hashedEmail(' Taro.Yamada@Gmail.com', 'meta')).toBe(sha256('taro.yamada@gmail.com'))
    expect(await hashedEmail(' Taro.Yamada@Gmail.com', 'tiktok')).toBe(sha256('taro.yamada@gmail.com'))
    expect(await hashedEmail(' Taro.Yamada@Gmail.com', 'google')).toBe(sha256('taroyamada@gmail.com'))
    expect(await hashedPhone('090-1234-5678', 'meta')).toBe(sha256('819012345678'))
    expect(await hashedPhone('090-1234-5678', 'line')).toBe(sha256('819012345678'))
    expect(await hashedPhone('090-1234-5678', 'google')).toBe(sha256('+819012345678'))
    expect(await hashedPhone('090-1234-5678', 'tiktok')).toBe(sha256('+819012345678'))
    expect(await hashedEmail('nobody', 'meta')).toBeNull()
    expect(await hashedPhone('call me', 'google')).toBeNull()
  })

  it('tells a lowercase SHA-256 hex from anything else', () => {
    const hash = sha256('taro@example.jp')
    expect(isSha256Hex(hash)).toBe(true)
    expect(isSha256Hex(hash.toUpperCase())).toBe(false)
    expect(isSha256Hex(hash.slice(1))).toBe(false)
    expect(isSha256Hex('taro@example.jp')).toBe(false)
    expect(isSha256Hex(42)).toBe(false)
  })
})
