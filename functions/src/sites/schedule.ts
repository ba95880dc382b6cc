import type { MessageKey } from '@swipe/shared'
import type { SiteScheduleSchema } from '@swipe/shared/contract/schedule'
import { createWriteTransaction } from 'electrodb'
import type * as z from 'zod'
import { type PublishSchedule, PublishSchedules, SCHEDULE_KINDS } from '#data/publish-schedules'
import { Sites } from '#data/sites'
import { AppError, ConflictError, type FieldIssue, NotFoundError, ValidationError } from '#edge/errors'
import { now as clockNow } from '#platform/services/clock'
import { logger } from '#platform/services/logger'
import { loadSite, type PublishAuthor, withdrawSite } from '../publishing/publish.ts'
import { checkedPublish } from './approval.ts'
import { isConditionFailure } from './service.ts'

/**
 * Scheduled publishing (issue 33 part 6; docs/decisions/0066-scheduled-publishing.md): a site's
 * scheduled publish (the saved draft goes live) and unpublish (the site stops being served, as
 * 下書きに戻す does), the campaign's start and end. Each is a `PublishSchedules` item; the site row
 * carries their instants for the site list. The runtime table's `publishSchedule` run (every
 * minute: EventBridge Scheduler on AWS, the local scheduler under `npm start`) does what is due on
 * the handlers' clock.
 */

type Kind = (typeof SCHEDULE_KINDS)[number]

/** How far ahead a change may be scheduled. */
export const SCHEDULE_HORIZON_MS = 366 * 24 * 60 * 60 * 1000

/**
 * How long a run's claim on a change holds: runs overlap when one is slow (many campaigns start at
 * 10:00), and a run that died leaves its claim; after this, another run takes the change again.
 */
export const SCHEDULE_CLAIM_MS = 10 * 60 * 1000

/** The site row's field that mirrors each kind's instant (the site list shows it). */
const ROW_FIELD = { publish: 'scheduledPublishAt', unpublish: 'scheduledUnpublishAt' } as const

/** A site's scheduled changes, by kind. */
const schedulesOf = async (siteId: string): Promise<Partial<Record<Kind, PublishSchedule>>> => {
  const found = await PublishSchedules.query.schedule({ siteId }).go({ consistent: true })
  return Object.fromEntries(found.data.map((item) => [item.kind, item]))
}

/** The schedule as the editor shows it, a failure's reason in the caller's language. */
export const scheduleView = async (
  siteId: string,
  t: (key: MessageKey) => string,
): Promise<z.infer<typeof SiteScheduleSchema>> => {
  const found = await schedulesOf(siteId)
  const view = (item: PublishSchedule | undefined) =>
    item
      ? {
          at: item.at,
          state: item.state,
          by: item.byName ?? null,
          error: item.error ? t(item.error as MessageKey) : null,
        }
      : null
  return { publish: view(found.publish), unpublish: view(found.unpublish) }
}

/**
 * Why an instant cannot be scheduled: in the past (or now), or more than `SCHEDULE_HORIZON_MS`
 * ahead; none for an acceptable one or none given. A publish request's time is checked the same.
 */
export const instantIssues = (
  instant: string | null | undefined,
  path: string,
  now: number,
): FieldIssue[] => {
  if (!instant) return []
  const at = Date.parse(instant)
  if (at <= now) return [{ path, code: 'schedule.past' }]
  if (at > now + SCHEDULE_HORIZON_MS) return [{ path, code: 'schedule.tooFar' }]
  return []
}

/**
 * Replaces a site's schedule: each kind at its instant, or none (null). Instants must be after
 * now and within a year, the end after the start; 400 naming the field otherwise, and nothing is
 * written. A FAILED change is replaced or cleared like a pending one.
 */
export const setSchedule = async (
  site: { siteId: string },
  wanted: { publishAt: string | null; unpublishAt: string | null },
  author: PublishAuthor,
  now = clockNow(),
): Promise<void> => {
  const at = { publish: wanted.publishAt, unpublish: wanted.unpublishAt }
  const issues = SCHEDULE_KINDS.flatMap((kind) => instantIssues(at[kind], `body.${kind}At`, now))
  if (
    issues.length === 0 &&
    at.publish !== null &&
    at.unpublish !== null &&
    Date.parse(at.unpublish) <= Date.parse(at.publish)
  )
    issues.push({ path: 'body.unpublishAt', code: 'schedule.order' })
  if (issues.length) throw new ValidationError(issues)

  const existing = await schedulesOf(site.siteId)
  const rowSet: Record<string, number> = {}
  const rowRemove: Array<(typeof ROW_FIELD)[Kind]> = []
  for (const kind of SCHEDULE_KINDS) {
    const instant = at[kind]
    if (instant === null) rowRemove.push(ROW_FIELD[kind])
    else rowSet[ROW_FIELD[kind]] = Date.parse(instant)
  }
  const result = await createWriteTransaction({ sites: Sites, schedules: PublishSchedules }, (e) => {
    // Both kinds either set or remove their field: the patch always has one or the other.
    const row = e.sites.patch({ siteId: site.siteId }).set(rowSet)
    return [
      (rowRemove.length ? row.remove(rowRemove) : row).commit(),
      ...SCHEDULE_KINDS.flatMap((kind) => {
        const instant = at[kind]
        if (instant === null)
          return existing[kind] ? [e.schedules.delete({ siteId: site.siteId, kind }).commit()] : []
        // The same pending instant is kept as it is (an approved publish keeps its version).
        const iso = new Date(Date.parse(instant)).toISOString()
        if (existing[kind]?.at === iso && existing[kind]?.state === 'PENDING') return []
        return [
          e.schedules
            .put({
              siteId: site.siteId,
              kind,
              at: new Date(Date.parse(instant)).toISOString(),
              state: 'PENDING',
              byAccountId: author.accountId,
              byName: author.name,
            })
            .commit(),
        ]
      }),
    ]
  }).go()
  // The site row's patch fails only when the site is gone.
  if (result.canceled) throw new NotFoundError()
}

/**
 * Schedules the publish an approver approved (issue 33 part 4): that draft version at `at`, in
 * place of any scheduled publish (the unpublish stays). The run publishes only that version.
 */
export const scheduleApprovedPublish = async (
  siteId: string,
  at: number,
  author: PublishAuthor,
  approved: { version: number; requestId: string },
): Promise<void> => {
  const result = await createWriteTransaction({ sites: Sites, schedules: PublishSchedules }, (e) => [
    e.sites
      .patch({ siteId })
      .set({ [ROW_FIELD.publish]: at })
      .commit(),
    e.schedules
      .put({
        siteId,
        kind: 'publish',
        at: new Date(at).toISOString(),
        state: 'PENDING',
        byAccountId: author.accountId,
        byName: author.name,
        version: approved.version,
        requestId: approved.requestId,
      })
      .commit(),
  ]).go()
  if (result.canceled) throw new NotFoundError()
}

/** The scheduled publish's instant (ms), if one is pending or failed. */
export const scheduledPublishAt = async (siteId: string): Promise<number | undefined> => {
  const item = (await PublishSchedules.get({ siteId, kind: 'publish' }).go({ consistent: true })).data
  return item ? Date.parse(item.at) : undefined
}

/**
 * A write to a change this run took, conditioned on its instant being the one the run took: a
 * creator who schedules it anew meanwhile keeps the new one, and the write is dropped.
 */
const unlessMovedOn = async (write: Promise<unknown>) => {
  try {
    await write
  } catch (error) {
    if (!isConditionFailure(error)) throw error
  }
}
const keyOf = (item: PublishSchedule) => ({ siteId: item.siteId, kind: item.kind })

/** Removes a change that ran (or whose site is gone) and its instant on the site row. */
const settle = async (item: PublishSchedule) => {
  await unlessMovedOn(
    PublishSchedules.delete(keyOf(item))
      .where((a, { eq }) => eq(a.at, item.at))
      .go(),
  )
  const field = ROW_FIELD[item.kind]
  await Sites.patch({ siteId: item.siteId })
    .remove([field])
    .where((a, { eq }) => eq(a[field], Date.parse(item.at)))
    .go()
    .catch(() => undefined)
}

/** Why a run could not make the change: the refusal's own message, else the general one. */
const reasonOf = (error: unknown): MessageKey => {
  if (error instanceof ValidationError && error.code === 'checklist.blocked') return error.code
  if (error instanceof ValidationError) return (error.details?.[0]?.code as MessageKey) ?? error.code
  if (error instanceof AppError) return error.code
  return 'schedule.failed'
}

/**
 * Takes a due change for this run: false when another run holds it, or it was changed or cancelled
 * since the run read it (a new `at`, or gone).
 */
const claim = async (item: PublishSchedule, now: number): Promise<boolean> => {
  try {
    await PublishSchedules.patch(keyOf(item))
      .set({ claimedAt: now })
      .where(
        (a, { eq, notExists, lt }) =>
          `${eq(a.at, item.at)} AND ${eq(a.state, 'PENDING')} AND (${notExists(a.claimedAt)} OR ${lt(a.claimedAt, now - SCHEDULE_CLAIM_MS)})`,
      )
      .go()
    return true
  } catch (error) {
    if (isConditionFailure(error)) return false
    throw error
  }
}

/** One due change: publish the saved draft, or stop serving a live site. */
const run = async (item: PublishSchedule, now: number): Promise<'done' | 'retry' | 'failed' | 'taken'> => {
  if (!(await claim(item, now))) return 'taken'
  try {
    const loaded = await loadSite(item.siteId)
    const { site } = loaded
    if (item.kind === 'publish') {
      // An approved publish is of the version approved, nothing saved after it.
      if (item.version !== undefined && item.version !== site.version)
        throw new ConflictError('approval.stale')
      await checkedPublish(loaded, {
        ...(item.byAccountId && item.byName
          ? { author: { accountId: item.byAccountId, name: item.byName } }
          : {}),
        t: (key) => key,
      })
    } else if (site.status === 'PUBLISH') await withdrawSite(item.siteId, 'DRAFT')
    await settle(item)
    return 'done'
  } catch (error) {
    if (error instanceof NotFoundError) {
      await settle(item)
      return 'done'
    }
    // A save slipped in between the read and the commit: the next run publishes what is saved then.
    if (error instanceof ConflictError && error.code !== 'approval.stale') {
      await unlessMovedOn(
        PublishSchedules.patch(keyOf(item))
          .remove(['claimedAt'])
          .where((a, { eq }) => eq(a.at, item.at))
          .go(),
      )
      return 'retry'
    }
    const reason = reasonOf(error)
    if (!(error instanceof AppError))
      logger.error('Scheduled change failed', { ...keyOf(item), at: item.at, error })
    await unlessMovedOn(
      PublishSchedules.patch(keyOf(item))
        .set({ state: 'FAILED', error: reason, failedAt: clockNow() })
        .where((a, { eq }) => eq(a.at, item.at))
        .go(),
    )
    return 'failed'
  }
}

/**
 * The `publishSchedule` run: every PENDING change due by now, the earliest first (a campaign's
 * start before its end). Answers what it did, for the run's log line.
 */
export const runDueSchedules = async (now = clockNow()) => {
  const due = await PublishSchedules.query
    .byState({ state: 'PENDING' })
    .lte({ at: new Date(now).toISOString() })
    .go({ pages: 'all' })
  const outcome = { done: 0, retry: 0, failed: 0, taken: 0 }
  for (const item of due.data) {
    const result = await run(item, now)
    outcome[result] += 1
    logger.info('Scheduled change run', { ...keyOf(item), at: item.at, result })
  }
  return outcome
}
