import { jstDay } from '@swipe/shared/time/jst'
import type { Invoice } from '#data/billing'

/** A payment row as the API shows it (SPEC §2 payment list, §3 Payment row). */
export const billView = (invoice: Invoice) => ({
  id: invoice.invoiceId,
  number: invoice.number,
  accountId: invoice.accountId,
  companyName: invoice.companyName ?? null,
  month: invoice.month,
  planId: invoice.planId,
  planName: invoice.planName,
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
})

export const issuedDayOf = (invoice: Pick<Invoice, 'issuedAt'>) => jstDay(invoice.issuedAt)
