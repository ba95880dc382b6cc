import { type Locale, type MemberRow, type SubmissionRow, translate } from '@swipe/shared'
import type { SubmissionKind } from '#data/submissions'
import { type CsvColumn, csvReply } from '#domain/csv'
import type { Reply } from '#edge/http'

/**
 * The lists as CSV (docs/decisions/0031-submission-lists.md): the fixed columns, then
 * one column per distinct answer title, in the order the newest rows show them (the current form
 * first, titles of fields since renamed or removed after). Email and company have columns of their
 * own; two answers of one row under the same title share the cell, one per line.
 */

/** Answers shown in columns of their own rather than among the form's answers. */
const OWN_COLUMNS = new Set(['email', 'company'])

const answerColumns = <T extends { answers: MemberRow['answers'] }>(rows: readonly T[]): CsvColumn<T>[] => {
  const titles: string[] = []
  for (const row of rows)
    for (const answer of row.answers)
      if (!OWN_COLUMNS.has(answer.name) && !titles.includes(answer.title)) titles.push(answer.title)
  return titles.map(
    (title): CsvColumn<T> => [
      { text: title },
      (row) =>
        row.answers
          .filter((answer) => answer.title === title && !OWN_COLUMNS.has(answer.name))
          .map((answer) => answer.value)
          .join('\n'),
    ],
  )
}

export const membersCsv = (rows: readonly MemberRow[], locale: Locale): Reply =>
  csvReply(
    'members',
    [
      ['csv.email', (m: MemberRow) => m.email],
      ['csv.memberStatus', (m: MemberRow) => translate(locale, `submissions.memberStatus.${m.status}`)],
      ['csv.companyName', (m: MemberRow) => m.company],
      ['csv.registeredAt', (m: MemberRow) => m.createdAt, 'dateTime'],
      ['csv.confirmedAt', (m: MemberRow) => m.confirmedAt, 'dateTime'],
      ['csv.language', (m: MemberRow) => m.lang],
      ...answerColumns(rows),
    ],
    rows,
    locale,
  )

export const submissionsCsv = (kind: SubmissionKind, rows: readonly SubmissionRow[], locale: Locale): Reply =>
  csvReply(
    kind === 'contact' ? 'contacts' : 'forms',
    [
      ['csv.receivedAt', (s: SubmissionRow) => s.createdAt, 'dateTime'],
      ['csv.email', (s: SubmissionRow) => s.email],
      ['csv.companyName', (s: SubmissionRow) => s.company],
      ['csv.language', (s: SubmissionRow) => s.lang],
      ...(kind === 'form' ? [['csv.formMode', (s: SubmissionRow) => s.mode ?? ''] as const] : []),
      ...answerColumns(rows),
      ['csv.mailStatus', (s: SubmissionRow) => translate(locale, `submissions.mailStatus.${s.mailStatus}`)],
    ],
    rows,
    locale,
  )
