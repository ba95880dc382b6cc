import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import { isoDate } from './users.ts'

/**
 * The creator's lists of what visitors left on a site (SPEC §2 "Contact, membership and form
 * lists", §7 "Members, contacts, forms"): `GET /site-member/{id}`, `/site-contact/{id}`,
 * `/site-form/{id}` and their `/export-csv` (docs/decisions/0031-submission-lists.md).
 */

/** A member is PENDING until the mailed link is opened. */
export const MEMBER_STATUSES = ['PENDING', 'ACTIVE'] as const
export type MemberStatus = (typeof MEMBER_STATUSES)[number]

/** Whether the mail to the contact recipient went out (NONE: the form has no recipient). */
export const SUBMISSION_MAIL_STATUSES = ['SENT', 'FAILED', 'NONE'] as const
export type SubmissionMailStatus = (typeof SUBMISSION_MAIL_STATUSES)[number]

export const SUBMISSION_LIST_LIMITS = {
  /** Rows per page unless the caller asks for another number. */
  pageSize: 20,
  maxPageSize: 100,
  /** Rows one CSV may hold; past it the export is refused and the caller narrows the dates. */
  exportRows: 10_000,
} as const

/** Filters every list shares. `from` and `to` are calendar days, both inclusive, read as JST days. */
const SubmissionFilters = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** Part of the email address, any case. */
    email: z.string().trim().max(254).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  }),
)

type DayBounds = { from?: string | undefined; to?: string | undefined }

const withDayRange = <T extends z.ZodType<DayBounds>>(schema: T) =>
  schema.superRefine((value, ctx) => {
    // A bound that is no date has its own issue; YYYY-MM-DD compares as text in calendar order.
    const start = isoDate.safeParse(value.from)
    const end = isoDate.safeParse(value.to)
    if (start.success && end.success && end.data < start.data)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateRangeOrder' })
  })

const page = /* @__PURE__ */ lazySchema(() => ({
  cursor: z.string().max(2048).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(SUBMISSION_LIST_LIMITS.maxPageSize)
    .default(SUBMISSION_LIST_LIMITS.pageSize),
}))

const MemberFilters = /* @__PURE__ */ lazySchema(() =>
  SubmissionFilters.extend({ status: z.enum(MEMBER_STATUSES).optional() }),
)

/** GET /site-member/{id}/export-csv */
export const ExportMembersQuery = /* @__PURE__ */ lazySchema(() => withDayRange(MemberFilters))
export type ExportMembersInput = z.output<typeof ExportMembersQuery>
/** GET /site-member/{id} */
export const ListMembersQuery = /* @__PURE__ */ lazySchema(() => withDayRange(MemberFilters.extend(page)))
export type ListMembersInput = z.output<typeof ListMembersQuery>

/** GET /site-contact/{id}/export-csv and /site-form/{id}/export-csv */
export const ExportSubmissionsQuery = /* @__PURE__ */ lazySchema(() => withDayRange(SubmissionFilters))
export type ExportSubmissionsInput = z.output<typeof ExportSubmissionsQuery>
/** GET /site-contact/{id} and /site-form/{id} */
export const ListSubmissionsQuery = /* @__PURE__ */ lazySchema(() =>
  withDayRange(SubmissionFilters.extend(page)),
)
export type ListSubmissionsInput = z.output<typeof ListSubmissionsQuery>

/** One answer as the lists show it: the field's title as the visitor saw it and the answer as text. */
export const SubmissionAnswerSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ name: z.string(), title: z.string(), value: z.string() }),
)
export type SubmissionAnswer = z.output<typeof SubmissionAnswerSchema>

/** One row of the member list (functions/src/submissions/rows.ts `memberRow`). */
export const MemberRowSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    status: z.enum(MEMBER_STATUSES),
    /** The content language the visitor registered in. */
    lang: z.string(),
    company: z.string(),
    /** Never a password: credentials are left out of every list. */
    answers: z.array(SubmissionAnswerSchema),
    /** ISO instants (UTC). */
    createdAt: z.iso.datetime(),
    confirmedAt: z.iso.datetime().nullable(),
  }),
)
export type MemberRow = z.output<typeof MemberRowSchema>

/** One row of the contact or form list (`submissionRow`). */
export const SubmissionRowSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    lang: z.string(),
    company: z.string(),
    answers: z.array(SubmissionAnswerSchema),
    /** The homepage form's optional mode. */
    mode: z.string().nullable(),
    /** Whether the mail to the contact recipient went out (NONE: the form has no recipient). */
    mailStatus: z.enum(SUBMISSION_MAIL_STATUSES),
    createdAt: z.iso.datetime(),
  }),
)
export type SubmissionRow = z.output<typeof SubmissionRowSchema>

/** A page of a list, with the site it belongs to (for the screen's title). */
export const submissionPageSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({
    site: z.object({ id: z.string(), name: z.string() }),
    items: z.array(row),
    /** Present when there are more rows: pass it back as `cursor` for the next page. */
    cursor: z.string().optional(),
  })
