/**
 * Calendar arithmetic on Japanese days (`YYYY-MM-DD`) and months (`YYYY-MM`), shared by the reports
 * (functions/src/analysis, the console's 効果測定) and billing (shared/src/billing/months.ts). The
 * strings name calendar dates, so the arithmetic is on UTC midnights: no time zone can shift them.
 */
import { DAY_MS, jstDay } from './jst.ts'

/** The day `n` days after `day` (negative: before). */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1

/** The month `n` months after `month` (negative: before). */
export const addMonths = (month: string, n: number): string => {
  const [year, m] = month.split('-').map(Number) as [number, number]
  const index = year * 12 + (m - 1) + n
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** The last day of a month. */
export const monthEnd = (month: string): string => addDays(`${addMonths(month, 1)}-01`, -1)

/** Every day of a month, the 1st to the last. */
export const daysOfMonth = (month: string): string[] =>
  Array.from({ length: daysBetween(`${month}-01`, monthEnd(month)) }, (_, i) => addDays(`${month}-01`, i))

/** The month (Japan) of an instant. */
export const jstMonth = (ms: number): string => jstDay(ms).slice(0, 7)
