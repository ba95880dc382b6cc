import { UTF8_BOM } from '@swipe/shared'
import dayjs from 'dayjs'

/**
 * The columns POST /users/import reads (functions/src/accounts/csv.ts). The headers are data, not
 * interface text: a file carries these Japanese names whatever the console's language.
 */
export const IMPORT_COLUMNS = [
  { header: 'メールアドレス', field: 'email', required: true },
  { header: '会社名', field: 'companyName', required: true },
  { header: '担当者名', field: 'contactName', required: true },
  { header: 'アカウント種別', field: 'accountType', required: true },
  { header: '契約開始日', field: 'contractStartDate', required: false },
  { header: '契約終了日', field: 'contractEndDate', required: false },
  { header: '権限', field: 'authority', required: false },
  { header: 'ライセンス発行', field: 'licenseIssuing', required: false },
] as const

export const IMPORT_TEMPLATE_NAME = 'users-import-template.csv'

const cell = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value)

/**
 * A template to fill in: the header row and one example row (a one-year contract from the first
 * of next month), UTF-8 with a BOM so Excel opens it correctly.
 */
export const importTemplate = (today = dayjs()): Blob => {
  const start = today.add(1, 'month').startOf('month')
  const example: Record<(typeof IMPORT_COLUMNS)[number]['field'], string> = {
    email: 'user@example.com',
    companyName: '株式会社サンプル',
    contactName: '山田 太郎',
    accountType: 'USER',
    contractStartDate: start.format('YYYY-MM-DD'),
    contractEndDate: start.add(1, 'year').subtract(1, 'day').format('YYYY-MM-DD'),
    authority: '編集',
    licenseIssuing: 'なし',
  }
  const lines = [
    IMPORT_COLUMNS.map((column) => cell(column.header)),
    IMPORT_COLUMNS.map((column) => cell(example[column.field])),
  ].map((cells) => cells.join(','))
  return new Blob([UTF8_BOM, `${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' })
}
