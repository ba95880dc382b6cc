import { describe, expect, it } from 'vitest'
import { invoiceTotals, isRegistrationNumber, overageFee, taxOf } from './money.ts'
import { daysOf, jstMonth, monthStart, planChangeInstant, planIdAt } from './months.ts'

describe('tax, once per invoice per rate', () => {
  it('taxes three ¥105 lines at 10 % as ¥31, not 3 × ¥10', () => {
    const line = { amount: 105, taxRate: 10 as const }
    expect(invoiceTotals([line, line, line])).toEqual({
      subtotal: 315,
      byRate: [{ taxRate: 10, taxable: 315, tax: 31 }],
      tax: 31,
      total: 346,
    })
  })

  it('rounds each rate once, down, and adds the rates', () => {
    expect(
      invoiceTotals([
        { amount: 105, taxRate: 10 },
        { amount: 999, taxRate: 8 },
        { amount: 1, taxRate: 8 },
        { amount: 29_800, taxRate: 10 },
      ]),
    ).toEqual({
      subtotal: 30_905,
      byRate: [
        { taxRate: 10, taxable: 29_905, tax: 2_990 },
        { taxRate: 8, taxable: 1_000, tax: 80 },
      ],
      tax: 3_070,
      total: 33_975,
    })
    expect(taxOf(9, 10)).toBe(0)
    expect(taxOf(10, 10)).toBe(1)
  })

  it('refuses amounts that are not integer yen', () => {
    expect(() => invoiceTotals([{ amount: 10.5, taxRate: 10 }])).toThrow(RangeError)
    expect(() => taxOf(Number.NaN, 10)).toThrow(RangeError)
  })
})

describe('registration number (T + corporate number with its check digit)', () => {
  it('accepts T7000012050002', () => {
    expect(isRegistrationNumber('T7000012050002')).toBe(true)
  })

  it('refuses a mutated number, a wrong check digit and wrong shapes', () => {
    expect(isRegistrationNumber('T7000012050003')).toBe(false)
    expect(isRegistrationNumber('T6000012050002')).toBe(false)
    expect(isRegistrationNumber('7000012050002')).toBe(false)
    expect(isRegistrationNumber('T700001205000')).toBe(false)
    expect(isRegistrationNumber('T70000120500021')).toBe(false)
    expect(isRegistrationNumber('t7000012050002')).toBe(false)
  })
})

describe('page-view overage', () => {
  it('is nothing at the limit and one block one view over', () => {
    expect(overageFee(50_000, 50_000, 100)).toBe(0)
    expect(overageFee(50_001, 50_000, 100)).toBe(100)
    expect(overageFee(51_000, 50_000, 100)).toBe(100)
    expect(overageFee(51_001, 50_000, 100)).toBe(200)
    expect(overageFee(0, 50_000, 100)).toBe(0)
  })
})

describe('billing months and the plan change instant', () => {
  it('takes a change requested on the 15th to 00:00 JST on the 1st of the next month', () => {
    const requested = Date.parse('2026-11-15T12:00:00+09:00')
    const from = planChangeInstant(requested)
    expect(new Date(from).toISOString()).toBe('2026-11-30T15:00:00.000Z')
    const account = { planId: 'standard', pendingPlanId: 'premium', pendingPlanFrom: from }
    expect(planIdAt(account, from - 1)).toBe('standard')
    expect(planIdAt(account, from)).toBe('premium')
  })

  it('reads months in Japan, across the year end', () => {
    expect(jstMonth(Date.parse('2026-12-31T15:00:00Z'))).toBe('2027-01')
    expect(planChangeInstant(Date.parse('2026-12-10T00:00:00+09:00'))).toBe(monthStart('2027-01'))
    expect(daysOf('2028-02')).toHaveLength(29)
    expect(() => monthStart('2026-13')).toThrow(RangeError)
  })
})
