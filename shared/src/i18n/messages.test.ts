import { describe, expect, it } from 'vitest'
import { fillPlaceholders, translateWith } from './catalog.ts'
import { LOCALES, resolveLocale } from './locales.ts'
import { en } from './messages.en.ts'
import { ja } from './messages.ja.ts'
import { ko } from './messages.ko.ts'
import { isMessageKey, messages, translate } from './messages.ts'
import { zh } from './messages.zh.ts'

describe('message catalogs', () => {
  it('have the same keys, none empty, in all four languages', () => {
    const keys = Object.keys(messages.en).sort()
    for (const locale of LOCALES) {
      expect(Object.keys(messages[locale]).sort(), locale).toEqual(keys)
      for (const key of keys)
        expect(messages[locale][key as keyof typeof messages.en], `${locale} ${key}`).not.toBe('')
    }
  })

  it('fills placeholders and falls back to the key for unknown keys', () => {
    expect(translate('ja', 'upload.tooLarge', { file: 'a.png', maxMb: 30 })).toBe(
      'ファイル「a.png」が上限の30MBを超えています。',
    )
    expect(translate('en', 'validation.tooLong', { max: 50 })).toBe('Please enter at most 50 characters.')
    expect(translate('ko', 'no.such.key')).toBe('no.such.key')
  })
})

describe('one catalogue per language', () => {
  it('are the catalogues the API translates with, each importable alone', () => {
    expect(messages).toEqual({ ja, en, zh, ko })
  })

  it('translate with one language as the API does with all four', () => {
    for (const [locale, catalog] of Object.entries({ ja, en, zh, ko }) as [
      keyof typeof messages,
      typeof en,
    ][])
      expect(translateWith(catalog, 'upload.tooLarge', { file: 'a.png', maxMb: 30 })).toBe(
        translate(locale, 'upload.tooLarge', { file: 'a.png', maxMb: 30 }),
      )
    expect(translateWith(ja, 'no.such.key')).toBe('no.such.key')
    expect(fillPlaceholders('{a} and {b}', { a: 1 })).toBe('1 and {b}')
  })

  it('know only their own keys, not what every object inherits', () => {
    expect(isMessageKey('validation.required')).toBe(true)
    expect(isMessageKey('toString')).toBe(false)
    expect(translate('en', 'constructor')).toBe('constructor')
    expect(translateWith(en, 'hasOwnProperty')).toBe('hasOwnProperty')
  })
})

describe('resolveLocale', () => {
  it.each([
    [undefined, undefined, 'ja'],
    ['en', 'ko', 'en'],
    ['xx', 'zh-CN,zh;q=0.9', 'zh'],
    [null, 'fr-FR, ko;q=0.5', 'ko'],
    [null, 'fr-FR', 'ja'],
  ])('explicit %s, Accept-Language %s -> %s', (explicit, accept, expected) => {
    expect(resolveLocale(explicit, accept)).toBe(expected)
  })
})
