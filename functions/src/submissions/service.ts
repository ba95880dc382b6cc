import {
  type Action,
  type MemberRow,
  type MemberStatus,
  SUBMISSION_LIST_LIMITS,
  type SubmissionRow,
} from '@swipe/shared'
import { jstDayRangeIso } from '@swipe/shared/time/jst'
import { createConversions } from 'electrodb'
import { lazy } from '#data/lazy'
import { SiteMembers, SiteSubmissions, type SubmissionKind } from '#data/submissions'
import type { Actor } from '#edge/auth'
import { AppError, InvalidCursorError } from '#edge/errors'
import { sitesFor } from '#edge/tenancy'
import { memberRow, submissionRow } from './rows.ts'

/**
 * Reads of the creator's lists (docs/decisions/0031-submission-lists.md): a site's
 * members (index `bySite`, newest first) and its contact or homepage-form submissions (`byKind`).
 * Dates are key conditions, email and status are filters; every row is mapped to what the lists
 * show, so a registration's token hash and expiry never leave the table.
 */

/** The filters every list shares; `from`/`to` are calendar days read as JST days, both inclusive. */
export interface ListFilters {
  email?: string | undefined
  from?: string | undefined
  to?: string | undefined
}

export interface MemberFilters extends ListFilters {
  status?: MemberStatus | undefined
}

export interface PageRequest {
  cursor?: string | undefined
  limit: number
}

/** A page of rows; `cursor` only when there are more. */
export interface RowPage<T> {
  items: T[]
  cursor?: string
}

/** The site a list belongs to, after the policy allowed `action` on it (404 out of scope). */
export const siteForList = async (actor: Actor | undefined, siteId: string, action: Action) => {
  const site = await sitesFor(actor).get(siteId, action)
  return { id: site.siteId, name: site.name }
}

/** A day range as instants (`jstDayRangeIso`). */
type Range = ReturnType<typeof jstDayRangeIso>

/**
 * Checks that a cursor continues this very query: the same site (and kind), and a position inside
 * the date range. A cursor is ElectroDB's last key; a forged or stale one is a 400, never a query
 * DynamoDB refuses or one that starts in another partition.
 */
const checkCursor = (
  cursor: string | undefined,
  composite: (cursor: string) => { siteId?: string; kind?: string; createdAt?: string },
  expected: { siteId: string; kind?: SubmissionKind },
  range: Range,
): string | null => {
  if (!cursor) return null
  let at: ReturnType<typeof composite>
  try {
    at = composite(cursor)
  } catch {
    throw new InvalidCursorError()
  }
  const fits =
    at.siteId === expected.siteId &&
    (expected.kind === undefined || at.kind === expected.kind) &&
    typeof at.createdAt === 'string' &&
    (range.from === undefined || at.createdAt >= range.from) &&
    (range.until === undefined || at.createdAt < range.until)
  if (!fits) throw new InvalidCursorError()
  return cursor
}

// Built on first use, as the entities are (data/lazy.ts): making them builds the entity.
const memberCursors = lazy(() => createConversions(SiteMembers).byAccessPattern.bySite)
const submissionCursors = lazy(() => createConversions(SiteSubmissions).byAccessPattern.byKind)

/** Too many rows for one CSV: the caller narrows the dates (docs/decisions/0031-submission-lists.md). */
export class ExportTooLargeError extends AppError {
  constructor() {
    super(400, 'submissions.exportTooLarge', { max: SUBMISSION_LIST_LIMITS.exportRows })
    this.name = 'ExportTooLargeError'
  }
}

type MemberWhere = Parameters<ReturnType<typeof SiteMembers.query.bySite>['where']>[0]
type SubmissionWhere = Parameters<ReturnType<typeof SiteSubmissions.query.byKind>['where']>[0]

/*
 * Days are sort-key conditions. Keys are `<createdAt>#<id>` and the bounds bare instants, so
 * BETWEEN leaves out a row stamped exactly at `until` (its key sorts after the bound), and the
 * bounds stay exact without a filter.
 */

/** A query keyed by `createdAt`, as ElectroDB offers its sort-key conditions. */
interface CreatedAtKeyed<Q> {
  between(from: { createdAt: string }, until: { createdAt: string }): Q
  gte(from: { createdAt: string }): Q
  lt(until: { createdAt: string }): Q
}

/** The query limited to the range's instants, both ends optional. */
const inRange = <Q>(base: CreatedAtKeyed<Q> & Q, range: Range): Q =>
  range.from && range.until
    ? base.between({ createdAt: range.from }, { createdAt: range.until })
    : range.from
      ? base.gte({ createdAt: range.from })
      : range.until
        ? base.lt({ createdAt: range.until })
        : base

/** The member query: the site's members newest first, days as key conditions. */
const memberQuery = (siteId: string, filters: MemberFilters, range: Range) => {
  const keyed = inRange(SiteMembers.query.bySite({ siteId }), range)
  const email = filters.email?.toLowerCase()
  const where: MemberWhere = (attr, op) =>
    [email ? op.contains(attr.email, email) : '', filters.status ? op.eq(attr.status, filters.status) : '']
      .filter(Boolean)
      .join(' AND ')
  return keyed.where(where)
}

/** The submission query: one kind of the site's submissions newest first, days as key conditions. */
const submissionQuery = (siteId: string, kind: SubmissionKind, filters: ListFilters, range: Range) => {
  const keyed = inRange(SiteSubmissions.query.byKind({ siteId, kind }), range)
  const email = filters.email?.toLowerCase()
  const where: SubmissionWhere = (attr, op) => (email ? op.contains(attr.email, email) : '')
  return keyed.where(where)
}

/**
 * A page from a query asked for one row more than the page holds: the extra row only says that
 * there are more, so a cursor is handed out exactly when another page has rows (DynamoDB's own
 * last key would also come after a page that happens to end the list).
 */
const pageOf = <S, T>(
  data: S[],
  limit: number,
  row: (item: S) => T,
  cursorAt: (item: S) => string,
): RowPage<T> => {
  const items = data.slice(0, limit)
  const last = items.at(-1)
  return {
    items: items.map(row),
    ...(data.length > limit && last ? { cursor: cursorAt(last) } : {}),
  }
}

/** One page of a site's members. */
export const listMembers = async (
  siteId: string,
  query: MemberFilters & PageRequest,
): Promise<RowPage<MemberRow>> => {
  const range = jstDayRangeIso(query.from, query.to)
  const cursor = checkCursor(query.cursor, memberCursors.fromCursor.toComposite, { siteId }, range)
  const result = await memberQuery(siteId, query, range).go({
    order: 'desc',
    count: query.limit + 1,
    cursor,
  })
  return pageOf(result.data, query.limit, memberRow, (member) =>
    memberCursors.fromComposite.toCursor({
      siteId: member.siteId,
      email: member.email,
      createdAt: member.createdAt,
      memberId: member.memberId,
    }),
  )
}

/** Every member the filters select, newest first; more than the export limit is refused. */
export const allMembers = async (siteId: string, filters: MemberFilters): Promise<MemberRow[]> => {
  const range = jstDayRangeIso(filters.from, filters.to)
  const result = await memberQuery(siteId, filters, range).go({
    order: 'desc',
    count: SUBMISSION_LIST_LIMITS.exportRows + 1,
  })
  if (result.data.length > SUBMISSION_LIST_LIMITS.exportRows) throw new ExportTooLargeError()
  return result.data.map(memberRow)
}

/** One page of a site's submissions of one kind. */
export const listSubmissions = async (
  siteId: string,
  kind: SubmissionKind,
  query: ListFilters & PageRequest,
): Promise<RowPage<SubmissionRow>> => {
  const range = jstDayRangeIso(query.from, query.to)
  const cursor = checkCursor(query.cursor, submissionCursors.fromCursor.toComposite, { siteId, kind }, range)
  const result = await submissionQuery(siteId, kind, query, range).go({
    order: 'desc',
    count: query.limit + 1,
    cursor,
  })
  return pageOf(result.data, query.limit, submissionRow, (submission) =>
    submissionCursors.fromComposite.toCursor({
      siteId: submission.siteId,
      kind: submission.kind,
      createdAt: submission.createdAt,
      submissionId: submission.submissionId,
    }),
  )
}

/** Every submission of one kind the filters select, newest first; more than the export limit is refused. */
export const allSubmissions = async (
  siteId: string,
  kind: SubmissionKind,
  filters: ListFilters,
): Promise<SubmissionRow[]> => {
  const range = jstDayRangeIso(filters.from, filters.to)
  const result = await submissionQuery(siteId, kind, filters, range).go({
    order: 'desc',
    count: SUBMISSION_LIST_LIMITS.exportRows + 1,
  })
  if (result.data.length > SUBMISSION_LIST_LIMITS.exportRows) throw new ExportTooLargeError()
  return result.data.map(submissionRow)
}
