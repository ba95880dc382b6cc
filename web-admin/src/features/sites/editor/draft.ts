import { type SiteLanguage, translate } from '@swipe/shared'
import { currentLocale } from '../../../i18n/index.ts'
import type { ApiErrorDetail } from '../../../lib/api.ts'
import type { SiteDetail, SitePlan } from '../api.ts'

/**
 * The editor's working copy of a site and what every tab receives. The frame (SiteEditorPage)
 * holds one draft for all tabs, validates it with the shared `UpdateSiteBody` schema before a save
 * and sends it whole; tabs change it through `onChange` and never call the save API themselves.
 */
export type SiteDraft = Pick<SiteDetail, 'globalSetting' | 'menus' | 'creatives' | 'settings'>

/** A problem with one field: `path` without the `body.` prefix, e.g. `creatives.3.linkDestinationUrl`. */
export interface FieldProblem {
  path: string
  message: string
}

export interface EditorTabProps {
  siteId: string
  /** The draft every tab edits. */
  draft: SiteDraft
  /** The content language the user is editing (the frame's language tabs). */
  lang: SiteLanguage
  plan: SitePlan
  /** The version the draft started from (sent with every save and bulk upload). */
  version: number
  /** Viewers (authority VIEW, viewer sub-admins) see everything disabled. */
  readOnly: boolean
  /** Display URL of a stored file, by storage key (undefined while unknown). */
  mediaUrl: (key: string | null | undefined) => string | undefined
  /** Registers the display URL of a file just uploaded and confirmed. */
  addMedia: (key: string, url: string) => void
  /** Changes the draft; marks the editor dirty. */
  onChange: (update: (draft: SiteDraft) => SiteDraft) => void
  /**
   * A server call changed the stored site (ZIP bulk upload): the frame takes the new version and
   * media URLs and merges the given language's creatives into the draft, keeping other edits.
   */
  onServerSite: (site: SiteDetail, lang: SiteLanguage) => void
  /** Field problems from the last save (client-side schema check or the API's 400 details). */
  problems: FieldProblem[]
  /** Open review comments per `<lang>:<cell>` (issue 16): the creative grid's badges. */
  openComments?: Readonly<Record<string, number>>
  /** The cells (`<lang>:<cell>`) two compared versions differ in (issue 33): the grid's badges. */
  changedCells?: ReadonlySet<string> | undefined
  /** The cell being edited changed (the live preview follows it). */
  onSelectCell?: (position: string | null) => void
  /** A cell to select, asked by the frame (a checklist item's 該当箇所へ); a new object each time. */
  focusCell?: { position: string } | null | undefined
}

/** API error details as field problems (the API's paths start with `body.`). */
export const problemsFromApi = (details: readonly ApiErrorDetail[]): FieldProblem[] =>
  details.map((d) => ({ path: d.path.replace(/^body\./, ''), message: d.message }))

/** zod issues of the shared schemas (messages are message keys) as localised field problems. */
export const problemsFromIssues = (
  issues: ReadonlyArray<{
    path: PropertyKey[]
    message: string
    code?: string
    maximum?: unknown
    minimum?: unknown
    params?: unknown
  }>,
): FieldProblem[] =>
  issues.map((issue) => {
    const params: Record<string, string | number> = {}
    if (issue.code === 'too_big') params.max = Number(issue.maximum)
    if (issue.code === 'too_small') params.min = Number(issue.minimum)
    if (issue.params && typeof issue.params === 'object')
      for (const [k, v] of Object.entries(issue.params))
        if (typeof v === 'string' || typeof v === 'number') params[k] = v
    return {
      path: issue.path.map(String).join('.'),
      message: translate(currentLocale(), issue.message, params),
    }
  })

/** The first problem at exactly `path`, for a Form.Item's `help`. */
export const problemAt = (problems: readonly FieldProblem[], path: string): string | undefined =>
  problems.find((p) => p.path === path)?.message

/** Every problem at or below `prefix` (a tab badge, a creative cell's marker). */
export const problemsUnder = (problems: readonly FieldProblem[], prefix: string): FieldProblem[] =>
  problems.filter((p) => p.path === prefix || p.path.startsWith(`${prefix}.`))

/** Index of the draft entry for a language (menus, settings) or a language and cell (creatives). */
export const entryIndex = <T extends { lang: SiteLanguage; position?: string }>(
  list: readonly T[],
  lang: SiteLanguage,
  position?: string,
): number => list.findIndex((e) => e.lang === lang && (position === undefined || e.position === position))
