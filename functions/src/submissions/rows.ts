import type { MemberRow, SubmissionAnswer, SubmissionRow } from '@swipe/shared'
import type { SiteMember, SiteSubmission } from '#data/submissions'

/**
 * What the lists show of a stored member or submission, and the JST day and time rules of their
 * filters and CSV (pure: no table, no clock).
 */

/**
 * A from–to range of JST calendar days as ISO instants (`createdAt` is stored as UTC ISO text,
 * which sorts in time order): `from` inclusive, `until` exclusive (the next day's start). Japan
 * keeps no daylight saving, so a day is always 24 hours.
 */
export const jstDayRange = (from: string | undefined, to: string | undefined) => {
  const start = (day: string) => Date.parse(`${day}T00:00:00+09:00`)
  return {
    from: from ? new Date(start(from)).toISOString() : undefined,
    until: to ? new Date(start(to) + 86_400_000).toISOString() : undefined,
  }
}

const JST_OFFSET_MS = 9 * 3_600_000

/** An ISO instant as `YYYY-MM-DD HH:mm:ss` in Japan (the product's business time); '' when absent. */
export const jstDateTime = (iso: string | null | undefined): string => {
  if (!iso) return ''
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return iso
  return new Date(ms + JST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ')
}

/** Answer names whose values never reach a list: credentials, whatever a form stored by mistake. */
const SECRET_NAMES = new Set(['password', 'confirm_password'])

/** The stored answers as a clean list of texts (the attribute is schemaless). */
export const answersOf = (stored: unknown): SubmissionAnswer[] => {
  if (!Array.isArray(stored)) return []
  const text = (value: unknown) =>
    typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value)
  return stored
    .filter((answer): answer is Record<string, unknown> => typeof answer === 'object' && answer !== null)
    .map((answer) => ({ name: text(answer.name), title: text(answer.title), value: text(answer.value) }))
    .filter((answer) => !SECRET_NAMES.has(answer.name))
}

export const memberRow = (member: SiteMember): MemberRow => ({
  id: member.memberId,
  email: member.email,
  status: member.status,
  lang: member.lang,
  company: member.company ?? '',
  answers: answersOf(member.answers),
  createdAt: member.createdAt,
  confirmedAt: member.confirmedAt ?? null,
})

export const submissionRow = (submission: SiteSubmission): SubmissionRow => ({
  id: submission.submissionId,
  email: submission.email,
  lang: submission.lang,
  company: submission.company ?? '',
  answers: answersOf(submission.answers),
  mode: submission.mode ?? null,
  mailStatus: submission.mailStatus ?? 'NONE',
  createdAt: submission.createdAt,
})
