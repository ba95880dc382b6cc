import { ANALYSIS_LIMITS } from '@swipe/shared'
import { addMonths, monthEnd } from '@swipe/shared/time/calendar'
import { jstDay } from '@swipe/shared/time/jst'

/**
 * The screen's periods (SPEC §5: no future month, not older than one year): a month (this one up
 * to today) or a day range, as the API reads them (Japanese calendar days, both inclusive).
 */

/** Today in Japan. */
export const todayJst = (now = Date.now()) => jstDay(now)
export const thisMonth = (now = Date.now()) => todayJst(now).slice(0, 7)
/** The earliest month the pickers offer. */
export const earliestMonth = (now = Date.now()) => addMonths(thisMonth(now), -ANALYSIS_LIMITS.monthsBack)

export const isMonth = (value: string | null): value is string =>
  Boolean(value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value))
export const isDay = (value: string | null): value is string =>
  Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value))

/** A month the pickers allow: from twelve months back to this month. */
export const monthAllowed = (month: string, now = Date.now()) =>
  month >= earliestMonth(now) && month <= thisMonth(now)
/** A day the pickers allow: from the first day of the earliest month to today. */
export const dayAllowed = (day: string, now = Date.now()) =>
  day >= `${earliestMonth(now)}-01` && day <= todayJst(now)

/** A month as a period: its first day to its last, or to today for this month. */
export const monthPeriod = (month: string, now = Date.now()) => {
  const today = todayJst(now)
  const end = monthEnd(month)
  return { from: `${month}-01`, to: end.localeCompare(today) > 0 ? today : end }
}
