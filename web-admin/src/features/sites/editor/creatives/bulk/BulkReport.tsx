import { Table, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import { tShared } from '../../../../../i18n/index.ts'
import type { BulkReportEntry } from '../../../api.ts'

const STATUS_COLORS: Record<BulkReportEntry['status'], string> = {
  placed: 'green',
  skipped: 'default',
  refused: 'red',
}

/**
 * Why an entry was not placed, or a note on where it was placed (a cell name outside the grid):
 * the server's text, else its message key localised here.
 */
const reasonOf = (entry: BulkReportEntry): string => {
  if (entry.message) return entry.message
  if (entry.code) return tShared(entry.code, { file: entry.name })
  return ''
}

/** What happened to each file of the ZIP: placed into which cell, skipped or refused, and why. */
export const BulkReport = ({ report }: { report: readonly BulkReportEntry[] }) => {
  const { t } = useTranslation()
  const columns: ColumnsType<BulkReportEntry & { key: string }> = [
    { key: 'name', title: t('siteContent.bulk.columns.name'), dataIndex: 'name' },
    {
      key: 'status',
      title: t('siteContent.bulk.columns.status'),
      render: (_, entry) => (
        <Tag color={STATUS_COLORS[entry.status]}>{t(`siteContent.bulk.statuses.${entry.status}`)}</Tag>
      ),
      width: 110,
    },
    {
      key: 'position',
      title: t('siteContent.bulk.columns.position'),
      render: (_, entry) => entry.position ?? '-',
      width: 90,
    },
    {
      key: 'reason',
      title: t('siteContent.bulk.columns.reason'),
      render: (_, entry) => reasonOf(entry),
    },
  ]
  return (
    <Table
      size="small"
      rowKey="key"
      aria-label={t('siteContent.bulk.reportTitle')}
      columns={columns}
      dataSource={report.map((entry, index) => ({ ...entry, key: `${index}` }))}
      pagination={report.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
    />
  )
}
