import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { messages } from '@swipe/shared'
import { FORM_TEXTS, PAGE_TEXTS } from '@swipe/shared/site/texts'
import { describe, expect, it } from 'vitest'

/**
 * The Japanese middle dot 「・」 (and its half-width form) separates list items in Japanese only:
 * Chinese texts use 「、」 or 与/和, Korean ones a comma or the Korean middle dot 「·」 (issue 15
 * #10). Every text of the console, the shared messages and the visitor pages in another language
 * is checked.
 */
const JAPANESE_DOT = /[\u30FB\uFF65]/

/** Every leaf text of a nested catalogue, by its dotted key. */
const leaves = (value: unknown, prefix = ''): [string, string][] =>
  typeof value === 'string'
    ? [[prefix, value]]
    : typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, inner]) => leaves(inner, prefix ? `${prefix}.${key}` : key))
      : []

const folder = dirname(fileURLToPath(import.meta.url))
/** The console's catalogues outside Japanese: `zh.json`, `siteContent.ko.json`, … */
const consoleFiles = readdirSync(folder).filter((name) => /(^|\.)(en|zh|ko)\.json$/.test(name))

const withDot = (texts: [string, string][]) => texts.filter(([, text]) => JAPANESE_DOT.test(text))

describe('localised punctuation', () => {
  it('finds the console catalogues of every language but Japanese', () => {
    for (const lng of ['en', 'zh', 'ko']) expect(consoleFiles).toContain(`${lng}.json`)
    expect(consoleFiles).toContain('siteContent.ko.json')
  })

  it.each(consoleFiles)('%s uses no Japanese middle dot', (name) => {
    const catalogue = JSON.parse(readFileSync(join(folder, name), 'utf8'))
    expect(withDot(leaves(catalogue))).toEqual([])
  })

  it.each(['en', 'zh', 'ko'] as const)('shared messages in %s use no Japanese middle dot', (lng) => {
    expect(withDot(leaves(messages[lng]))).toEqual([])
  })

  it.each(['EN', 'CN', 'KR'] as const)(
    'visitor page and form texts in %s use no Japanese middle dot',
    (lang) => {
      expect(withDot([...leaves(PAGE_TEXTS[lang]), ...leaves(FORM_TEXTS[lang])])).toEqual([])
    },
  )

  it('still catches the Japanese dot', () => {
    expect(withDot(leaves({ a: { b: '会员・咨询' }, c: '회원·문의' }))).toEqual([['a.b', '会员・咨询']])
  })
})
