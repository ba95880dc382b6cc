import { type Locale, neutralizeCell, translate, UTF8_BOM } from '@swipe/shared'
import { stringify } from 'csv-stringify/sync'
import type { Reply } from './http.ts'

/** One column of an export: its header's message key and how to read the cell from a row. */
export type CsvColumn<T> = readonly [header: string, value: (row: T) => unknown]

/**
 * Every CSV download the product offers: headers in the caller's language, every cell made safe
 * for spreadsheets (neutralizeCell), UTF-8 with BOM so Excel (ja) opens it, dated file name.
 */
export const csvReply = <T>(
  name: string,
  columns: ReadonlyArray<CsvColumn<T>>,
  rows: readonly T[],
  locale: Locale,
): Reply => {
  const csv = stringify([
    columns.map(([header]) => translate(locale, header)),
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
