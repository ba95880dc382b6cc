/** The submissions context's routes with their schemas (heads in ./routes.ts). */
import {
  ExportMembersQuery,
  ExportSubmissionsQuery,
  ListMembersQuery,
  ListSubmissionsQuery,
  MemberRowSchema,
  SubmissionRowSchema,
  submissionPageSchema,
} from '../schemas/site-submissions.ts'
import { IdParams } from './common.ts'
import { defineContext } from './define.ts'

/** `{id}` is the site. */
const list = { params: IdParams } as const
const csv = { params: IdParams, responseType: 'csv' } as const

export const submissionsRoutes = defineContext('submissions')({
  'submissions.members': () => ({
    summary: "A site's members, newest first: filter by email, status and registration days; cursor pages.",
    ...list,
    query: ListMembersQuery,
    response: submissionPageSchema(MemberRowSchema),
  }),
  'submissions.membersCsv': () => ({
    summary: 'CSV of the members the filters select (UTF-8 BOM, formula cells neutralised).',
    ...csv,
    query: ExportMembersQuery,
  }),
  'submissions.contacts': () => ({
    summary: "A site's contact-form submissions, newest first: filter by email and days; cursor pages.",
    ...list,
    query: ListSubmissionsQuery,
    response: submissionPageSchema(SubmissionRowSchema),
  }),
  'submissions.contactsCsv': () => ({
    summary: 'CSV of the contact submissions the filters select (UTF-8 BOM, formula cells neutralised).',
    ...csv,
    query: ExportSubmissionsQuery,
  }),
  'submissions.forms': () => ({
    summary: "A site's homepage-form submissions, newest first: filter by email and days; cursor pages.",
    ...list,
    query: ListSubmissionsQuery,
    response: submissionPageSchema(SubmissionRowSchema),
  }),
  'submissions.formsCsv': () => ({
    summary:
      'CSV of the homepage-form submissions the filters select (UTF-8 BOM, formula cells neutralised).',
    ...csv,
    query: ExportSubmissionsQuery,
  }),
})
