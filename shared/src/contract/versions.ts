/**
 * The version-history routes of the sites context (issue 33 "Publish with confidence"), merged into
 * `sitesRoutes` (./sites.ts). Head in ./routes.ts. Every publish and every rollback is a version;
 * a rollback points the live site back at an earlier version's release (no render, no media copy).
 * docs/decisions/0064-versions-and-rollback.md.
 */
import * as z from 'zod'
import { IdParams, ServerMessage } from './common.ts'
import type { RouteIo } from './define.ts'

export const VERSION_ACTIONS = ['publish', 'rollback'] as const

/** What changed against the version before. */
export const VersionSummarySchema = z.object({
  /** No version before it: everything is new. */
  first: z.boolean(),
  /** Cells whose creative was added, removed or edited, counted per language. */
  cells: z.number().int().nonnegative(),
  /** Languages with any change (cells, menu, settings), in the site's order. */
  languages: z.array(z.string()),
  /** The global setting changed (grid, languages, colours, popups …). */
  global: z.boolean(),
  /** The changed cells as `<language>:<cell>` (`JP:A1`), at most 400. */
  changedCells: z.array(z.string()),
})

/** One version as the history shows it. */
export const SiteVersionView = z.object({
  id: z.string(),
  action: z.enum(VERSION_ACTIONS),
  /** ISO 8601. */
  at: z.string(),
  /** Who published or rolled back (their contact name or email then); null for the system. */
  by: z.string().nullable(),
  summary: VersionSummarySchema,
  /** A rollback's target version. */
  restoredFrom: z.string().nullable(),
  /** The version visitors see now. */
  live: z.boolean(),
  /** Its release is still kept, so the live site can return to it. */
  canRollback: z.boolean(),
})

export const VersionParams = IdParams.extend({ versionId: z.string().min(1).max(64) })

export const versionRoutesIo = {
  'sites.versions': {
    summary:
      "The site's published versions, newest first, with who, when and what changed; cursor pages of 20.",
    summaryJa: 'サイトの公開履歴（新しい順）。誰が・いつ・何を変えたか。20件ずつカーソルでページ送りします。',
    params: IdParams,
    query: z.object({ cursor: z.string().max(2048).optional() }),
    response: z.object({ items: z.array(SiteVersionView), cursor: z.string().nullable() }),
  },
  'sites.rollback': {
    summary:
      "Returns the live site to an earlier version's release at once (no render, no media copy); itself a version.",
    summaryJa:
      '公開中のサイトを以前のバージョンに戻します（再生成・メディアのコピーなし）。戻した操作も履歴に残ります。',
    params: VersionParams,
    /** The site version the caller saw (409 when another change was saved first). */
    body: z.object({ version: z.number().int().positive() }),
    response: ServerMessage.extend({
      /** The site's version after the rollback (the editor's next optimistic lock). */
      version: z.number().int().positive(),
      live: SiteVersionView,
    }),
  },
} satisfies Record<string, RouteIo>
