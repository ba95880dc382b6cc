import { type Locale, neutralizeCell, translate, UTF8_BOM } from '@swipe/shared'
import { jstDateTime, jstDay } from '@swipe/shared/time/jst'
import { stringify } from 'csv-stringify/sync'
import type { Reply } from '../edge/http.ts'
import * as clock from '../platform/services/clock.ts'

/**
 * A column's header: a message key, localised in the caller's language, or `{ text }` shown as it
 * is (a title the creator gave a form field).
 */
export type CsvHeader = string | { readonly text: string }

/**
 * How a cell is written besides its type (numbers stay numbers, text is neutralised: neutralizeCell):
 * `dateTime` — an instant (ISO text, epoch milliseconds or a Date) written as Japanese wall-clock
 * time `YYYY-MM-DD HH:mm:ss`, its header naming the zone (`作成日時 (JST)`). One format for every
 * export (issue 30).
 */
export type CsvKind = 'dateTime'

/** One column of an export: its header, how to read the cell from a row, and its kind. */
export type CsvColumn<T> = readonly [header: CsvHeader, value: (row: T) => unknown, kind?: CsvKind]

/** The zone every exported date-time is in, as its header names it. */
export const CSV_TIME_ZONE_LABEL = '(JST)'

const instantText = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return ''
  if (typeof value === 'number')
    return Number.isFinite(value) ? jstDateTime(new Date(value).toISOString()) : ''
  if (value instanceof Date) return jstDateTime(value.toISOString())
  return jstDateTime(String(value))
}

/**
 * The CSV text of an export, RFC 4180: CRLF after every record (the last one too), fields quoted
 * when they hold a comma, a quote or a line break. Headers in the caller's language; every cell
 * (headers too) made safe for spreadsheets by its type (neutralizeCell); date-time columns in JST.
 */
export const csvText = <T>(
  columns: ReadonlyArray<CsvColumn<T>>,
  rows: readonly T[],
  locale: Locale,
): string => {
  const headerText = ([header, , kind]: CsvColumn<T>) => {
    const text = typeof header === 'string' ? translate(locale, header) : header.text
    return kind === 'dateTime' ? `${text} ${CSV_TIME_ZONE_LABEL}` : text
  }
  const cell = ([, value, kind]: CsvColumn<T>, row: T) => {
    const raw = value(row)
    return neutralizeCell(kind === 'dateTime' ? instantText(raw) : raw)
  }
  return stringify(
    [
      columns.map((column) => neutralizeCell(headerText(column))),
      ...rows.map((row) => columns.map((c) => cell(c, row))),
    ],
    { record_delimiter: 'windows' },
  )
}

/**
 * Every CSV download the product offers: `csvText` as UTF-8 with BOM so Excel (ja) opens it, under
 * a file name dated by the Japanese day.
 */
export const csvReply = <T>(
  name: string,
  columns: ReadonlyArray<CsvColumn<T>>,
  rows: readonly T[],
  locale: Locale,
): Reply => ({
  status: 200,
  raw: true,
  body: `${UTF8_BOM}${csvText(columns, rows, locale)}`,
  headers: {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${name}-${jstDay(clock.now())}.csv"`,
    'cache-control': 'no-store',
  },
})
