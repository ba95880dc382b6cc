/**
 * The version-history routes of the sites context (issue 33 "Publish with confidence"), merged into
 * `sitesRoutes` (./sites.ts). Head in ./routes.ts. Every publish and every rollback is a version;
 * a rollback points the live site back at an earlier version's release (no render, no media copy).
 * docs/decisions/0064-versions-and-rollback.md.
 */
import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import { IdParams, ServerMessage } from './common.ts'
import type { RouteIo } from './define.ts'

/**
 * What made a version: a publish (a new release), a rollback (the live pointer moved back), a test
 * variant (the draft rendered without going live, issue 34) or a promotion (an experiment's
 * variant made live by the pointer).
 */
export const VERSION_ACTIONS = ['publish', 'rollback', 'variant', 'promote'] as const

/** What changed against the version before. */
export const VersionSummarySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
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
  }),
)

/** One version as the history shows it. */
export const SiteVersionView = /* @__PURE__ */ lazySchema(() =>
  z.object({
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
  }),
)

export const VersionParams = /* @__PURE__ */ lazySchema(() =>
  IdParams.extend({ versionId: z.string().min(1).max(64) }),
)

/** What differs between two versions (publishing/changes.ts `compareContent`). */
export const VersionChangesSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** Every changed cell as `<language>:<cell>` (`JP:A1`): the editor grid's badges. */
    cells: z.array(z.string()),
    /** Languages with any change (cells, menu, settings), in the newer version's order. */
    languages: z.array(z.string()),
    /** Fields of the global setting that differ (`numberHorizontal`, `popupCtas` …). */
    globalFields: z.array(z.string()),
    /** Languages whose global menu differs. */
    menus: z.array(z.string()),
    /** Languages whose settings (company, SEO, forms …) differ. */
    settings: z.array(z.string()),
  }),
)

const Document = /* @__PURE__ */ lazySchema(() => z.record(z.string(), z.unknown()))

/**
 * One version as the preview renders it: the content its release was rendered from (the site
 * model's views: global setting, menus, creatives, settings) and a display URL per media key.
 */
export const VersionRenderSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    version: SiteVersionView,
    content: z.object({
      site: Document,
      menus: z.array(Document),
      creatives: z.array(Document),
      settings: z.array(Document),
    }),
    /** A display URL (valid for an hour) for each media key the content names. */
    media: z.array(z.object({ key: z.string(), url: z.string() })),
  }),
)

/** The site version the caller saw (409 when another change was saved first). */
export const VersionLockBody = /* @__PURE__ */ lazySchema(() =>
  z.object({ version: z.number().int().positive() }),
)

export const versionRoutesIo = {
  'sites.versions': () => ({
    summary:
      "The site's published versions, newest first, with who, when and what changed; cursor pages of 20.",
    summaryJa: 'サイトの公開履歴（新しい順）。誰が・いつ・何を変えたか。20件ずつカーソルでページ送りします。',
    params: IdParams,
    query: z.object({ cursor: z.string().max(2048).optional() }),
    response: z.object({ items: z.array(SiteVersionView), cursor: z.string().nullable() }),
  }),
  'sites.versionCompare': () => ({
    summary:
      'Two versions side by side: what differs (cells, languages, settings) and what each rendered, for the preview.',
    summaryJa:
      '2つのバージョンの比較。違い（セル・言語・設定）と、それぞれの表示内容（プレビュー用）を返します。',
    params: VersionParams,
    /** Another version's id, or `draft`: the saved draft (what an approver is asked to publish). */
    query: z.object({ with: z.string().min(1).max(64) }),
    response: z.object({
      /** The version of the path. */
      from: VersionRenderSchema,
      /** The version of `with`. */
      to: VersionRenderSchema,
      /** What `to` changes against `from`. */
      changes: VersionChangesSchema,
    }),
  }),
  'sites.rollback': () => ({
    summary:
      "Returns the live site to an earlier version's release at once (no render, no media copy); itself a version.",
    summaryJa:
      '公開中のサイトを以前のバージョンに戻します（再生成・メディアのコピーなし）。戻した操作も履歴に残ります。',
    params: VersionParams,
    body: VersionLockBody,
    response: ServerMessage.extend({
      /** The site's version after the rollback (the editor's next optimistic lock). */
      version: z.number().int().positive(),
      live: SiteVersionView,
    }),
  }),
} satisfies Record<string, () => RouteIo>
