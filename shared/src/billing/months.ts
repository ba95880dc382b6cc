/**
 * Billing months and the instant a plan change takes effect (SPEC §4, §9; ARCHITECTURE decision
 * 8). A billing month is a calendar month in Japan (`YYYY-MM`); a plan change requested in a month
 * takes effect at 00:00 JST on the first day of the next month. Japan keeps no daylight saving, so
 * this is plain arithmetic on UTC+9.
 */
import { addMonths, daysOfMonth, jstMonth } from '../time/calendar.ts'
import { jstDayStart } from '../time/jst.ts'

export { jstMonth }

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/

/** 00:00 JST on the first day of `month` (`YYYY-MM`), as epoch milliseconds. */
export const monthStart = (month: string): number => {
  if (!MONTH_PATTERN.test(month)) throw new RangeError(`Not a month: ${month}`)
  return jstDayStart(`${month}-01`)
}

/** The month after `month`. */
export const nextMonth = (month: string): string => addMonths(month, 1)

/** The month before `month`. */
export const previousMonth = (month: string): string => addMonths(month, -1)

/** The JST calendar days of a month: `YYYY-MM-01` … the last. */
export const daysOf = daysOfMonth

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
