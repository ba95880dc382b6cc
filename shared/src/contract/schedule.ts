/**
 * Scheduled publishing (issue 33 part 6; docs/decisions/0066-scheduled-publishing.md), merged into
 * `sitesRoutes` (./sites.ts); heads in ./routes.ts. A site may have one scheduled publish (the saved
 * draft goes live at that instant) and one scheduled unpublish (the site stops being served: the
 * campaign's start and end); the runtime table's `publishSchedule` runs them when due.
 */
import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import { IdParams, ServerMessage } from './common.ts'
import type { RouteIo } from './define.ts'

/** One scheduled change as the editor shows it. */
export const ScheduledChangeSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** ISO 8601. */
    at: z.string(),
    state: z.enum(['PENDING', 'FAILED']),
    /** Who scheduled it (their contact name or email then). */
    by: z.string().nullable(),
    /** FAILED: why, in the caller's language. */
    error: z.string().nullable(),
  }),
)

export const SiteScheduleSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    publish: ScheduledChangeSchema.nullable(),
    unpublish: ScheduledChangeSchema.nullable(),
  }),
)

/** An instant to schedule (ISO 8601 with its offset), or null to cancel that change. */
const instant = /* @__PURE__ */ lazySchema(() =>
  z.iso.datetime({ offset: true, error: 'validation.datetime' }).nullable(),
)

export const scheduleRoutesIo = {
  'sites.scheduleGet': () => ({
    summary: "The site's scheduled publish and unpublish, with a failed run's reason.",
    summaryJa: 'サイトの公開予約（公開開始・公開終了）。実行に失敗したときはその理由。',
    params: IdParams,
    response: SiteScheduleSchema,
  }),
  'sites.schedulePut': () => ({
    summary:
      'Schedules the saved draft to go live at `publishAt` and the site to stop being served at `unpublishAt` (null cancels).',
    summaryJa:
      '保存済みの下書きを publishAt に公開し、unpublishAt に公開を終了する予約です（null で取り消し）。',
    params: IdParams,
    body: z.object({ publishAt: instant, unpublishAt: instant }),
    response: SiteScheduleSchema.extend(ServerMessage.shape),
  }),
} satisfies Record<string, () => RouteIo>
