import { ANALYSIS_LIMITS } from '@swipe/shared'
import { addDays, addMonths, daysBetween, monthEnd } from '@swipe/shared/time/calendar'
import { ValidationError } from '#edge/errors'

/**
 * A report's periods (docs/decisions/0033-swipe-analytics-reports.md): Japanese calendar days, both
 * inclusive, checked against today (SPEC §5: no future month, not older than one year), and the
 * period compared with.
 */

export interface Period {
  from: string
  to: string
}

/** Every day of a period, in order. */
export const daysOf = ({ from, to }: Period): string[] =>
  Array.from({ length: Math.max(daysBetween(from, to), 0) }, (_, i) => addDays(from, i))

/** The earliest day a report may start at: the 1st of the month twelve months before this one. */
export const earliestDay = (today: string) =>
  `${addMonths(today.slice(0, 7), -ANALYSIS_LIMITS.monthsBack)}-01`

/**
 * The period asked for, checked: absent bounds are the current month up to today; a `to` later
 * than today in this month is today (a month picked in full); a future month, or a `from` older
 * than the earliest day, is a 400 on its field.
 */
export const resolvePeriod = (
  query: { from?: string | undefined; to?: string | undefined },
  today: string,
) => {
  const issues: Array<{ path: string; code: 'validation.futureMonth' | 'validation.tooOld' }> = []
  let to = query.to ?? today
  const from = query.from ?? `${(query.to ?? today).slice(0, 7)}-01`
  for (const [field, day] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (day.slice(0, 7) > today.slice(0, 7))
      issues.push({ path: `query.${field}`, code: 'validation.futureMonth' })
    else if (day < earliestDay(today)) issues.push({ path: `query.${field}`, code: 'validation.tooOld' })
  }
  if (issues.length) throw new ValidationError(issues)
  if (to > today) to = today
  return { from: from.localeCompare(to) > 0 ? to : from, to }
}

/**
 * The period a report is compared with: for a period that starts on the 1st and stays in one
 * month, the same days of the month before (a whole month: the whole month before; month to date:
 * the same days of it, month-over-month); otherwise as many days just before.
 */
export const previousPeriod = ({ from, to }: Period): Period => {
  const month = from.slice(0, 7)
  if (from.endsWith('-01') && to.slice(0, 7) === month) {
    const before = addMonths(month, -1)
    const end = to === monthEnd(month) ? monthEnd(before) : `${before}-${to.slice(8)}`
    return { from: `${before}-01`, to: end.localeCompare(monthEnd(before)) > 0 ? monthEnd(before) : end }
  }
  const length = daysBetween(from, to)
  return { from: addDays(from, -length), to: addDays(from, -1) }
}

/**
 * How a period is read (bounded queries): each month it covers completely (as far as today) from
 * its roll-up items, every other day from its day items. A year is then 12 months (and a few
 * days), not 365 days.
 */
export const readingUnits = ({ from, to }: Period, today: string): { months: string[]; days: string[] } => {
  const months: string[] = []
  const days: string[] = []
  let day = from
  while (day <= to) {
    const month = day.slice(0, 7)
    const last = monthEnd(month) < today ? monthEnd(month) : today
    if (day === `${month}-01` && to >= last) {
      months.push(month)
      day = addDays(monthEnd(month), 1)
    } else {
      days.push(day)
      day = addDays(day, 1)
    }
  }
  return { months, days }
}

/** Whether a period covers a whole month (as far as today): the PDF report's month, for one. */
export const isWholeMonth = ({ from, to }: Period, today: string) => {
  const units = readingUnits({ from, to }, today)
  return units.days.length === 0 && units.months.length === 1
}
