import type { Locale } from '@swipe/shared'
import type { InvoiceTotals } from '@swipe/shared/billing/money'
import { planNameIn } from '@swipe/shared/plan-names'
import { jstDay } from '@swipe/shared/time/jst'
import type { Invoice } from '#data/billing'
import { type InvoiceDocument, transactionDayOf } from './document.ts'

/** What the row shows beyond the stored columns: the document's initial fee and per-rate tax. */
const documentParts = (invoice: Invoice) => {
  const doc = JSON.parse(invoice.document) as Partial<InvoiceDocument>
  const initialFee = (doc.lines ?? [])
    .filter((line) => line.kind === 'initialFee')
    .reduce((sum, line) => sum + line.amount, 0)
  const byRate: InvoiceTotals['byRate'] = doc.totals?.byRate ?? []
  return { initialFee, byRate, transactionDay: doc.transactionDay ?? transactionDayOf(invoice.month) }
}

/**
 * The plan's name in `locale`. The invoice stores the name as printed, a built-in plan's Japanese
 * name (`プロ（多言語）`), which is not the catalogue's stored name (`プロ 多言語`): recognised as
 * the built-in plan's, it is named in the reader's language; a plan named in plan management
 * keeps its name.
 */
const planNameOf = (invoice: Pick<Invoice, 'planId' | 'planName'>, locale: Locale) =>
  invoice.planName === planNameIn({ planId: invoice.planId }, 'ja')
    ? planNameIn({ planId: invoice.planId }, locale)
    : planNameIn({ planId: invoice.planId, name: invoice.planName }, locale)

/**
 * A payment row as the API shows it (SPEC §2 payment list, §3 Payment row): the plan's name in
 * the caller's language (the stored one is the invoice's Japanese), every amount the invoice adds
 * up (plan, page views, licence, initial fee; tax per rate), and the force-complete's audit —
 * whose email only platform staff (`staff`) see.
 */
export const billView = (invoice: Invoice, locale: Locale, staff = false) => {
  const { initialFee, byRate, transactionDay } = documentParts(invoice)
  return {
    id: invoice.invoiceId,
    number: invoice.number,
    accountId: invoice.accountId,
    companyName: invoice.companyName ?? null,
    month: invoice.month,
    planId: invoice.planId,
    planName: planNameOf(invoice, locale),
    blocksUsed: invoice.blocksUsed,
    planFee: invoice.planFee,
    pageViewFee: invoice.pageViewFee,
    licenceFee: invoice.licenceFee,
    subtotal: invoice.subtotal,
    tax: invoice.tax,
    total: invoice.total,
    billingMethod: invoice.billingMethod,
    status: invoice.status,
    issuedAt: new Date(invoice.issuedAt).toISOString(),
    dueDate: invoice.dueDate,
    replaces: invoice.replaces ?? null,
    replacedBy: invoice.replacedBy ?? null,
    issuedDay: issuedDayOf(invoice),
    transactionDay,
    initialFee,
    taxByRate: byRate.map(({ taxRate, taxable, tax }) => ({ taxRate, taxable, tax })),
    forceCompleted:
      invoice.forcedAt != null
        ? {
            at: new Date(invoice.forcedAt).toISOString(),
            by: staff ? (invoice.forcedBy ?? null) : null,
            reason: invoice.forcedReason ?? null,
          }
        : null,
  }
}

export const issuedDayOf = (invoice: Pick<Invoice, 'issuedAt'>) => jstDay(invoice.issuedAt)
