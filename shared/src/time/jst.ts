/**
 * The product's business time: Japan (SPEC §9 shows every date in Japanese time). Calendar days a
 * creator picks in a filter, the day an analytics event counts for, and every date a list, a CSV
 * or a mail shows are Japanese. Japan keeps no daylight saving, so JST is always UTC+9 and a day
 * always 24 hours: plain arithmetic, no time-zone database, the same in Node and in a browser.
 */

/** The IANA name of the business time zone, for `Intl` and date pickers. */
export const JST_TIME_ZONE = 'Asia/Tokyo'

/** JST's offset from UTC. */
export const JST_OFFSET_MS = 9 * 3_600_000

/** One calendar day. */
export const DAY_MS = 86_400_000

/** An instant shifted so its UTC fields read as Japanese wall-clock time. */
const wallClock = (ms: number): string => new Date(ms + JST_OFFSET_MS).toISOString()

/** The first millisecond of a calendar day (`YYYY-MM-DD`) in Japan, as epoch milliseconds. */
export const jstDayStart = (day: string): number => Date.parse(`${day}T00:00:00+09:00`)

/**
 * A from–to range of Japanese calendar days as epoch milliseconds: `from` inclusive, `until`
 * exclusive (the start of the day after `to`). A side not given is open.
 */
export const jstDayRange = (
  from: string | undefined,
  to: string | undefined,
): { from: number | undefined; until: number | undefined } => ({
  from: from ? jstDayStart(from) : undefined,
  until: to ? jstDayStart(to) + DAY_MS : undefined,
})

/**
 * The same range as ISO instants, for attributes stored as UTC ISO text (which sorts in time
 * order).
 */
export const jstDayRangeIso = (
  from: string | undefined,
  to: string | undefined,
): { from: string | undefined; until: string | undefined } => {
  const range = jstDayRange(from, to)
  return {
    from: range.from === undefined ? undefined : new Date(range.from).toISOString(),
    until: range.until === undefined ? undefined : new Date(range.until).toISOString(),
  }
}

/** The calendar day in Japan of an instant: `YYYY-MM-DD`. */
export const jstDay = (ms: number): string => wallClock(ms).slice(0, 10)

/** The first `length` characters of an instant's Japanese `YYYY-MM-DD HH:mm:ss`. */
const wallText = (iso: string | null | undefined, length: number): string => {
  if (!iso) return ''
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return iso
  return wallClock(ms).slice(0, length).replace('T', ' ')
}

/** An ISO instant as `YYYY-MM-DD HH:mm:ss` in Japan; '' when absent, the text itself when no date. */
export const jstDateTime = (iso: string | null | undefined): string => wallText(iso, 19)

/**
 * An ISO instant as `YYYY-MM-DD HH:mm` in Japan, as the console and the mails show dates; '' when
 * absent, the text itself when no date.
 */
export const jstMinute = (iso: string | null | undefined): string => wallText(iso, 16)
