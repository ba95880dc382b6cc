import { randomUUID } from 'node:crypto'
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3'
import {
  CHILD_TYPES,
  CreateUserBody,
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_MAX_ROWS,
  decodeCsv,
  fieldActorOf,
  GUARDED_FIELD_DEFAULTS,
  type Locale,
  refusedFields,
  translate,
} from '@swipe/shared'
import { accountsRoutes } from '@swipe/shared/contract/accounts'
import { parse } from 'csv-parse/sync'
import type { Account } from '#data/accounts'
import { Accounts } from '#data/accounts'
import { csvReply } from '#domain/csv'
import type { Actor } from '#edge/auth'
import { BadRequestError, type FieldIssue, NotFoundError, ValidationError } from '#edge/errors'
import { endpoint, ok, zodIssues } from '#edge/http'
import { accountsFor, adminOf, policyActorOf, principalIdOf } from '#edge/tenancy'
import { logger } from '#platform/services/logger'
import { presignPut } from '#platform/services/presign'
import { mediaBucket, s3 } from '#platform/services/s3'
import { fieldRefusalError, isCatalogPlan, issueParams, type Refusal } from './fields.ts'
import { createAccount, deleteAccountCompletely } from './service.ts'

// ---------- export ----------

const EXPORT_COLUMNS = [
  ['csv.companyName', (a: Account) => a.companyName],
  ['csv.email', (a: Account) => a.email],
  ['csv.contactName', (a: Account) => a.contactName],
  ['csv.accountType', (a: Account) => a.accountType],
  ['csv.contractStatus', (a: Account) => a.contractStatus],
  ['csv.contractStartDate', (a: Account) => a.contractStartDate],
  ['csv.contractEndDate', (a: Account) => a.contractEndDate],
  ['csv.authority', (a: Account) => a.authority],
  ['csv.licenseIssuing', (a: Account) => (a.licenseIssuing ? 'true' : 'false')],
  ['csv.createdAt', (a: Account) => a.createdAt, 'dateTime'],
] as const

export const exportCsv = endpoint(accountsRoutes['accounts.export'], async ({ actor, query, locale }) => {
  const rows: Account[] = []
  let cursor: string | undefined
  do {
    const page = await accountsFor(actor).list({ ...query, cursor, limit: 100 })
    rows.push(...page.items)
    cursor = page.nextCursor ?? undefined
  } while (cursor)
  return csvReply('users', EXPORT_COLUMNS, rows, locale)
})

// ---------- import ----------

const importKeyPrefix = (account: Account) => `imports/${account.accountId}/`

export const uploadUrl = endpoint(accountsRoutes['accounts.importUploadUrl'], async ({ actor, body }) => {
  const account = adminOf(actor)
  if (!body.fileName.toLowerCase().endsWith('.csv'))
    throw new BadRequestError('upload.unsupportedType', { file: body.fileName })
  if (body.size > CSV_IMPORT_MAX_BYTES)
    throw new BadRequestError('upload.tooLarge', { file: body.fileName, maxMb: 5 })
  return ok(await presignPut(mediaBucket, `${importKeyPrefix(account)}${randomUUID()}.csv`, 'text/csv'))
})

/** CSV headers we read, in English or Japanese, and the field each fills. */
const HEADERS: Record<string, string> = {
  email: 'email',
  メールアドレス: 'email',
  company_name: 'companyName',
  会社名: 'companyName',
  contact_name: 'contactName',
  担当者名: 'contactName',
  account_type: 'accountType',
  アカウント種別: 'accountType',
  contract_start_date: 'contractStartDate',
  契約開始日: 'contractStartDate',
  contract_end_date: 'contractEndDate',
  契約終了日: 'contractEndDate',
  authority: 'authority',
  権限: 'authority',
  license_issuing: 'licenseIssuing',
  ライセンス発行: 'licenseIssuing',
  plan_id: 'planId',
  プランID: 'planId',
}
const VALUES: Record<string, Record<string, unknown>> = {
  authority: { 編集: 'EDIT', 閲覧: 'VIEW' },
  licenseIssuing: { true: true, false: false, '1': true, '0': false, あり: true, なし: false, '': false },
}
const REQUIRED = ['email', 'companyName', 'contactName', 'accountType']

interface RowReport {
  row: number
  email: string
  status: 'new' | 'existing' | 'error'
}
interface CellError {
  row: number
  column: string
  code: string
  message: string
  params?: Record<string, string | number>
}

/** Reads and checks a whole file: every row against the shared schema, before anything is written. */
const analyse = async (
  actor: Actor | undefined,
  key: string,
  parentId: string | undefined,
  locale: Locale,
) => {
  const account = adminOf(actor)
  if (!key.startsWith(importKeyPrefix(account))) throw new NotFoundError()
  const parent = await accountsFor(actor).get(parentId ?? principalIdOf(account), 'account:create')
  const head = await s3.send(new HeadObjectCommand({ Bucket: mediaBucket, Key: key })).catch(() => {
    throw new BadRequestError('upload.missing', { file: 'CSV' })
  })
  if ((head.ContentLength ?? 0) > CSV_IMPORT_MAX_BYTES)
    throw new BadRequestError('upload.tooLarge', { file: 'CSV', maxMb: 5 })
  const object = await s3.send(new GetObjectCommand({ Bucket: mediaBucket, Key: key }))
  const { text, encoding } = decodeCsv((await object.Body?.transformToByteArray()) ?? new Uint8Array())
  let records: string[][]
  try {
    records = parse(text, { skip_empty_lines: true, relax_column_count: true, trim: true })
  } catch {
    throw new BadRequestError('upload.contentMismatch', { file: 'CSV' })
  }
  const [header = [], ...lines] = records
  const t = (code: string, params?: Record<string, string | number>) => translate(locale, code, params)
  const errors: CellError[] = []
  const fields = header.map((name) => HEADERS[name.trim()] ?? HEADERS[name.trim().toLowerCase()])
  for (const required of REQUIRED) {
    if (!fields.includes(required)) {
      const column = Object.entries(HEADERS).find(([, f]) => f === required)?.[0] ?? required
      errors.push({
        row: 1,
        column,
        code: 'import.missingColumn',
        message: t('import.missingColumn', { column }),
      })
    }
  }
  if (!lines.length) throw new BadRequestError('import.empty')
  if (lines.length > CSV_IMPORT_MAX_ROWS)
    throw new BadRequestError('import.tooManyRows', { max: CSV_IMPORT_MAX_ROWS })
  if (errors.length) return { encoding, parent, rows: [] as RowReport[], valid: [], errors, refusals: [] }

  const allowed = CHILD_TYPES[parent.accountType] ?? []
  // The same rules as POST /users: an OEM admin appoints no OEM admins, and a row's plan and
  // contract terms other than the defaults need the field rules' actions.
  const creatorType = account.accountType === 'SUB_ADMIN' ? account.parentType : account.accountType
  const fieldActor = fieldActorOf(policyActorOf(account))
  const refusals: Refusal[] = []
  const seen = new Set<string>()
  const rows: RowReport[] = []
  const valid: Array<{ row: number; value: ReturnType<typeof CreateUserBody.parse> }> = []
  for (const [index, cells] of lines.entries()) {
    const row = index + 2 // the line number a spreadsheet shows, header being line 1
    const input: Record<string, unknown> = {}
    fields.forEach((field, i) => {
      if (!field) return
      const raw = cells[i] ?? ''
      const mapped = VALUES[field]?.[raw]
      input[field] = mapped !== undefined ? mapped : raw === '' ? undefined : raw
    })
    const columnOf = (field: string) => header[fields.indexOf(field)] ?? field
    const parsed = CreateUserBody.safeParse(input)
    const email = String(input.email ?? '').toLowerCase()
    const rowErrors: CellError[] = []
    if (!parsed.success) {
      for (const issue of zodIssues(parsed.error, 'row')) {
        const field = issue.path.split('.')[1] ?? ''
        rowErrors.push({
          row,
          column: columnOf(field),
          code: issue.code,
          message: t(issue.code, issue.params),
        })
      }
    } else if (
      !allowed.includes(parsed.data.accountType) ||
      (creatorType === 'OEM_ADMIN' && parsed.data.accountType === 'OEM_ADMIN')
    ) {
      rowErrors.push({
        row,
        column: columnOf('accountType'),
        code: 'account.typeNotAllowed',
        message: t('account.typeNotAllowed'),
      })
    }
    if (parsed.success) {
      const refused = refusedFields(fieldActor, parsed.data, GUARDED_FIELD_DEFAULTS)
      for (const issue of refused) {
        const params = await issueParams(issue, parsed.data, locale)
        const column = columnOf(issue.field)
        refusals.push({ path: `row.${row}.${column}`, issue, params })
        rowErrors.push({ row, column, code: issue.code, message: t(issue.code, params), params })
      }
      const planId = parsed.data.planId
      if (!refused.length && planId !== undefined && !(await isCatalogPlan(planId))) {
        rowErrors.push({
          row,
          column: columnOf('planId'),
          code: 'account.planUnknown',
          message: t('account.planUnknown'),
        })
      }
    }
    if (email && seen.has(email)) {
      rowErrors.push({
        row,
        column: columnOf('email'),
        code: 'import.duplicateInFile',
        message: t('import.duplicateInFile'),
      })
    }
    seen.add(email)
    if (rowErrors.length || !parsed.success) {
      errors.push(...rowErrors)
      rows.push({ row, email, status: 'error' })
      continue
    }
    const existing = (await Accounts.query.byEmail({ email }).go({ limit: 1 })).data[0]
    rows.push({ row, email, status: existing ? 'existing' : 'new' })
    if (!existing) valid.push({ row, value: parsed.data })
  }
  return { encoding, parent, rows, valid, errors, refusals }
}

const reportOf = (analysis: Awaited<ReturnType<typeof analyse>>) => ({
  encoding: analysis.encoding,
  totalRows: analysis.rows.length,
  newCount: analysis.rows.filter((r) => r.status === 'new').length,
  existingCount: analysis.rows.filter((r) => r.status === 'existing').length,
  rows: analysis.rows,
  errors: analysis.errors,
})

export const preview = endpoint(accountsRoutes['accounts.importPreview'], async ({ actor, body, locale }) =>
  ok(reportOf(await analyse(actor, body.key, body.parentId, locale))),
)

/**
 * Imports the whole file or nothing: any invalid row refuses the file; if creating a row fails
 * midway, the rows already created are removed again. Existing emails are reported, not duplicated.
 */
export const commit = endpoint(
  accountsRoutes['accounts.importCommit'],
  async ({ actor, body, locale, t }) => {
    const analysis = await analyse(actor, body.key, body.parentId, locale)
    // A row setting a field the caller may not set is a refusal (403, logged), not a typo (400).
    if (analysis.refusals.length) throw fieldRefusalError(analysis.refusals, locale)
    if (analysis.errors.length) {
      const details: FieldIssue[] = analysis.errors.map((e) => ({
        path: `row.${e.row}.${e.column}`,
        code: e.code,
      }))
      throw new ValidationError(details, 'import.invalid')
    }
    const creator = adminOf(actor)
    const created: Account[] = []
    try {
      for (const { value } of analysis.valid) {
        created.push(await createAccount({ ...value, parent: analysis.parent }, creator, locale, 'IMPORT'))
      }
    } catch (error) {
      logger.error('Import failed; removing the accounts it created', error as Error)
      for (const account of created) await deleteAccountCompletely(account).catch(() => undefined)
      throw error
    }
    const report = reportOf(analysis)
    return ok({
      ...report,
      createdCount: created.length,
      message: t('import.done', { created: created.length, existing: report.existingCount }),
    })
  },
)
