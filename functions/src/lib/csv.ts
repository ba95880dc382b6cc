import { type Locale, neutralizeCell, translate, UTF8_BOM } from '@swipe/shared'
import { stringify } from 'csv-stringify/sync'
import type { Reply } from './http.ts'

/**
 * A column's header: a message key, localised in the caller's language, or `{ text }` shown as it
 * is (a title the creator gave a form field).
 */
export type CsvHeader = string | { readonly text: string }

/** One column of an export: its header and how to read the cell from a row. */
export type CsvColumn<T> = readonly [header: CsvHeader, value: (row: T) => unknown]

/**
 * Every CSV download the product offers: headers in the caller's language, every cell (headers
 * too) made safe for spreadsheets (neutralizeCell), UTF-8 with BOM so Excel (ja) opens it, dated
 * file name.
 */
export const csvReply = <T>(
  name: string,
  columns: ReadonlyArray<CsvColumn<T>>,
  rows: readonly T[],
  locale: Locale,
): Reply => {
  const headerText = (header: CsvHeader) =>
    typeof header === 'string' ? translate(locale, header) : header.text
  const csv = stringify([
    columns.map(([header]) => neutralizeCell(headerText(header))),
    ...rows.map((row) => columns.map(([, value]) => neutralizeCell(value(row)))),
  ])
  const date = new Date().toISOString().slice(0, 10)
  return {
    status: 200,
    raw: true,
    body: `${UTF8_BOM}${csv}`,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}-${date}.csv"`,
      'cache-control': 'no-store',
    },
  }
}
