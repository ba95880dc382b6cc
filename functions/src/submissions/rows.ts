import type { MemberRow, SubmissionAnswer, SubmissionRow } from '@swipe/shared'
import type { SiteMember, SiteSubmission } from '#data/submissions'

/**
 * What the lists show of a stored member or submission (pure: no table, no clock). Their filters'
 * days and the CSV's times are Japanese (`@swipe/shared/time/jst`).
 */

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
