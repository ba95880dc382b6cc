import { readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { FEATURES } from '../i18n/index.ts'

/*
 * The app loads a feature's texts with the routes that declare it (routes.tsx `withTexts`); tests
 * hold every text from the start, so a screen that uses a feature its route does not load would
 * pass here and show keys in production. This reads the sources: every feature a route's screen
 * (and what it imports) uses is one its route loads.
 */

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..')
const read = (file: string) => readFileSync(file, 'utf8')

/** The screen module and its static imports inside src (dynamic imports are chunks of their own). */
const closure = (file: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(file) || file.includes(`${SRC}/i18n/`) || !/\.tsx?$/.test(file)) return seen
  seen.add(file)
  for (const match of read(file).matchAll(/^import\s[^;]*?from '(\.[^']+)'/gms))
    closure(normalize(join(dirname(file), match[1] ?? '')), seen)
  return seen
}

const featuresUsed = (page: string): string[] => {
  const used = new Set<string>()
  for (const file of closure(page))
    for (const feature of FEATURES)
      if (new RegExp(`['\`]${feature}\\.`).test(read(file).replace(/^import .*$/gm, ''))) used.add(feature)
  return [...used].sort()
}

const routes = read(join(SRC, 'app/routes.tsx'))
const constants = Object.fromEntries(
  [...routes.matchAll(/const (\w+): readonly Feature\[\] = (\[[^\]]*\])/g)].map((m) => [m[1], m[2]]),
)
const parseList = (list: string) => [...list.matchAll(/'(\w+)'/g)].map((m) => m[1] ?? '').sort()

/** Every page import of routes.tsx with the features its loader declares (none for a plain import). */
const pages = [
  ...routes.matchAll(/(withTexts\()?import\('(\.\.\/features\/[^']+)'\)(?:,\s*(\w+|\[[^\]]*\]))?/g),
].map((m) => {
  const declared = m[1] ? (m[3]?.startsWith('[') ? m[3] : (constants[m[3] ?? ''] ?? '')) : ''
  return { page: m[2] ?? '', declared: parseList(declared) }
})

describe('feature texts per route', () => {
  it('finds the console screens in routes.tsx', () => {
    expect(pages.length).toBeGreaterThan(15)
    expect(pages.filter((p) => p.declared.length > 0).length).toBeGreaterThanOrEqual(5)
  })

  it.each(pages.map((p) => [p.page, p.declared] as const))(
    '%s loads the features it shows',
    (page, declared) => {
      const used = featuresUsed(normalize(join(SRC, 'app', page)))
      expect(used.filter((feature) => !declared.includes(feature))).toEqual([])
    },
  )
})
