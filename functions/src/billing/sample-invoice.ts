import { invoiceTotals } from '@swipe/shared/billing/money'
import type { InvoiceDocument } from './document.ts'

/**
 * A qualified invoice as the closing run builds it (tests and the bundle check render it): the
 * platform as issuer, the demo company as recipient, a month of the standard plan.
 */
export const sampleInvoice = (
  number: string,
  lines: InvoiceDocument['lines'] = [
    { kind: 'plan', description: 'スタンダード 月額利用料（2026年11月分）', amount: 29_800, taxRate: 10 },
    { kind: 'pageViews', description: 'PV従量料金', amount: 300, taxRate: 10 },
  ],
): InvoiceDocument => ({
  number,
  month: '2026-11',
  issuedDay: '2026-12-01',
  dueDate: '2026-12-31',
  issuer: {
    name: '株式会社スワイプ',
    registrationNumber: 'T7000012050002',
    address: '東京都千代田区霞が関3-1-1',
    bank: {
      name: 'みずほ銀行',
      branch: '東京営業部',
      accountType: '普通',
      number: '1234567',
      holder: 'カ）スワイプ',
    },
  },
  recipient: { companyName: '株式会社デモ', contactName: '' },
  planId: 'standard',
  planName: 'スタンダード',
  blocksUsed: 9,
  pageViews: 52_300,
  limitAccess: 50_000,
  lines,
  totals: invoiceTotals(lines),
  billingMethod: 'BANK_TRANSFER',
  first: false,
})
