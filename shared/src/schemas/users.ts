import * as z from 'zod'
import { ADMIN_ROLES, AUTHORITIES, CONTRACT_STATUSES, CREATABLE_TYPES } from '../accounts.ts'
import { lazySchema } from '../lazy-schema.ts'
import { email, requiredText } from './common.ts'

/** A calendar date, YYYY-MM-DD. */
export const isoDate = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: 'validation.date' }),
)

/** SPEC §5 dates: a start needs an end, and the end comes after the start. */
type Dates = { contractStartDate?: string | undefined; contractEndDate?: string | undefined }
const DATE_FIELDS = ['contractStartDate', 'contractEndDate']
// Checked even when other fields have issues, so a form (or a CSV row) shows every problem at once.
const whenDatesParsed = {
  when: (payload: { issues: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey> }> }) =>
    payload.issues.every((issue) => !DATE_FIELDS.includes(String(issue.path?.[0]))),
}
const withContractDates = <T extends z.ZodType<Dates>>(schema: T) =>
  schema
    .refine((v) => !(v.contractStartDate && !v.contractEndDate), {
      path: ['contractEndDate'],
      error: 'validation.endRequired',
      ...whenDatesParsed,
    })
    .refine((v) => !(v.contractStartDate && v.contractEndDate && v.contractEndDate <= v.contractStartDate), {
      path: ['contractEndDate'],
      error: 'validation.endBeforeStart',
      ...whenDatesParsed,
    })

/**
 * A user's fields. The plan id is checked against the plan catalogue by the API (stored plans
 * count too); plan, contract dates, authority and licence issuing are guarded by the field rules
 * (authz.ts `ACCOUNT_FIELD_ACTIONS`).
 */
const userFields = /* @__PURE__ */ lazySchema(() => ({
  companyName: requiredText(50),
  contactName: requiredText(50),
  planId: z.string().trim().max(64).optional(),
  contractStartDate: isoDate.optional(),
  contractEndDate: isoDate.optional(),
  authority: z.enum(AUTHORITIES).optional(),
  licenseIssuing: z.boolean().optional(),
}))

/** A new user: authority and licence issuing default to edit and not granted (`GUARDED_FIELD_DEFAULTS`). */
export const CreateUserBody = /* @__PURE__ */ lazySchema(() =>
  withContractDates(
    z.object({
      accountType: z.enum(CREATABLE_TYPES, { error: 'validation.required' }),
      parentId: z.string().trim().max(64).optional(),
      email,
      ...userFields,
      authority: userFields.authority.unwrap().default('EDIT'),
      licenseIssuing: userFields.licenseIssuing.unwrap().default(false),
    }),
  ),
)

/**
 * An edit. A field left out keeps its stored value (no defaults here: an edit that leaves out
 * authority must not reset a viewer to edit, nor need the right to change it).
 */
export const UpdateUserBody = /* @__PURE__ */ lazySchema(() =>
  withContractDates(z.object({ ...userFields, version: z.number().int().positive() })),
)

export const CONTRACT_ACTIONS = ['suspend', 'resume', 'terminate'] as const
export const ContractActionBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    action: z.enum(CONTRACT_ACTIONS),
    version: z.number().int().positive(),
  }),
)

export const ListUsersQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    q: z.string().trim().max(100).optional(),
    status: z.enum(CONTRACT_STATUSES).optional(),
    accountType: z.enum(CREATABLE_TYPES).optional(),
    parentId: z.string().max(64).optional(),
    planId: z.string().max(64).optional(),
    cursor: z.string().max(2048).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
)

/** Admin settings (SPEC §2): a sub-admin's manager name, email, role and authority. */
const subAdminFields = /* @__PURE__ */ lazySchema(() => ({
  contactName: requiredText(50),
  adminRole: z.enum(ADMIN_ROLES, { error: 'validation.required' }),
  authority: z.enum(AUTHORITIES, { error: 'validation.required' }),
}))
export const CreateSubAdminBody = /* @__PURE__ */ lazySchema(() => z.object({ email, ...subAdminFields }))
export const UpdateSubAdminBody = /* @__PURE__ */ lazySchema(() =>
  z.object({ ...subAdminFields, version: z.number().int().positive() }),
)

/** CSV import of users (SPEC §5): CSV only, at most 5 MB. */
export const CSV_IMPORT_MAX_BYTES = 5 * 1024 * 1024
/** Rows one import may create (each is a pool user, a transaction and a mail). */
export const CSV_IMPORT_MAX_ROWS = 500

export const ImportUploadBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    fileName: z.string().trim().min(1).max(255),
    size: z.number().int().min(1),
  }),
)
export const ImportBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    key: z.string().min(1).max(512),
    parentId: z.string().max(64).optional(),
  }),
)

/** Profile picture (SPEC §9: 250×250, 2 MB recommended; we refuse larger files). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024
export const LogoUploadBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    fileName: z.string().trim().min(1).max(255),
    contentType: z.enum(['image/png', 'image/jpeg']),
    size: z.number().int().min(1),
  }),
)
export const LogoConfirmBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    key: z.string().min(1).max(512),
    fileName: z.string().min(1).max(255),
  }),
)
