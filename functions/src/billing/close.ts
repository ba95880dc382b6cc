import { randomUUID } from 'node:crypto'
import { PutObjectCommand } from '@aws-sdk/client-s3'
import { TRIAL_PLAN_ID } from '@swipe/shared'
import { isRegistrationNumber } from '@swipe/shared/billing/money'
import { MONTH_PATTERN, monthStart, nextMonth, planIdAt } from '@swipe/shared/billing/months'
import { jobs as runtimeJobs } from '@swipe/shared/contract/runtime'
import { planNameIn } from '@swipe/shared/plan-names'
import { jstDay } from '@swipe/shared/time/jst'
import { createWriteTransaction } from 'electrodb'
import { type Account, Accounts } from '#data/accounts'
import {
  BillingAudit,
  BillingIssuers,
  BillingProfiles,
  type CloseOutcomeKind,
  CloseOutcomes,
  CloseRuns,
  type Invoice,
  InvoiceClaims,
  Invoices,
} from '#data/billing'
import { isConditionFailure } from '#data/service'
import { planOf } from '#domain/plans'
import { ConflictError, NotFoundError } from '#edge/errors'
import { platform } from '#platform'
import { now } from '#platform/services/clock'
import { runJobs } from '#platform/services/jobs'
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
 * What the accounts of one close run share, read once per run (and per process) instead of once per
 * account: the issuers (an OEM's is every one of its users' ancestor) and the plans. A new run reads
 * them afresh, so an issuer or plan changed between runs is seen by the next.
 */
export interface RunReads {
  runId: string
  issuer(issuerId: string): ReturnType<typeof loadIssuer>
  plan(account: Account, at: number): ReturnType<typeof planOf>
}

const memo = <T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> => {
  let found = cache.get(key)
  if (!found) {
    // A failed read is not kept: the job's next attempt reads again.
    found = load().catch((error: unknown) => {
      cache.delete(key)
      throw error
    })
    cache.set(key, found)
  }
  return found
}

let shared: RunReads | undefined
/** The reads of run `runId`: the same object for every job of the run this process runs. */
export const runReads = (runId: string): RunReads => {
  if (shared?.runId === runId) return shared
  const issuers = new Map<string, ReturnType<typeof loadIssuer>>()
  const plans = new Map<string, ReturnType<typeof planOf>>()
  shared = {
    runId,
    issuer: (issuerId) => memo(issuers, issuerId, () => loadIssuer(issuerId)),
    // planOf reads the plan in force at `at`, or the account type's fallback: the key is both.
    plan: (account, at) =>
      memo(plans, `${planIdAt(account, at) ?? ''}|${account.accountType}`, () => planOf(account, at)),
  }
  return shared
}

/** Reads made afresh: a close outside a run (a correction). */
const freshReads = (): RunReads => ({
  runId: '',
  issuer: loadIssuer,
  plan: (account, at) => planOf(account, at),
})

/**
 * Who issues an account's invoice: its OEM master when that OEM bills its own users (white label),
 * else the platform.
 */
const issuerOf = async (account: Account, reads: RunReads) => {
  for (const id of [...account.ancestorIds].reverse()) {
    const item = await reads.issuer(id)
    if (item?.billsOwnUsers) return { issuerId: id, item }
  }
  return { issuerId: PLATFORM_ISSUER, item: await reads.issuer(PLATFORM_ISSUER) }
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
  reads: RunReads = freshReads(),
): Promise<NewInvoice | 'notBillable'> => {
  // The plan in force in the month: a change requested in it applies from the next month's start.
  const planId = planIdAt(account, monthStart(month))
  if (!planId || planId === TRIAL_PLAN_ID) return 'notBillable'
  const plan = await reads.plan(account, monthStart(month))
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

  const { issuerId, item: issuer } = await issuerOf(account, reads)
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
 * id, 'existing', or 'notBillable'. Within a close run (`reads`), a claim the same run made (an
 * earlier attempt of this account's job) answers its invoice id: issued by this run, not before.
 */
export const closeAccount = async (
  account: Account,
  month: string,
  at: number,
  reads: RunReads = freshReads(),
): Promise<string | 'existing' | 'notBillable'> => {
  const claim = (await InvoiceClaims.get({ accountId: account.accountId, month }).go({ consistent: true }))
    .data
  if (claim) {
    // A run that stopped after issuing and before mailing: this retry mails it (once). Within a
    // run, a mail that cannot be sent fails the job: the queue's next delivery mails it.
    await mailInvoiceIssued(claim.invoiceId, { throwOnFailure: !!reads.runId })
    return reads.runId && claim.runId === reads.runId ? claim.invoiceId : 'existing'
  }
  const invoice = await prepare(account, month, at, undefined, reads)
  if (invoice === 'notBillable') return invoice
  const result = await createWriteTransaction(
    { claims: InvoiceClaims, invoices: Invoices, audit: BillingAudit },
    (e) => [
      e.claims
        .create({
          accountId: account.accountId,
          month,
          invoiceId: invoice.invoiceId,
          ...(reads.runId ? { runId: reads.runId } : {}),
        })
        .commit(),
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
  // The invoice and account as just written and read: the mail reads neither again. A card is
  // charged (a bank transfer waits for the transfer) even when the mail fails the job: its next
  // delivery finds the claim and only mails.
  try {
    await mailInvoiceIssued(invoice.invoiceId, {
      known: { invoice, account },
      throwOnFailure: !!reads.runId,
    })
  } finally {
    if (invoice.billingMethod === 'CARD') await collect(invoice.invoiceId)
  }
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

/** Who may be billed for `month`: contract holders, not terminated, created before the month ended. */
const billedIn = (account: Account, month: string) =>
  BILLED_TYPES.has(account.accountType) &&
  account.contractStatus !== 'TERMINATED' &&
  account.createdAt < monthStart(nextMonth(month))

/**
 * The monthly close's coordinator (issue 18, Deliver 3; docs/decisions/0072-close-fans-out.md):
 * lists the accounts billed in `month` (one paged read of the all-accounts index), records the run
 * (`CloseRuns`: how many) and starts one `billing.closeAccount` job per account, which the runtime
 * table runs through a queue (SQS and the billing jobs Lambda on AWS: at most its `concurrency` at
 * once, each retried until its `maxAttempts`). It waits for none of them. Accounts it does not close
 * have their due pending plan folded here; a closed one's is folded by its job, after its invoice.
 */
export const startClose = async (
  month: string,
  options: {
    at?: number
    /** Only these accounts (re-running one account's closing); every billable account by default. */
    accountIds?: readonly string[]
  } = {},
): Promise<{ runId: string; total: number }> => {
  const at = options.at ?? now()
  const only = options.accountIds ? new Set(options.accountIds) : undefined
  if (!MONTH_PATTERN.test(month)) throw new RangeError(`Not a month (YYYY-MM): ${month}`)
  if (monthStart(month) > at) throw new RangeError(`The month ${month} has not begun`)
  const runId = randomUUID()
  const all = (await allAccounts()).filter((a) => !only || only.has(a.accountId))
  const closing = all.filter((a) => billedIn(a, month))
  await CloseRuns.create({ runId, month, at, total: closing.length, settled: 0 }).go()
  await foldPendingPlans(
    all.filter((a) => !billedIn(a, month)),
    at,
  )
  await runJobs(
    closing.map((account) => ({
      context: 'billing' as const,
      type: 'closeAccount',
      id: `${runId}:${account.accountId}`,
      input: { runId, month, accountId: account.accountId, at: String(at) },
    })),
  )
  logger.info('billing close started', { month, runId, accounts: closing.length })
  return { runId, total: closing.length }
}

/** The attempts a `billing.closeAccount` job has (the runtime table's queue). */
const CLOSE_ATTEMPTS = runtimeJobs['billing.closeAccount'].queue.maxAttempts

/**
 * Records an account's outcome in its run. A settled outcome (final: done, or failed on the last
 * attempt) adds 1 to the run's `settled` in the same transaction, on the condition that the account
 * had none settled yet: a message SQS delivers twice counts once.
 */
const recordOutcome = async (
  runId: string,
  accountId: string,
  outcome: { outcome: CloseOutcomeKind; invoiceId?: string; reason?: string },
  attempt: number,
  settled: boolean,
) => {
  const item = { runId, accountId, ...outcome, attempt, settled }
  if (!settled) {
    await CloseOutcomes.put(item)
      .where((a, { notExists, eq }) => `${notExists(a.settled)} OR ${eq(a.settled, false)}`)
      .go()
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error
      })
    return
  }
  await createWriteTransaction({ outcomes: CloseOutcomes, runs: CloseRuns }, (e) => [
    e.outcomes
      .put(item)
      .where((a, { notExists, eq }) => `${notExists(a.settled)} OR ${eq(a.settled, false)}`)
      .commit(),
    e.runs.patch({ runId }).add({ settled: 1 }).commit(),
  ]).go()
}

/**
 * The `billing.closeAccount` job: one account's close in run `runId` — its invoice (`closeAccount`:
 * once, whatever the attempts), then its due pending plan folded — and its outcome recorded. A
 * failure is recorded and thrown, so that the queue delivers the job again; on its last attempt
 * (`attempt` none: not from a queue) the failure is the account's outcome in the run.
 */
export const closeAccountJob = async (
  input: { runId: string; month: string; accountId: string; at: string },
  attempt: number = CLOSE_ATTEMPTS,
): Promise<void> => {
  const { runId, month, accountId } = input
  const at = Number(input.at)
  try {
    const account = (await Accounts.get({ accountId }).go({ consistent: true })).data as Account | null
    if (!account) throw new Error(`No account ${accountId}`)
    const outcome = await closeAccount(account, month, at, runReads(runId))
    await foldPendingPlans([account], at)
    await recordOutcome(
      runId,
      accountId,
      outcome === 'existing' || outcome === 'notBillable'
        ? { outcome }
        : { outcome: 'issued', invoiceId: outcome },
      attempt,
      true,
    )
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    const last = attempt >= CLOSE_ATTEMPTS
    logger.error('billing close failed for an account', { accountId, month, runId, attempt, last, reason })
    await recordOutcome(runId, accountId, { outcome: 'failed', reason }, attempt, last)
    throw error
  }
}

/** A run's result as its outcomes have it (one query), and whether every account is settled. */
export const closeResult = async (runId: string): Promise<CloseResult & { settled: boolean }> => {
  const run = (await CloseRuns.get({ runId }).go({ consistent: true })).data
  if (!run) throw new NotFoundError()
  const { data } = await CloseOutcomes.query.byRun({ runId }).go({ pages: 'all', consistent: true })
  const result: CloseResult = { month: run.month, issued: [], existing: 0, notBillable: 0, failed: [] }
  for (const item of data) {
    if (!item.settled) continue
    if (item.outcome === 'issued' && item.invoiceId) result.issued.push(item.invoiceId)
    else if (item.outcome === 'existing') result.existing++
    else if (item.outcome === 'notBillable') result.notBillable++
    else if (item.outcome === 'failed')
      result.failed.push({ accountId: item.accountId, reason: item.reason ?? '' })
  }
  return { ...result, settled: run.settled >= run.total }
}

/** How often `closeMonth` reads the run while it waits: one consistent read of one item. */
const POLL_MS = 25

/**
 * The monthly close, waited for (the operator script, the seed, tests): `startClose`, then the run
 * read until every account is settled, and its result. Idempotent — an account whose invoice
 * exists is skipped, so running it twice (or twice at once) changes nothing. One account's failure
 * is reported and does not stop the others. The schedule's job does not wait (`billing.close`).
 */
export const closeMonth = async (
  month: string,
  options: { at?: number; accountIds?: readonly string[] } = {},
): Promise<CloseResult> => {
  const { runId } = await startClose(month, options)
  for (;;) {
    const run = (await CloseRuns.get({ runId }).go({ consistent: true })).data
    if (run && run.settled >= run.total) break
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
  const { settled: _settled, ...result } = await closeResult(runId)
  logger.info('billing close', {
    month,
    runId,
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
