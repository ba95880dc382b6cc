import { Entity, type EntityItem } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

const PAYMENT_STATUSES = ['paid', 'unpaid', 'processing', 'void', 'completed', 'failed'] as const
const BILLING_METHODS = ['BANK_TRANSFER', 'CARD'] as const

/**
 * An issued invoice and its payment (SPEC §3 Payment row and invoice; issue 18). Money is integer
 * yen. Once issued its amounts, lines and PDF never change: only the payment status moves, and a
 * correction voids it (`replacedBy`) and issues a new invoice that `replaces` it. The PDF as issued
 * is stored in the media bucket with its SHA-256 (kept 7 years: docs/decisions/0034-billing.md).
 */
export const Invoices = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'invoice', version: '1', service: SERVICE },
        attributes: {
          invoiceId: { type: 'string', required: true, readOnly: true },
          /** `INV-YYYYMM-` and 8 characters of the id: what the PDF and the list show. */
          number: { type: 'string', required: true, readOnly: true },
          accountId: { type: 'string', required: true, readOnly: true },
          /** The billed account's ancestors and itself: the tenant check. */
          tenantIds: { type: 'list', items: { type: 'string' }, required: true, readOnly: true },
          /** The billing month in Japan, YYYY-MM. */
          month: { type: 'string', required: true, readOnly: true },
          /** The issuer: `PLATFORM` or the OEM master that bills its own users (white label). */
          issuerId: { type: 'string', required: true, readOnly: true },
          /** Everything the PDF shows, frozen at issue: recipient, issuer, lines, totals (JSON). */
          document: { type: 'string', required: true, readOnly: true },
          companyName: { type: 'string' },
          planId: { type: 'string', required: true, readOnly: true },
          planName: { type: 'string', required: true, readOnly: true },
          blocksUsed: { type: 'number', required: true, readOnly: true },
          pageViews: { type: 'number', required: true, readOnly: true },
          planFee: { type: 'number', required: true, readOnly: true },
          pageViewFee: { type: 'number', required: true, readOnly: true },
          licenceFee: { type: 'number', required: true, readOnly: true },
          subtotal: { type: 'number', required: true, readOnly: true },
          tax: { type: 'number', required: true, readOnly: true },
          total: { type: 'number', required: true, readOnly: true },
          billingMethod: { type: BILLING_METHODS, required: true, readOnly: true },
          status: { type: PAYMENT_STATUSES, required: true },
          issuedAt: { type: 'number', required: true, readOnly: true },
          /** YYYY-MM-DD (Japan). */
          dueDate: { type: 'string', required: true, readOnly: true },
          pdfKey: { type: 'string', required: true, readOnly: true },
          pdfSha256: { type: 'string', required: true, readOnly: true },
          replaces: { type: 'string', readOnly: true },
          replacedBy: { type: 'string' },
          /** The payment provider's charge (card), for the webhook. */
          chargeId: { type: 'string' },
          /**
           * The PDF as it reads once void (the document as issued, stamped 無効 on every page): rendered
           * and stored by the correction that voids it; the list's download serves it from then on.
           */
          voidPdfKey: { type: 'string' },
          voidPdfSha256: { type: 'string' },
          /**
           * The issue mail (issue 30): `PENDING` when issued, `SENT` once mailed. The closing run (and its
           * retries) mails only a `PENDING` invoice, claiming it by a conditional write first, so a retry
           * never mails twice. Invoices issued before this have neither and are never mailed.
           */
          mailState: { type: ['PENDING', 'SENT'] as const },
          mailedAt: { type: 'number' },
          /** The force-complete (SPEC §4), as the audit has it: when, the staff member's email and why. */
          forcedAt: { type: 'number' },
          forcedBy: { type: 'string' },
          forcedReason: { type: 'string' },
          updatedAt: {
            type: 'number',
            required: true,
            default: () => Date.now(),
            watch: '*',
            set: () => Date.now(),
          },
          version: { type: 'number', required: true, default: 1 },
        },
        indexes: {
          byId: {
            pk: { field: 'pk', composite: ['invoiceId'] },
            sk: { field: 'sk', composite: [] },
          },
          /** An account's invoices by month (プラン確認). */
          byAccount: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['accountId'] },
            sk: { field: 'gsi1sk', composite: ['month', 'invoiceId'] },
          },
          /** Every invoice by month (the payment list of staff; an OEM's is filtered by tenant). */
          byMonth: {
            index: 'gsi4',
            pk: { field: 'gsi4pk', composite: [] },
            sk: { field: 'gsi4sk', composite: ['month', 'invoiceId'] },
          },
        },
      },
      entityConfig,
    ),
)
export type Invoice = EntityItem<typeof Invoices>

/**
 * "This account's invoice for this month exists": created in the same transaction as the
 * invoice, on the condition that it does not exist, so a closing run that runs twice (or two runs
 * at once) issues one invoice per account and month. A correction points it at the new invoice.
 */
export const InvoiceClaims = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'invoiceClaim', version: '1', service: SERVICE },
        attributes: {
          accountId: { type: 'string', required: true, readOnly: true },
          month: { type: 'string', required: true, readOnly: true },
          invoiceId: { type: 'string', required: true },
          /**
           * The close run that issued it (functions/src/billing/close.ts): a retried job of that run
           * finds its own claim and reports the invoice as issued, not as already there.
           */
          runId: { type: 'string' },
        },
        indexes: {
          byAccountMonth: {
            pk: { field: 'pk', composite: ['accountId', 'month'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      entityConfig,
    ),
)

/** The audit history of payments: force-completes, charges, failures, corrections (never edited). */
export const BillingAudit = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'billingAudit', version: '1', service: SERVICE },
        attributes: {
          invoiceId: { type: 'string', required: true, readOnly: true },
          at: { type: 'number', required: true, readOnly: true },
          entryId: { type: 'string', required: true, readOnly: true },
          action: {
            type: ['ISSUED', 'FORCE_COMPLETE', 'CHARGE_SUCCEEDED', 'CHARGE_FAILED', 'VOIDED'] as const,
            required: true,
            readOnly: true,
          },
          actorId: { type: 'string', required: true, readOnly: true },
          from: { type: 'string' },
          to: { type: 'string' },
          detail: { type: 'string' },
        },
        indexes: {
          byInvoice: {
            pk: { field: 'pk', composite: ['invoiceId'] },
            sk: { field: 'sk', composite: ['at', 'entryId'] },
          },
        },
      },
      entityConfig,
    ),
)

/**
 * Who issues invoices (qualified-invoice issuer): `PLATFORM` (the operator) or an OEM master that
 * bills its own users (white label), with its registration number and bank details.
 */
export const BillingIssuers = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'billingIssuer', version: '1', service: SERVICE },
        attributes: {
          issuerId: { type: 'string', required: true, readOnly: true },
          name: { type: 'string', required: true },
          /** T + 13 digits with the corporate number's check digit (`isRegistrationNumber`). */
          registrationNumber: { type: 'string', required: true },
          address: { type: 'string', required: true },
          phone: { type: 'string' },
          bankName: { type: 'string', required: true },
          bankBranch: { type: 'string', required: true },
          bankAccountType: { type: 'string', required: true },
          bankAccountNumber: { type: 'string', required: true },
          bankAccountHolder: { type: 'string', required: true },
          /** An OEM master's: it bills its own users (they get its invoices, not the platform's). */
          billsOwnUsers: { type: 'boolean', required: true, default: false },
        },
        indexes: {
          byId: {
            pk: { field: 'pk', composite: ['issuerId'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      entityConfig,
    ),
)

/** How an account pays: bank transfer (default) or card, with the provider's customer and card. */
export const BillingProfiles = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'billingProfile', version: '1', service: SERVICE },
        attributes: {
          accountId: { type: 'string', required: true, readOnly: true },
          method: { type: BILLING_METHODS, required: true, default: 'BANK_TRANSFER' },
          customerId: { type: 'string' },
          paymentMethodId: { type: 'string' },
          /** Shown on the invoice: "charged to the card on the …th". */
          cardLast4: { type: 'string' },
          /** The saved card's summary (never its number), as the provider reports it. */
          cardBrand: { type: 'string' },
          cardExpMonth: { type: 'number' },
          cardExpYear: { type: 'number' },
          /** When the card was saved through the console (its setup session completed). */
          cardSavedAt: { type: 'number' },
          /** The last setup session applied: a repeated webhook or return changes nothing. */
          setupSessionId: { type: 'string' },
        },
        indexes: {
          byId: {
            pk: { field: 'pk', composite: ['accountId'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      entityConfig,
    ),
)

/**
 * One run of the monthly close (docs/decisions/0072-close-fans-out.md): the coordinator records how
 * many accounts it started a `billing.closeAccount` job for; each job adds 1 to `settled` once its
 * account's outcome is final (done, or failed on its last attempt), in the same transaction as
 * that outcome, so the run is over when `settled` reaches `total`.
 */
export const CloseRuns = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'closeRun', version: '1', service: SERVICE },
        attributes: {
          runId: { type: 'string', required: true, readOnly: true },
          month: { type: 'string', required: true, readOnly: true },
          /** The instant the run issues at: the invoices' issue day. */
          at: { type: 'number', required: true, readOnly: true },
          total: { type: 'number', required: true, readOnly: true },
          settled: { type: 'number', required: true, default: 0 },
        },
        indexes: {
          byId: {
            pk: { field: 'pk', composite: ['runId'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      entityConfig,
    ),
)

const CLOSE_OUTCOMES = ['issued', 'existing', 'notBillable', 'failed'] as const
export type CloseOutcomeKind = (typeof CLOSE_OUTCOMES)[number]

/**
 * One account's outcome in a close run: written by its job on each attempt, `settled` once final
 * (a failure before the last attempt is overwritten by the next). The run's result is one query.
 */
export const CloseOutcomes = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'closeOutcome', version: '1', service: SERVICE },
        attributes: {
          runId: { type: 'string', required: true, readOnly: true },
          accountId: { type: 'string', required: true, readOnly: true },
          outcome: { type: CLOSE_OUTCOMES, required: true },
          /** The invoice an `issued` outcome issued. */
          invoiceId: { type: 'string' },
          /** Why a `failed` outcome failed. */
          reason: { type: 'string' },
          /** The job's attempt that wrote it. */
          attempt: { type: 'number', required: true },
          settled: { type: 'boolean', required: true },
        },
        indexes: {
          byRun: {
            pk: { field: 'pk', composite: ['runId'] },
            sk: { field: 'sk', composite: ['accountId'] },
          },
        },
      },
      entityConfig,
    ),
)
