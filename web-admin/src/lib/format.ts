/** Dates as the interface language writes them; a calendar date (YYYY-MM-DD) never shifts by time zone. */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

const parse = (value: string): { date: Date; dateOnly: boolean } | null => {
  const dateOnly = DATE_ONLY.test(value)
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value)
  return Number.isNaN(date.getTime()) ? null : { date, dateOnly }
}

/** A date, e.g. 2024/04/01 in Japanese; null when there is none. */
export const formatDate = (value: string | null | undefined, locale: string): string | null => {
  if (!value) return null
  const parsed = parse(value)
  if (!parsed) return value
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    ...(parsed.dateOnly ? { timeZone: 'UTC' } : {}),
  }).format(parsed.date)
}

/** A moment in the browser's time zone, e.g. 2024/04/01 9:30. */
export const formatDateTime = (value: string | null | undefined, locale: string): string | null => {
  if (!value) return null
  const parsed = parse(value)
  if (!parsed) return value
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(parsed.date)
}
