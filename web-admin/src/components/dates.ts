import { jstMinute } from '@swipe/shared/time/jst'
import dayjs, { type Dayjs } from 'dayjs'

/**
 * The site list's dates are Japanese: the API reads the date filters as Asia/Tokyo days
 * (docs/decisions/0014-site-builder.md), so the created and published instants are shown on the
 * same clock, whatever the browser's time zone (`@swipe/shared/time/jst`).
 */

/** A calendar day as the filters send it. */
export const DAY_FORMAT = 'YYYY-MM-DD'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** An instant as `YYYY-MM-DD HH:mm` in Japanese time (SPEC §9); null when there is none. */
export const formatSiteDateTime = (value: string | null | undefined): string | null =>
  value ? jstMinute(value) : null

/** An instant as a short `MM/DD HH:mm` in Japanese time (a compact list cell); null when there is none. */
export const formatSiteShortDateTime = (value: string | null | undefined): string | null => {
  const minute = value ? jstMinute(value) : ''
  return minute.length === 16 ? `${minute.slice(5, 7)}/${minute.slice(8)}` : null
}

/** A `YYYY-MM-DD` day from the address, or undefined when it is missing or no real date. */
export const dayParam = (value: string | null): string | undefined =>
  value && DAY.test(value) && dayjs(value).format(DAY_FORMAT) === value ? value : undefined

/** The picker's value of a day range kept as two `YYYY-MM-DD` strings. */
export const dayRangeValue = (
  from: string | undefined,
  to: string | undefined,
): [Dayjs | null, Dayjs | null] => [from ? dayjs(from) : null, to ? dayjs(to) : null]
