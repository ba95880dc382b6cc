import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

/**
 * The module specifiers a source file imports, for the boundaries tests of the console
 * (web-admin/src/features/boundaries.test.ts) and of the functions (functions/src/boundaries.test.ts).
 */

/** A string right after these is a module specifier; any other string is blanked. */
const BEFORE_SPECIFIER = /(?:\bfrom|\bimport|\bimport\s*\()\s*$/

/**
 * The code without its comments and with every string blanked but module specifiers, so that an
 * import written in a comment or in a test's sample text is not taken for one.
 */
export const codeOf = (source: string): string => {
  let out = ''
  let i = 0
  while (i < source.length) {
    const ch = source[i] ?? ''
    const next = source[i + 1]
    if (ch === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') i++
    } else if (ch === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2)
      i = end === -1 ? source.length : end + 2
    } else if (ch === "'" || ch === '"' || ch === '`') {
      let j = i + 1
      while (j < source.length && source[j] !== ch) j += source[j] === '\\' ? 2 : 1
      out += BEFORE_SPECIFIER.test(out.slice(-24)) ? source.slice(i, j + 1) : `${ch}${ch}`
      i = j + 1
    } else {
      out += ch
      i++
    }
  }
  return out
}

/** A quoted specifier; the quote characters are spelled in a string so the scan above reads this file too. */
const QUOTED = '([\'"`])(.+?)\\1'
const IMPORT_PATTERNS = [
  // import x from '…', import type { x } from '…', export { x } from '…', export * from '…' (multi-line too)
  new RegExp(`\\b(?:import|export)\\b[^;]*?\\bfrom\\s*${QUOTED}`, 'g'),
  // import '…' (for its side effects)
  new RegExp(`\\bimport\\s*${QUOTED}`, 'g'),
  // import('…') (a lazy chunk still borrows the module)
  new RegExp(`\\bimport\\s*\\(\\s*${QUOTED}\\s*\\)`, 'g'),
]
/** `import type { … } from '…'` and `export type { … } from '…'`: erased, nothing loads at run time. */
const TYPE_ONLY = new RegExp(`\\b(?:import|export)\\s+type\\b[^;]*?\\bfrom\\s*${QUOTED}`, 'g')

const specifiers = (code: string, patterns: RegExp[]) =>
  patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[2] ?? ''))

/** Every module specifier a source file imports or re-exports, static or dynamic. */
export const importsOf = (source: string): string[] => specifiers(codeOf(source), IMPORT_PATTERNS)

/** The specifiers of `importsOf` that load at run time: all but type-only imports and re-exports. */
export const valueImportsOf = (source: string): string[] => {
  const code = codeOf(source)
  const values = specifiers(code, IMPORT_PATTERNS)
  for (const typeOnly of specifiers(code, [TYPE_ONLY])) values.splice(values.indexOf(typeOnly), 1)
  return values
}

/** Every file under `folders` of `root` whose name matches `include`, keyed by its path relative to `root` (with `/`). */
export const readSources = (
  root: string,
  folders: readonly string[],
  include: RegExp,
): Map<string, string> => {
  const under = (folder: string): string[] =>
    readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) return under(path)
      return include.test(entry.name) ? [path] : []
    })
  return new Map(
    folders.flatMap(under).map((path) => {
      const key = relative(root, join(root, path)).split(sep).join('/')
      return [key, readFileSync(join(root, path), 'utf8')] as const
    }),
  )
}
