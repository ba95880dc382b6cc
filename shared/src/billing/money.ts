/**
 * Money (ARCHITECTURE decision 8; issue 18): every amount is an integer number of yen, and tax is
 * computed here and nowhere else.
 *
 * The rounding rule (qualified-invoice system, 適格請求書): consumption tax is computed ONCE per
 * invoice per tax rate, on the sum of that rate's amounts excluding tax, and rounded DOWN to the
 * yen (切り捨て). Lines never carry their own rounded tax: three lines of ¥105 at 10 % are ¥315,
 * tax ¥31 (31.5 rounded down), not 3 × ¥10 = ¥30.
 */

/** The rates this product bills at, in percent (the standard rate; the reduced 8 % is for food). */
export const TAX_RATES = [10, 8] as const
export type TaxRate = (typeof TAX_RATES)[number]
export const STANDARD_TAX_RATE: TaxRate = 10

/** The one-off initial fee of a contract, excluding tax (SPEC §9). */
export const INITIAL_FEE_YEN = 100_000
/** The contract minimum in months (SPEC §9): no early termination. */
export const CONTRACT_MINIMUM_MONTHS = 12
/**
 * The block licence: a month's fee per block (grid cell) beyond what the plan includes (its sites ×
 * creatives per site). Only sites kept from a larger plan after a downgrade exceed it.
 */
export const BLOCK_LICENCE_YEN = 1_000
/** Page views per overage block: the plan's `limitAccessPrice` is per started 1,000 views. */
export const OVERAGE_BLOCK_VIEWS = 1_000

const assertYen = (value: number, what: string) => {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be integer yen, got ${value}`)
}

/** One line of an invoice: an amount excluding tax, at a rate. */
export interface InvoiceLine {
  /** What the line is for (`plan`, `blockLicence`, `pageViews`, `initialFee`, …). */
  kind: string
  description: string
  /** Integer yen, excluding tax. */
  amount: number
  taxRate: TaxRate
}

/** One rate's part of an invoice: what the qualified invoice must show per rate. */
export interface RateTotal {
  taxRate: TaxRate
  /** The sum of the rate's lines, excluding tax. */
  taxable: number
  /** The rate's tax: `floor(taxable × rate / 100)`, once. */
  tax: number
}

export interface InvoiceTotals {
  subtotal: number
  byRate: RateTotal[]
  tax: number
  total: number
}

/** The tax of one rate's taxable sum, rounded down once (integer arithmetic, no float drift). */
export const taxOf = (taxable: number, rate: TaxRate): number => {
  assertYen(taxable, 'taxable')
  return Math.floor((taxable * rate) / 100)
}

/** Subtotal, tax per rate (once per rate) and total of an invoice's lines. */
export const invoiceTotals = (lines: readonly Pick<InvoiceLine, 'amount' | 'taxRate'>[]): InvoiceTotals => {
  const taxable = new Map<TaxRate, number>()
  for (const line of lines) {
    assertYen(line.amount, 'amount')
    taxable.set(line.taxRate, (taxable.get(line.taxRate) ?? 0) + line.amount)
  }
  const byRate = TAX_RATES.filter((rate) => taxable.has(rate)).map((rate) => {
    const sum = taxable.get(rate) ?? 0
    return { taxRate: rate, taxable: sum, tax: taxOf(sum, rate) }
  })
  const subtotal = byRate.reduce((sum, r) => sum + r.taxable, 0)
  const tax = byRate.reduce((sum, r) => sum + r.tax, 0)
  return { subtotal, byRate, tax, total: subtotal + tax }
}

/**
 * The page-view fee of a month: each started block of 1,000 views over the plan's limit costs the
 * plan's `limitAccessPrice`. At the limit nothing; one view over, one block.
 */
export const overageFee = (views: number, limitAccess: number, limitAccessPrice: number): number => {
  assertYen(limitAccessPrice, 'limitAccessPrice')
  const over = views - limitAccess
  if (over <= 0) return 0
  return Math.ceil(over / OVERAGE_BLOCK_VIEWS) * limitAccessPrice
}

/** How many views over the limit a month had (0 at or below it). */
export const viewsOver = (views: number, limitAccess: number): number => Math.max(0, views - limitAccess)

/**
 * A qualified-invoice issuer registration number: `T` and the 13 digits of the corporate number,
 * whose first digit is the check digit: 9 − (Σ Pn × Qn mod 9) over the other 12 digits Pn counted
 * from the right, Qn = 1 for odd n and 2 for even n (National Tax Agency, 法人番号の指定).
 */
export const isRegistrationNumber = (value: string): boolean => {
  const match = /^T([0-9])([0-9]{12})$/.exec(value)
  if (!match) return false
  const [, check, base] = match as unknown as [string, string, string]
  let sum = 0
  for (let n = 1; n <= 12; n++) {
    const digit = Number(base[12 - n])
    sum += digit * (n % 2 === 1 ? 1 : 2)
  }
  return Number(check) === 9 - (sum % 9)
}

/** Yen as the invoice shows it: `¥1,234`. */
export const formatYen = (yen: number): string => `¥${yen.toLocaleString('en-US')}`
