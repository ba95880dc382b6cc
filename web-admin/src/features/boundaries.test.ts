import { dirname, join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { importsOf, readSources } from '../../../test/support/imports.ts'

/*
 * Feature folders do not borrow from one another (docs/decisions/0052-console-widgets.md). What several
 * features use lives in src/components (UI) or src/lib (the rest); a feature may import from its own folder,
 * from those homes, and from the app frame: the console layout (features/shell) and the error pages
 * (features/errors). The shared homes import no feature, so no arrow runs back up. This reads every source
 * file, tests included, and lists each import that breaks the rule. `vi.mock` of another feature's module is
 * not an import: it replaces the module and borrows nothing from it (the route error test breaks two screens
 * that way).
 */

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Features any feature may import: the frame every screen is drawn in. */
const APP_FRAME: readonly string[] = ['shell', 'errors']
/** Folders of src that every feature may use and that must not use a feature. */
const SHARED_HOMES: readonly string[] = ['components', 'lib', 'hooks', 'i18n']

/** Where a path relative to src lies: its top folder, and its feature when inside a feature folder. */
const placeOf = (path: string): { home: string; feature: string | null } => {
  const [home = '', feature, ...rest] = path.split('/')
  return { home, feature: home === 'features' && rest.length > 0 ? (feature ?? null) : null }
}

/**
 * The imports that break the rule, as `file → target` with paths relative to src. `files` maps a
 * path relative to src (with `/`) to its source.
 */
const boundaryBreaks = (files: ReadonlyMap<string, string>): string[] => {
  const breaks: string[] = []
  for (const [file, source] of files) {
    const from = placeOf(file)
    for (const specifier of importsOf(source)) {
      if (!specifier.startsWith('.')) {
        // No alias reaches into src today; one that names a feature would dodge the check.
        if (/(^|\/)features\//.test(specifier)) breaks.push(`${file} → ${specifier}`)
        continue
      }
      const target = posix.normalize(posix.join(posix.dirname(file), specifier))
      const to = placeOf(target)
      if (to.home !== 'features') continue
      const allowed =
        from.home === 'features'
          ? from.feature !== null && (to.feature === from.feature || APP_FRAME.includes(to.feature ?? ''))
          : !SHARED_HOMES.includes(from.home)
      if (!allowed) breaks.push(`${file} → ${target}`)
    }
  }
  return breaks
}

/** The features and the shared homes, each file by its path relative to src. */
const readTree = () => readSources(SRC, ['features', ...SHARED_HOMES], /\.(ts|tsx|mts|cts)$/)

describe('feature boundaries', () => {
  it('finds every kind of import, and none in comments or other strings', () => {
    const source = [
      "import { a } from '../one/a.ts'",
      'import type {',
      '  B,',
      "} from '../two/b.ts'",
      "export { c } from '../three/c.ts'",
      "import '../four/d.css'",
      "const lazy = () => import('../five/e.tsx')",
      "// import { f } from '../six/f.ts'",
      "/* import('../seven/g.ts') */",
      `const sample = "import { g } from '../eight/g.ts'"`,
      "vi.mock('../nine/h.tsx')",
    ].join('\n')
    expect(importsOf(source).sort()).toEqual(
      ['../five/e.tsx', '../four/d.css', '../one/a.ts', '../three/c.ts', '../two/b.ts'].sort(),
    )
  })

  it('refuses a feature borrowing from another and a shared home using a feature', () => {
    const files = new Map([
      // borrowed: another feature's module, statically, as a type, lazily and re-exported
      ['features/summary/SummaryPage.tsx', "import { ContractStatusTag } from '../users/labels.tsx'"],
      ['features/sites/list/OwnerFilter.tsx', "import type { Profile } from '../../users/api.ts'"],
      ['features/profile/api.ts', "const auth = () => import('../auth/api.ts')"],
      ['features/users/index.ts', "export { siteKeys } from '../sites/api.ts'"],
      // a shared home reaching into a feature
      ['lib/accounts.ts', "import { userKeys } from '../features/users/api.ts'"],
      // allowed: the own feature, the app frame, the shared homes, packages; the app composes features
      [
        'features/sites/list/SiteListPage.tsx',
        [
          "import { sitesListQuery } from '../api.ts'",
          "import { CreateSitePage } from '../create/CreateSitePage.tsx'",
          "import { useCurrentUser } from '../../shell/useCurrentUser.ts'",
          "import { NotFoundPage } from '../../errors/ErrorPages.tsx'",
          "import { CursorPager } from '../../../components/CursorPager.tsx'",
          "import { displayName } from '../../../lib/accounts.ts'",
          "import { Tag } from 'antd'",
        ].join('\n'),
      ],
      ['features/shell/ConsoleLayout.tsx', "import { ErrorResult } from '../errors/ErrorPages.tsx'"],
      ['app/routes.tsx', "const page = () => import('../features/users/UserListPage.tsx')"],
    ])
    expect(boundaryBreaks(files)).toEqual([
      'features/summary/SummaryPage.tsx → features/users/labels.tsx',
      'features/sites/list/OwnerFilter.tsx → features/users/api.ts',
      'features/profile/api.ts → features/auth/api.ts',
      'features/users/index.ts → features/sites/api.ts',
      'lib/accounts.ts → features/users/api.ts',
    ])
  })

  it('holds for the console: no feature borrows from another, no shared home uses a feature', () => {
    const tree = readTree()
    // The walk found the tree and its imports (a wrong root would make the check pass on nothing).
    expect(importsOf(tree.get('features/summary/SummaryPage.tsx') ?? '')).toContain('./api.ts')
    expect(tree.has('lib/accounts.ts')).toBe(true)
    expect(boundaryBreaks(tree)).toEqual([])
  })
})
