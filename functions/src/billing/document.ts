import type { Plan } from '@swipe/shared'
import {
  BLOCK_LICENCE_YEN,
  CONTRACT_MINIMUM_MONTHS,
  INITIAL_FEE_YEN,
  type InvoiceLine,
  type InvoiceTotals,
  invoiceTotals,
  overageFee,
  STANDARD_TAX_RATE,
  viewsOver,
} from '@swipe/shared/billing/money'
import { monthStart, nextMonth } from '@swipe/shared/billing/months'
import { DAY_MS, jstDay } from '@swipe/shared/time/jst'
import type { Usage } from './usage.ts'

/** The issuer of an invoice as printed (qualified-invoice issuer). */
export interface IssuerView {
  name: string
  registrationNumber: string
  address: string
  phone?: string | undefined
  bank: { name: string; branch: string; accountType: string; number: string; holder: string }
}

/**
 * Everything an issued invoice shows, frozen at issue (stored as JSON on the invoice; the PDF is
 * rendered from it once). Money is integer yen; `totals` come from the one money module.
 */
export interface InvoiceDocument {
  number: string
  month: string
  /** YYYY-MM-DD, Japan: the day the invoice was issued (発行日). */
  issuedDay: string
  /**
   * YYYY-MM-DD, Japan: 取引年月日, the last day of the billed month (a month's service is one
   * transaction, complete at its end). A correction keeps it. Documents issued before issue 30 lack
   * it: `transactionDayOf(month)`.
   */
  transactionDay?: string | undefined
  dueDate: string
  issuer: IssuerView
  recipient: { companyName: string; contactName: string }
  planId: string
  planName: string
  blocksUsed: number
  pageViews: number
  limitAccess: number
  lines: InvoiceLine[]
  totals: InvoiceTotals
  billingMethod: 'BANK_TRANSFER' | 'CARD'
  /** Card: the day the card is charged (YYYY-MM-DD) and its last digits. */
  card?: { chargeDay: string; last4: string } | undefined
  /** Whether this is the first invoice of the contract (initial fee, contract terms). */
  first: boolean
  /** The invoice number this one corrects. */
  replaces?: string | undefined
  /**
   * Set only on the copy rendered when the invoice is voided by a correction: the day it was voided
   * and the number of the invoice that replaces it (the PDF is stamped 無効 on every page).
   */
  voided?: { day: string; replacedBy: string } | undefined
}

/** YYYY-MM as Japanese invoices write it: 2026年10月. */
export const monthLabel = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`

/** YYYY-MM-DD as Japanese invoices write it: 2026年10月31日. */
export const japaneseDay = (iso: string) =>
  iso.replace(/^(\d{4})-(\d{2})-(\d{2})$/, (_, y, m, d) => `${y}年${Number(m)}月${Number(d)}日`)

/** The last calendar day of a month (Japan), YYYY-MM-DD. */
export const lastDayOf = (month: string) => jstDay(monthStart(nextMonth(month)) - DAY_MS)

/** 取引年月日 of a month's invoice: the billed month's last day (kept by a correction). */
export const transactionDayOf = (month: string) => lastDayOf(month)

/** How long a correction leaves the customer to pay, at least, from its issue. */
export const CORRECTION_PAYMENT_DAYS = 30

const addDays = (day: string, days: number) => jstDay(Date.parse(`${day}T00:00:00+09:00`) + days * DAY_MS)

/**
 * The payment due date: the last day of the month after the billed month (月末締め翌月末払い).
 * A correction is due no earlier than that (the original's due date) and never sooner than
 * `CORRECTION_PAYMENT_DAYS` after its own issue, so a reissue is never already overdue.
 */
export const dueDateOf = (month: string, issuedDay: string, correcting?: { dueDate: string }) => {
  const usual = correcting?.dueDate ?? lastDayOf(nextMonth(month))
  if (!correcting) return usual
  const earliest = addDays(issuedDay, CORRECTION_PAYMENT_DAYS)
  // biome-ignore lint/complexity/useMathMinMax: ISO days (strings) compare as text, not numbers.
  return earliest > usual ? earliest : usual
}

/**
 * The lines of an account's invoice for a month: the plan's monthly fee; the block licence for
 * blocks beyond what the plan includes (sites × creatives per site, which only a site kept from a
 * larger plan exceeds); the page-view fee over the plan's traffic limit; and on the contract's
 * first invoice the initial fee (SPEC §9).
 */
export const invoiceLines = (input: {
  month: string
  plan: Plan
  planName: string
  usage: Usage
  first: boolean
}): { lines: InvoiceLine[]; planFee: number; licenceFee: number; pageViewFee: number } => {
  const { plan, usage, month } = input
  const included = plan.quantitySwipe * plan.quantitySite
  const extraBlocks = Math.max(0, usage.blocks - included)
  const planFee = plan.price
  const licenceFee = extraBlocks * BLOCK_LICENCE_YEN
  const pageViewFee = overageFee(usage.pageViews, plan.limitAccess, plan.limitAccessPrice)
  const rate = STANDARD_TAX_RATE
  const lines: InvoiceLine[] = [
    {
      kind: 'plan',
      description: `${input.planName} 月額利用料（${monthLabel(month)}分）`,
      amount: planFee,
      taxRate: rate,
    },
    {
      kind: 'blockLicence',
      description: `ブロックライセンス料（利用 ${usage.blocks} ブロック／プラン内 ${included} ブロック）`,
      amount: licenceFee,
      taxRate: rate,
    },
    {
      kind: 'pageViews',
      description: `PV従量料金（${usage.pageViews.toLocaleString('en-US')} PV、上限超過 ${viewsOver(usage.pageViews, plan.limitAccess).toLocaleString('en-US')} PV）`,
      amount: pageViewFee,
      taxRate: rate,
    },
  ]
  if (input.first)
    lines.push({ kind: 'initialFee', description: '初期費用', amount: INITIAL_FEE_YEN, taxRate: rate })
  return { lines, planFee, licenceFee, pageViewFee }
}

export const totalsOf = (lines: readonly InvoiceLine[]) => invoiceTotals(lines)

/** The notes printed under the totals. */
export const notesOf = (doc: InvoiceDocument): string[] => {
  const notes: string[] = []
  if (doc.voided)
    notes.push(
      `本請求書は${japaneseDay(doc.voided.day)}に請求書番号 ${doc.voided.replacedBy} により訂正され、無効です。お支払いは訂正後の請求書でお願いいたします。`,
    )
  if (doc.billingMethod === 'CARD' && doc.card)
    notes.push(
      `ご登録のクレジットカード（末尾 ${doc.card.last4}）にて ${japaneseDay(doc.card.chargeDay)} に決済いたします。お振込みは不要です。`,
    )
  // The bank details are printed above the notes, under 「お振込先」.
  else
    notes.push(
      `お支払期限（${japaneseDay(doc.dueDate)}）までに、上記「お振込先」の口座へお振込みください。振込手数料はご負担ください。`,
    )
  if (doc.first)
    notes.push(
      `ご契約期間は最低${CONTRACT_MINIMUM_MONTHS}か月です（期間中の途中解約はできません）。初回のみ初期費用を含みます。`,
    )
  notes.push('消費税は税率ごとに合計した金額に対して計算し、1円未満を切り捨てています。')
  if (doc.replaces)
    notes.push(`本請求書は請求書番号 ${doc.replaces} を訂正するものです（同請求書は無効です）。`)
  return notes
}
