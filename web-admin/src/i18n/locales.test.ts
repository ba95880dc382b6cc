import { LOCALES, messages } from '@swipe/shared'
import { describe, expect, it } from 'vitest'
import { resources } from './bundled.ts'

/** Every leaf text of a nested catalog by its dotted key. */
const flatten = (value: unknown, prefix = ''): Map<string, unknown> => {
  if (typeof value !== 'object' || value === null) return new Map([[prefix, value]])
  return new Map(
    Object.entries(value).flatMap(([key, inner]) => [...flatten(inner, prefix ? `${prefix}.${key}` : key)]),
  )
}

/** Placeholders such as {{name}} (i18next) or {name} (shared catalogs) in one text. */
const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{?(\w+)\}?\}/g)].map((match) => match[1] ?? '').sort()

const catalogs: [string, Record<string, unknown>][] = [
  ['web-admin screens', Object.fromEntries(LOCALES.map((lng) => [lng, resources[lng].translation]))],
  ['shared messages', messages],
]

describe.each(catalogs)('%s', (_name, byLocale) => {
  const texts = Object.fromEntries(LOCALES.map((lng) => [lng, flatten(byLocale[lng])]))
  const allKeys = [...new Set(LOCALES.flatMap((lng) => [...(texts[lng]?.keys() ?? [])]))].sort()

  it.each(LOCALES)('%s has every key that any other language has', (lng) => {
    expect(allKeys.filter((key) => !texts[lng]?.has(key))).toEqual([])
  })

  it.each(LOCALES)('%s has no empty text and the same placeholders as English', (lng) => {
    for (const [key, text] of texts[lng] ?? []) {
      expect(typeof text === 'string' && text.trim() !== '', `${lng}:${key} is empty`).toBe(true)
      const english = texts.en?.get(key)
      if (typeof english === 'string') {
        expect(placeholders(String(text)), `${lng}:${key} placeholders`).toEqual(placeholders(english))
      }
    }
  })
})
