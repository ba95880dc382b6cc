import { z } from 'zod'
import { AUTHORITIES, CONTRACT_STATUSES } from '../accounts.ts'
import { email, requiredText } from './common.ts'

/** A calendar date, YYYY-MM-DD. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: 'validation.date' })

/** SPEC §5 dates: a start needs an end, and the end comes after the start. */
const contractDates = <
  T extends { contractStartDate?: string | undefined; contractEndDate?: string | undefined },
>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.contractStartDate && !value.contractEndDate) {
    ctx.addIssue({ code: 'custom', path: ['contractEndDate'], message: 'validation.endRequired' })
  }
  if (value.contractStartDate && value.contractEndDate && value.contractEndDate <= value.contractStartDate) {
    ctx.addIssue({ code: 'custom', path: ['contractEndDate'], message: 'validation.endBeforeStart' })
  }
}

/** Account types a console creates as users (sub-admins are made in admin settings). */
export const CREATABLE_TYPES = ['MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER'] as const

const userFields = {
  companyName: requiredText(50),
  contactName: requiredText(50),
  planId: z.string().trim().max(64).optional(),
  contractStartDate: isoDate.optional(),
  contractEndDate: isoDate.optional(),
  authority: z.enum(AUTHORITIES).default('EDIT'),
  licenseIssuing: z.boolean().default(false),
}

export const CreateUserBody = z
  .object({
    accountType: z.enum(CREATABLE_TYPES, { error: 'validation.required' }),
    parentId: z.string().trim().max(64).optional(),
    email,
    ...userFields,
  })
  .superRefine(contractDates)

export const UpdateUserBody = z
  .object({ ...userFields, version: z.number().int().positive() })
  .superRefine(contractDates)

export const CONTRACT_ACTIONS = ['suspend', 'resume', 'terminate'] as const
export const ContractActionBody = z.object({
  action: z.enum(CONTRACT_ACTIONS),
  version: z.number().int().positive(),
})

export const ListUsersQuery = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(CONTRACT_STATUSES).optional(),
  accountType: z.enum(CREATABLE_TYPES).optional(),
  parentId: z.string().max(64).optional(),
  planId: z.string().max(64).optional(),
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
})

/** Admin settings (SPEC §2): a sub-admin's manager name, email, role and authority. */
export const ADMIN_ROLES = ['MAIN_CONTACT', 'VIEWER', 'EDITOR'] as const
const subAdminFields = {
  contactName: requiredText(50),
  adminRole: z.enum(ADMIN_ROLES, { error: 'validation.required' }),
  authority: z.enum(AUTHORITIES, { error: 'validation.required' }),
}
export const CreateSubAdminBody = z.object({ email, ...subAdminFields })
export const UpdateSubAdminBody = z.object({ ...subAdminFields, version: z.number().int().positive() })
