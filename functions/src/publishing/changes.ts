import type { PublishInput } from '@swipe/web-site'

/**
 * What a version contains and what changed between two (issue 33; docs/decisions/0064-versions-and-rollback.md),
 * without I/O. A publish keeps its content beside its release (`<releaseId>.content.json`): the
 * site model's views the render read, so the history can say what changed and the draft can be
 * restored from any version kept.
 */

/** The parts of the renderer's input a creator edits: the global setting, menus, creatives, settings. */
export type VersionContent = Pick<PublishInput, 'site' | 'menus' | 'creatives' | 'settings'>

/** Fields of the global setting that describe its state, not its content. */
const STATE_FIELDS = [
  'status',
  'url',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'publishedVersion',
  'unpublishedChanges',
  'version',
] as const

/** The content of a version, as stored: the render's input without media, state or render options. */
export const versionContent = (input: PublishInput): VersionContent => {
  const site = { ...input.site } as Record<string, unknown>
  for (const field of STATE_FIELDS) delete site[field]
  return {
    site: site as VersionContent['site'],
    menus: input.menus,
    creatives: input.creatives,
    settings: input.settings,
  }
}

/** What changed against the version before, as the history shows it. */
export interface VersionSummary {
  /** No version before it. */
  first: boolean
  /** Cells whose creative changed (added, removed or edited), counted per language. */
  cells: number
  /** The languages with any change (cells, menu or settings), in the site's order. */
  languages: string[]
  /** The global setting (grid, languages, colours, popups, domain …) changed. */
  global: boolean
  /** The cells that changed, as `<lang>:<cell>` (the editor's grid badges), at most 400. */
  changedCells: string[]
}

const byKey = <T>(items: readonly T[], key: (item: T) => string) =>
  new Map(items.map((item) => [key(item), JSON.stringify(item)]))

const differing = (a: Map<string, string>, b: Map<string, string>) =>
  [...new Set([...a.keys(), ...b.keys()])].filter((key) => a.get(key) !== b.get(key)).sort()

const cellKey = (c: VersionContent['creatives'][number]) => `${c.lang}:${c.position}`
const langKey = (m: { lang: string }) => m.lang
const fieldsOf = (site: VersionContent['site']) => site as unknown as Record<string, unknown>

/** What differs between two versions' contents (the compare view: grid badges and lists). */
export interface VersionChanges {
  /** Every cell whose creative was added, removed or edited, as `<lang>:<cell>`, sorted. */
  cells: string[]
  /** The languages with any change (cells, menu or settings), in the newer version's order. */
  languages: string[]
  /** The fields of the global setting that differ (`numberHorizontal`, `popupCtas` …), sorted. */
  globalFields: string[]
  /** The languages whose global menu differs. */
  menus: string[]
  /** The languages whose settings (company, SEO, forms …) differ. */
  settings: string[]
}

/** Compares two versions' contents, field by field and cell by cell. */
export const compareContent = (before: VersionContent, after: VersionContent): VersionChanges => {
  const languages = (after.site as { languages?: string[] }).languages ?? []
  const cells = differing(byKey(before.creatives, cellKey), byKey(after.creatives, cellKey))
  const menus = differing(byKey(before.menus, langKey), byKey(after.menus, langKey))
  const settings = differing(byKey(before.settings, langKey), byKey(after.settings, langKey))
  const a = fieldsOf(before.site)
  const b = fieldsOf(after.site)
  const globalFields = [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((field) => JSON.stringify(a[field] ?? null) !== JSON.stringify(b[field] ?? null))
    .sort()
  const changed = new Set([...cells.map((key) => key.split(':')[0]!), ...menus, ...settings])
  const order = [...languages, ...[...changed].filter((l) => !languages.includes(l)).sort()]
  return {
    cells,
    languages: order.filter((lang) => changed.has(lang)),
    globalFields,
    menus,
    settings,
  }
}

/**
 * Compares a version's content with the one before it. `hadVersion` false: the first version
 * (everything is new); true without `before`: the one before kept no content (made before versions),
 * so every cell counts as changed.
 */
export const summarise = (
  before: VersionContent | undefined,
  after: VersionContent,
  hadVersion = before !== undefined,
): VersionSummary => {
  const languages = (after.site as { languages?: string[] }).languages ?? []
  if (!before)
    return {
      first: !hadVersion,
      cells: after.creatives.length,
      languages: [...languages],
      global: true,
      changedCells: [],
    }
  return summaryOf(compareContent(before, after))
}

/** The history's one-line summary of a comparison (not the first version). */
export const summaryOf = (changes: ReturnType<typeof compareContent>): VersionSummary => ({
  first: false,
  cells: changes.cells.length,
  languages: changes.languages,
  global: changes.globalFields.length > 0,
  changedCells: changes.cells.slice(0, 400),
})
