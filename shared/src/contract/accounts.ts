/** The accounts context's routes with their schemas (heads in ./routes.ts). */
import * as z from 'zod'
import {
  ACCOUNT_TYPES,
  ADMIN_ROLES,
  AUTHORITIES,
  CONTRACT_STATUSES,
  HISTORY_ACTIONS,
  SITE_STATUSES,
} from '../accounts.ts'
import { lazySchema } from '../lazy-schema.ts'
import {
  ContractActionBody,
  CreateSubAdminBody,
  CreateUserBody,
  ImportBody,
  ImportUploadBody,
  ListUsersQuery,
  LogoConfirmBody,
  LogoUploadBody,
  UpdateSubAdminBody,
  UpdateUserBody,
} from '../schemas/users.ts'
import { IdParams, PresignedUpload, ServerMessage, VersionQuery, withMessage } from './common.ts'
import { defineContext } from './define.ts'

/** A user's profile as the console shows it (`functions/src/accounts/service.ts` `profileOf`). */
export const Profile = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    accountType: z.enum(ACCOUNT_TYPES),
    parentType: z.enum(ACCOUNT_TYPES).exclude(['SUB_ADMIN']).nullable(),
    /** Null for a top-level account. */
    parentId: z.string().nullable(),
    email: z.string(),
    companyName: z.string().nullable(),
    contactName: z.string().nullable(),
    planId: z.string().nullable(),
    /** YYYY-MM-DD. */
    contractStartDate: z.string().nullable(),
    contractEndDate: z.string().nullable(),
    contractStatus: z.enum(CONTRACT_STATUSES),
    authority: z.enum(AUTHORITIES),
    licenseIssuing: z.boolean(),
    adminRole: z.enum(ADMIN_ROLES).nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    version: z.number().int(),
  }),
)

/** One row of a user's contract history. */
export const HistoryEntry = /* @__PURE__ */ lazySchema(() =>
  z.object({
    executedAt: z.iso.datetime(),
    executorId: z.string(),
    executorName: z.string(),
    action: z.enum(HISTORY_ACTIONS),
    detail: z.string().nullable(),
  }),
)

/** A sub-admin of the caller's own (admin settings). */
export const SubAdmin = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    contactName: z.string().nullable(),
    email: z.string(),
    adminRole: z.enum(ADMIN_ROLES).nullable(),
    authority: z.enum(AUTHORITIES),
    contractStatus: z.enum(CONTRACT_STATUSES),
    createdAt: z.iso.datetime(),
    version: z.number().int(),
  }),
)

/** One problem of an uploaded CSV: its line as a spreadsheet numbers it (header = 1) and its column. */
export const ImportCellError = /* @__PURE__ */ lazySchema(() =>
  z.object({
    row: z.number().int(),
    column: z.string(),
    /** A message key. */
    code: z.string(),
    message: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
)

/** What an uploaded CSV holds, row by row; nothing is written by a preview. */
export const ImportReport = /* @__PURE__ */ lazySchema(() =>
  z.object({
    encoding: z.enum(['utf-8', 'shift_jis']),
    totalRows: z.number().int(),
    newCount: z.number().int(),
    existingCount: z.number().int(),
    rows: z.array(
      z.object({
        row: z.number().int(),
        email: z.string(),
        status: z.enum(['new', 'existing', 'error']),
      }),
    ),
    errors: z.array(ImportCellError),
  }),
)

/** How many items have each status: a list, as statuses are values the case conversion must not touch. */
const countsOf = <const S extends readonly [string, ...string[]]>(statuses: S) =>
  z.object({
    total: z.number().int(),
    byStatus: z.array(z.object({ status: z.enum(statuses), count: z.number().int() })),
  })

export const accountsRoutes = defineContext('accounts')({
  'accounts.list': () => ({
    summary: "Users in the caller's scope: search, filter by status, type, plan, parent; cursor pages.",
    query: ListUsersQuery,
    response: z.object({ items: z.array(Profile), nextCursor: z.string().nullable() }),
  }),
  'accounts.get': () => ({
    summary: "A user's profile and contract history, inside the caller's scope only.",
    params: IdParams,
    /** The history newest first, at most 100 rows. */
    response: Profile.extend({ history: z.array(HistoryEntry) }),
  }),
  'accounts.create': () => ({
    summary: 'Creates a user under a parent in scope and mails a temporary password.',
    body: CreateUserBody,
    response: withMessage(Profile),
    status: 201,
  }),
  'accounts.update': () => ({
    summary: 'Updates a user (optimistic lock on version; terminated accounts are read-only).',
    params: IdParams,
    body: UpdateUserBody,
    response: withMessage(Profile),
  }),
  'accounts.contract': () => ({
    summary: 'Suspend, resume or terminate a contract; writes a history row.',
    params: IdParams,
    body: ContractActionBody,
    response: withMessage(Profile),
  }),
  'accounts.remove': () => ({
    summary: 'Deletes a user without users under it.',
    params: IdParams,
    query: VersionQuery,
    response: ServerMessage,
  }),
  'accounts.listSubAdmins': () => ({
    summary: "The caller's sub-admins.",
    response: z.object({ items: z.array(SubAdmin) }),
  }),
  'accounts.createSubAdmin': () => ({
    summary: 'Adds a sub-admin (name, email, role, authority) and mails a temporary password.',
    body: CreateSubAdminBody,
    response: withMessage(SubAdmin),
    status: 201,
  }),
  'accounts.updateSubAdmin': () => ({
    summary: "Changes a sub-admin's name, role and authority (optimistic lock).",
    params: IdParams,
    body: UpdateSubAdminBody,
    response: withMessage(SubAdmin),
  }),
  'accounts.removeSubAdmin': () => ({
    summary: 'Deletes a sub-admin.',
    params: IdParams,
    query: VersionQuery,
    response: ServerMessage,
  }),
  'accounts.export': () => ({
    summary: 'CSV of the user list (UTF-8 BOM, formula cells neutralised).',
    query: ListUsersQuery.omit({ cursor: true, limit: true }),
    responseType: 'csv',
  }),
  'accounts.importUploadUrl': () => ({
    summary: 'Presigned upload of a CSV (CSV only, 5 MB at most).',
    body: ImportUploadBody,
    response: PresignedUpload,
  }),
  'accounts.importPreview': () => ({
    summary: 'Validates every row of an uploaded CSV; errors by row and column; nothing written.',
    body: ImportBody,
    response: ImportReport,
  }),
  'accounts.importCommit': () => ({
    summary: 'Imports an uploaded CSV all-or-nothing; existing emails are reported, not duplicated.',
    body: ImportBody,
    response: withMessage(ImportReport.extend({ createdCount: z.number().int() })),
  }),
  'accounts.logoUploadUrl': () => ({
    summary: 'Presigned upload of a profile picture (PNG or JPEG, 2 MB).',
    body: LogoUploadBody,
    response: PresignedUpload,
  }),
  'accounts.logoConfirm': () => ({
    summary: 'Checks the uploaded picture (size, type, bytes) and attaches it.',
    body: LogoConfirmBody,
    /** A presigned GET of the new picture, valid for an hour. */
    response: withMessage(z.object({ logoUrl: z.string() })),
  }),
  'accounts.logoRemove': () => ({
    summary: 'Removes the profile picture.',
    response: withMessage(z.object({ logoUrl: z.null() })),
  }),
  'accounts.summary': () => ({
    summary: 'The counts the caller may see: users and sites by status.',
    response: z.object({
      /** Null for an account that may not read users. */
      users: countsOf(CONTRACT_STATUSES).nullable(),
      sites: countsOf(SITE_STATUSES),
    }),
  }),
})
