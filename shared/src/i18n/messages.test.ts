import { describe, expect, it } from 'vitest'
import { LOCALES, resolveLocale } from './locales.ts'
import { messages, translate } from './messages.ts'

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
