/**
 * Billing months and the instant a plan change takes effect (SPEC §4, §9; ARCHITECTURE decision
 * 8). A billing month is a calendar month in Japan (`YYYY-MM`); a plan change requested in a month
 * takes effect at 00:00 JST on the first day of the next month. Japan keeps no daylight saving, so
 * this is plain arithmetic on UTC+9.
 */
const JST_OFFSET_MS = 9 * 3_600_000

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/

/** The billing month (`YYYY-MM`, Japan) of an instant. */
export const jstMonth = (ms: number): string => new Date(ms + JST_OFFSET_MS).toISOString().slice(0, 7)

/** 00:00 JST on the first day of `month` (`YYYY-MM`), as epoch milliseconds. */
export const monthStart = (month: string): number => {
  if (!MONTH_PATTERN.test(month)) throw new RangeError(`Not a month: ${month}`)
  return Date.parse(`${month}-01T00:00:00+09:00`)
}

/** The month after `month`. */
export const nextMonth = (month: string): string => {
  const [year, m] = month.split('-').map(Number) as [number, number]
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`
}

/** The month before `month`. */
export const previousMonth = (month: string): string => {
  const [year, m] = month.split('-').map(Number) as [number, number]
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`
}

/** The JST calendar days of a month: `YYYY-MM-01` … the last. */
export const daysOf = (month: string): string[] => {
  const days = Math.round((monthStart(nextMonth(month)) - monthStart(month)) / 86_400_000)
  return Array.from({ length: days }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`)
}

/** When a plan change requested at `at` takes effect: 00:00 JST on the first of the next month. */
export const planChangeInstant = (at: number): number => monthStart(nextMonth(jstMonth(at)))

/** The plan an account is on at `at`: the pending plan once its instant has come, else the stored one. */
export const planIdAt = (
  account: { planId?: string | null; pendingPlanId?: string | null; pendingPlanFrom?: number | null },
  at: number,
): string | undefined => {
  if (account.pendingPlanId && account.pendingPlanFrom != null && at >= account.pendingPlanFrom)
    return account.pendingPlanId
  return account.planId ?? undefined
}
