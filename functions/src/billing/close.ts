import { randomUUID } from 'node:crypto'
import { PutObjectCommand } from '@aws-sdk/client-s3'
import { TRIAL_PLAN_ID } from '@swipe/shared'
import { isRegistrationNumber } from '@swipe/shared/billing/money'
import { MONTH_PATTERN, monthStart, nextMonth, planIdAt } from '@swipe/shared/billing/months'
import { planNameIn } from '@swipe/shared/plan-names'
import { jstDay } from '@swipe/shared/time/jst'
import { createWriteTransaction } from 'electrodb'
import { type Account, Accounts } from '#data/accounts'
import {
  BillingAudit,
  BillingIssuers,
  BillingProfiles,
  type Invoice,
  InvoiceClaims,
  Invoices,
} from '#data/billing'
import { planOf } from '#domain/plans'
import { ConflictError, NotFoundError } from '#edge/errors'
import { platform } from '#platform'
import { now } from '#platform/services/clock'
import { logger } from '#platform/services/logger'
import { mediaBucket, s3 } from '#platform/services/s3'
import { sha256Hex } from './digest.ts'
import {
  dueDateOf,
  type InvoiceDocument,
  type IssuerView,
  invoiceLines,
  totalsOf,
  transactionDayOf,
} from './document.ts'
import { mailInvoiceIssued } from './invoice-mail.ts'
import { chargeInvoice } from './payments.ts'
import { accountUsage } from './usage.ts'

/** Where an invoice's PDF is kept in the media bucket; a voided invoice's stamped copy beside it. */
const invoicePdfKey = (accountId: string, invoiceId: string, variant?: 'void') =>
  `billing/invoices/${accountId}/${invoiceId}${variant ? `.${variant}` : ''}.pdf`

/** The platform's own issuer item (the operator); OEM masters that bill their users have their own. */
export const PLATFORM_ISSUER = 'PLATFORM'

/** Accounts that hold a contract and are billed: direct users and OEM masters, not terminated. */
const BILLED_TYPES = new Set<Account['accountType']>(['USER', 'OEM_MASTER'])

export interface CloseResult {
  month: string
  issued: string[]
  /** Accounts whose invoice for the month already exists (a second run changes nothing). */
  existing: number
  /** Accounts with nothing to bill (trial, a free plan without usage fees). */
  notBillable: number
  failed: Array<{ accountId: string; reason: string }>
}

const issuerView = (item: NonNullable<Awaited<ReturnType<typeof loadIssuer>>>): IssuerView => ({
  name: item.name,
  registrationNumber: item.registrationNumber,
  address: item.address,
  phone: item.phone,
  bank: {
    name: item.bankName,
    branch: item.bankBranch,
    accountType: item.bankAccountType,
    number: item.bankAccountNumber,
    holder: item.bankAccountHolder,
  },
})

const loadIssuer = async (issuerId: string) => (await BillingIssuers.get({ issuerId }).go()).data

/**
 * Who issues an account's invoice: its OEM master when that OEM bills its own users (white label),
 * else the platform.
 */
const issuerOf = async (account: Account) => {
  for (const id of [...account.ancestorIds].reverse()) {
    const item = await loadIssuer(id)
    if (item?.billsOwnUsers) return { issuerId: id, item }
  }
  return { issuerId: PLATFORM_ISSUER, item: await loadIssuer(PLATFORM_ISSUER) }
}

/** Every account, in pages (the all-accounts index). */
const allAccounts = async (): Promise<Account[]> =>
  (await Accounts.query.all({}).go({ pages: 'all' })).data as Account[]

type NewInvoice = Parameters<typeof Invoices.create>[0]

/**
 * Builds an account's invoice for `month` as it would be issued at `at`: usage from the analytics
 * counters, lines and totals from the money module, the PDF rendered once and stored with its
 * SHA-256. Nothing is recorded yet. 'notBillable' for a trial, no plan or a zero total.
 */
const prepare = async (
  account: Account,
  month: string,
  at: number,
  correcting?: Invoice,
): Promise<NewInvoice | 'notBillable'> => {
  // The plan in force in the month: a change requested in it applies from the next month's start.
  const planId = planIdAt(account, monthStart(month))
  if (!planId || planId === TRIAL_PLAN_ID) return 'notBillable'
  const plan = await planOf(account, monthStart(month))
  // Free plans (the trial, the partner plan ep_oem) are not billed: no initial fee, no usage fees.
  if (plan.price === 0) return 'notBillable'
  const usage = await accountUsage(account.accountId, month)
  const original = correcting ? (JSON.parse(correcting.document) as InvoiceDocument) : undefined
  const first = original
    ? original.first
    : !(await Invoices.query.byAccount({ accountId: account.accountId }).go({ limit: 1 })).data.length
  const planName = planNameIn(plan, 'ja')
  const { lines, planFee, licenceFee, pageViewFee } = invoiceLines({ month, plan, planName, usage, first })
  const totals = totalsOf(lines)
  if (totals.total === 0) return 'notBillable'

  const { issuerId, item: issuer } = await issuerOf(account)
  if (!issuer) throw new Error(`No billing issuer ${issuerId}`)
  if (!isRegistrationNumber(issuer.registrationNumber))
    throw new Error(`Issuer ${issuerId} has an invalid registration number`)
  const profile = (await BillingProfiles.get({ accountId: account.accountId }).go()).data
  const method = profile?.method === 'CARD' && profile.paymentMethodId ? 'CARD' : 'BANK_TRANSFER'
  const invoiceId = randomUUID()
  const number = `INV-${month.replace('-', '')}-${invoiceId.slice(0, 8).toUpperCase()}`
  const issuedDay = jstDay(at)
  // 取引年月日 is the billed month's; a correction keeps it and is due no sooner than its rule allows.
  const transactionDay = original?.transactionDay ?? transactionDayOf(month)
  const dueDate = dueDateOf(month, issuedDay, correcting)
  const doc: InvoiceDocument = {
    number,
    month,
    issuedDay,
    transactionDay,
    dueDate,
    issuer: issuerView(issuer),
    recipient: { companyName: account.companyName ?? account.email, contactName: account.contactName ?? '' },
    planId: plan.planId,
    planName,
    blocksUsed: usage.blocks,
    pageViews: usage.pageViews,
    limitAccess: plan.limitAccess,
    lines,
    totals,
    billingMethod: method,
    card: method === 'CARD' ? { chargeDay: issuedDay, last4: profile?.cardLast4 ?? '****' } : undefined,
    first,
    replaces: correcting?.number,
  }
  const pdf = await platform().documents.render({ kind: 'invoice', document: doc })
  const pdfKey = invoicePdfKey(account.accountId, invoiceId)
  await s3.send(
    new PutObjectCommand({ Bucket: mediaBucket, Key: pdfKey, Body: pdf, ContentType: 'application/pdf' }),
  )
  return {
    invoiceId,
    number,
    accountId: account.accountId,
    tenantIds: [...account.ancestorIds, account.accountId],
    month,
    issuerId,
    document: JSON.stringify(doc),
    companyName: account.companyName ?? account.email,
    planId: plan.planId,
    planName,
    blocksUsed: usage.blocks,
    pageViews: usage.pageViews,
    planFee,
    pageViewFee,
    licenceFee,
    subtotal: totals.subtotal,
    tax: totals.tax,
    total: totals.total,
    billingMethod: method,
    status: method === 'CARD' ? 'processing' : 'unpaid',
    issuedAt: at,
    dueDate,
    pdfKey,
    pdfSha256: sha256Hex(pdf),
    mailState: 'PENDING',
    ...(correcting ? { replaces: correcting.invoiceId } : {}),
  }
}

/**
 * Issues one account's invoice for `month`, unless it exists: the invoice is created with its
 * claim (`attribute_not_exists`) and its audit entry in one transaction. Returns the new invoice
 * id, 'existing', or 'notBillable'.
 */
export const closeAccount = async (
  account: Account,
  month: string,
  at: number,
): Promise<string | 'existing' | 'notBillable'> => {
  const claim = (await InvoiceClaims.get({ accountId: account.accountId, month }).go({ consistent: true }))
    .data
  if (claim) {
    // A run that stopped after issuing and before mailing: this retry mails it (once).
    await mailInvoiceIssued(claim.invoiceId)
    return 'existing'
  }
  const invoice = await prepare(account, month, at)
  if (invoice === 'notBillable') return invoice
  const result = await createWriteTransaction(
    { claims: InvoiceClaims, invoices: Invoices, audit: BillingAudit },
    (e) => [
      e.claims.create({ accountId: account.accountId, month, invoiceId: invoice.invoiceId }).commit(),
      e.invoices.create(invoice).commit(),
      e.audit
        .create({
          invoiceId: invoice.invoiceId,
          at,
          entryId: randomUUID(),
          action: 'ISSUED',
          actorId: 'closing',
          to: invoice.status,
        })
        .commit(),
    ],
  ).go()
  // Another run issued it first: its invoice stands, this PDF is never referenced.
  if (result.canceled) return 'existing'
  await mailInvoiceIssued(invoice.invoiceId)
  await collect(invoice.invoiceId)
  return invoice.invoiceId
}

/**
 * A correction (issued invoices never change): the old invoice becomes `void` and points at a new
 * one, issued from the counters as they are now, that names the old one (`replaces`). One
 * transaction, on the condition that the old one is not already replaced. Returns the new id.
 */
export const correctInvoice = async (invoiceId: string, actorId: string, at = now()): Promise<string> => {
  const old = (await Invoices.get({ invoiceId }).go({ consistent: true })).data
  if (!old) throw new NotFoundError()
  if (old.replacedBy || old.status === 'void') throw new ConflictError()
  const account = (await Accounts.get({ accountId: old.accountId }).go()).data as Account | null
  if (!account) throw new NotFoundError()
  const invoice = await prepare(account, old.month, at, old)
  if (invoice === 'notBillable') throw new ConflictError()
  // The old invoice as it reads once void: its document as issued, stamped 無効 on every page.
  const voidPdf = await platform().documents.render({
    kind: 'invoice',
    document: {
      ...(JSON.parse(old.document) as InvoiceDocument),
      voided: { day: jstDay(at), replacedBy: invoice.number },
    },
  })
  const voidPdfKey = invoicePdfKey(old.accountId, invoiceId, 'void')
  await s3.send(
    new PutObjectCommand({
      Bucket: mediaBucket,
      Key: voidPdfKey,
      Body: voidPdf,
      ContentType: 'application/pdf',
    }),
  )
  const result = await createWriteTransaction(
    { claims: InvoiceClaims, invoices: Invoices, audit: BillingAudit },
    (e) => [
      e.invoices
        .patch({ invoiceId })
        .set({
          status: 'void',
          replacedBy: invoice.invoiceId,
          voidPdfKey,
          voidPdfSha256: sha256Hex(voidPdf),
        })
        .add({ version: 1 })
        .where(
          ({ replacedBy, version }, { notExists, eq }) =>
            `${notExists(replacedBy)} AND ${eq(version, old.version)}`,
        )
        .commit(),
      e.claims
        .patch({ accountId: old.accountId, month: old.month })
        .set({ invoiceId: invoice.invoiceId })
        .commit(),
      e.invoices.create(invoice).commit(),
      e.audit
        .create({
          invoiceId,
          at,
          entryId: randomUUID(),
          action: 'VOIDED',
          actorId,
          from: old.status,
          to: 'void',
          detail: invoice.number,
        })
        .commit(),
      e.audit
        .create({
          invoiceId: invoice.invoiceId,
          at,
          entryId: randomUUID(),
          action: 'ISSUED',
          actorId,
          to: invoice.status,
          detail: `replaces ${old.number}`,
        })
        .commit(),
    ],
  ).go()
  if (result.canceled) throw new ConflictError()
  await mailInvoiceIssued(invoice.invoiceId)
  await collect(invoice.invoiceId)
  return invoice.invoiceId
}

/** Card invoices are charged once issued (payments.ts); bank transfers wait for the transfer. A provider
 * that cannot be reached leaves the invoice `processing` (logged), never unissued. */
const collect = async (invoiceId: string) => {
  try {
    await chargeInvoice(invoiceId)
  } catch (error) {
    // The invoice stands, `processing`; the provider's outcome is retried by the next charge attempt.
    logger.error('card charge could not be attempted', {
      invoiceId,
      reason: error instanceof Error ? error.message : String(error),
    })
  }
}

/**
 * The monthly closing run (issue 18, Deliver 3): one invoice per billable account for `month`.
 * Idempotent — an account whose invoice exists is skipped, so running it twice (or twice at once)
 * changes nothing. One account's failure is reported and does not stop the others.
 */
export const closeMonth = async (
  month: string,
  options: {
    at?: number
    /** Only these accounts (re-running one account's closing); every billable account by default. */
    accountIds?: readonly string[]
  } = {},
): Promise<CloseResult> => {
  const at = options.at ?? now()
  const only = options.accountIds ? new Set(options.accountIds) : undefined
  if (!MONTH_PATTERN.test(month)) throw new RangeError(`Not a month (YYYY-MM): ${month}`)
  if (monthStart(month) > at) throw new RangeError(`The month ${month} has not begun`)
  const result: CloseResult = { month, issued: [], existing: 0, notBillable: 0, failed: [] }
  const end = monthStart(nextMonth(month))
  const accounts = (await allAccounts()).filter(
    (a) =>
      (!only || only.has(a.accountId)) &&
      BILLED_TYPES.has(a.accountType) &&
      a.contractStatus !== 'TERMINATED' &&
      a.createdAt < end,
  )
  for (const account of accounts) {
    try {
      const outcome = await closeAccount(account, month, at)
      if (outcome === 'existing') result.existing++
      else if (outcome === 'notBillable') result.notBillable++
      else result.issued.push(outcome)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      logger.error('billing close failed for an account', { accountId: account.accountId, month, reason })
      result.failed.push({ accountId: account.accountId, reason })
    }
  }
  await foldPendingPlans(await allAccounts(), at)
  logger.info('billing close', {
    month,
    issued: result.issued.length,
    existing: result.existing,
    notBillable: result.notBillable,
    failed: result.failed.length,
  })
  return result
}

/**
 * Bookkeeping after the instant: a pending plan whose instant has come becomes the stored plan
 * (conditional on the pending change being the one read), so lists and filters that read the
 * stored `planId` show it. Correctness never waits for this: every rule resolves the plan by time.
 */
export const foldPendingPlans = async (accounts: readonly Account[], at: number): Promise<number> => {
  let folded = 0
  for (const account of accounts) {
    if (!account.pendingPlanId || account.pendingPlanFrom == null || account.pendingPlanFrom > at) continue
    try {
      await Accounts.patch({ accountId: account.accountId })
        .set({ planId: account.pendingPlanId })
        .remove(['pendingPlanId', 'pendingPlanFrom'])
        .add({ version: 1 })
        .where(
          ({ pendingPlanId, pendingPlanFrom }, { eq }) =>
            `${eq(pendingPlanId, account.pendingPlanId as string)} AND ${eq(pendingPlanFrom, account.pendingPlanFrom as number)}`,
        )
        .go()
      folded++
    } catch (error) {
      // Changed meanwhile (a new request folds it itself): nothing to do.
      if (!/conditional request failed/i.test(String(error))) throw error
    }
  }
  return folded
}

/** The month a scheduled run closes: the one before the run's instant (the run fires at 00:00 JST on the 1st). */
export const monthToClose = (at: number): string => {
  const month = jstDay(at).slice(0, 7)
  const [y, m] = month.split('-').map(Number) as [number, number]
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`
}
