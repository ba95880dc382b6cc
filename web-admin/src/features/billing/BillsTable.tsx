import { Button, Tag } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataGrid, type GridColumn, type ListState, RowActions } from '../../components/DataGrid.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useToast } from '../../lib/toast.ts'
import { type Bill, downloadBillPdf, yen } from './api.ts'
import { ForceCompleteDialog } from './ForceCompleteDialog.tsx'
import { InvoiceDetailDialog } from './InvoiceDetailDialog.tsx'

const STATUS_COLORS: Record<Bill['status'], string> = {
  paid: 'green',
  completed: 'blue',
  unpaid: 'orange',
  processing: 'gold',
  failed: 'red',
  void: 'default',
}

const monthText = (month: string) => month.replace('-', '/')

/**
 * The payment rows (SPEC §2 payment list): year/month, plan, blocks used, licence fee excluding
 * tax, total, billing method, status; the invoice PDF, details, and — for MASTER — force-complete
 * of an unpaid payment after a confirmation (irreversible, audited on the server).
 */
export const BillsTable = ({
  bills,
  query,
  showCompany,
  canForce,
}: {
  bills: Bill[]
  /** The query the rows come from: its loading and error states show in the list. */
  query: ListState
  showCompany: boolean
  canForce: boolean
}) => {
  const { t } = useTranslation()
  const toast = useToast()
  const [details, setDetails] = useState<Bill | null>(null)
  const [confirming, setConfirming] = useState<Bill | null>(null)
  const [downloading, setDownloading] = useState<string | null>(null)

  const download = async (bill: Bill) => {
    setDownloading(bill.id)
    try {
      await downloadBillPdf(bill.id)
    } catch (error) {
      toast.error(errorMessage(error))
    } finally {
      setDownloading(null)
    }
  }

  // Below 1200 px the blocks, the amount before tax and the billing method fold away.
  const columns: GridColumn<Bill>[] = [
    { key: 'month', title: t('billing.bills.month'), dataIndex: 'month', render: monthText },
    ...(showCompany ? [{ key: 'company', title: t('billing.bills.company'), dataIndex: 'companyName' }] : []),
    { key: 'plan', title: t('billing.bills.plan'), dataIndex: 'planName' },
    {
      key: 'blocks',
      title: t('billing.bills.blocks'),
      dataIndex: 'blocksUsed',
      align: 'right',
      collapse: true,
    },
    {
      key: 'subtotal',
      title: t('billing.bills.subtotal'),
      collapse: true,
      dataIndex: 'subtotal',
      align: 'right',
      render: (v: number) => yen(v),
    },
    {
      key: 'total',
      title: t('billing.bills.total'),
      dataIndex: 'total',
      align: 'right',
      render: (v: number) => yen(v),
    },
    {
      key: 'method',
      title: t('billing.bills.method'),
      collapse: true,
      dataIndex: 'billingMethod',
      render: (m: Bill['billingMethod']) => t(`billing.bills.methods.${m}`),
    },
    {
      key: 'status',
      title: t('billing.bills.status'),
      dataIndex: 'status',
      render: (s: Bill['status']) => <Tag color={STATUS_COLORS[s]}>{t(`billing.bills.statuses.${s}`)}</Tag>,
    },
    {
      title: t('billing.bills.actions'),
      key: 'actions',
      render: (_, bill) => (
        <RowActions>
          <Button
            size="small"
            loading={downloading === bill.id}
            onClick={() => void download(bill)}
            aria-label={`${t('billing.bills.download')} ${monthText(bill.month)}`}
          >
            {t('billing.bills.download')}
          </Button>
          <Button size="small" type="link" onClick={() => setDetails(bill)}>
            {t('billing.bills.details')}
          </Button>
          {canForce && bill.status === 'unpaid' && (
            <Button
              size="small"
              danger
              onClick={() => setConfirming(bill)}
              aria-label={`${t('billing.bills.forceComplete')} ${monthText(bill.month)} ${bill.companyName ?? ''}`}
            >
              {t('billing.bills.forceComplete')}
            </Button>
          )}
        </RowActions>
      ),
    },
  ]

  return (
    <>
      <DataGrid<Bill>
        query={query}
        items={bills}
        columns={columns}
        size="small"
        empty={t('billing.bills.empty')}
        pager={{ kind: 'client', pageSize: 20 }}
      />
      {details && <InvoiceDetailDialog bill={details} onClose={() => setDetails(null)} />}
      {confirming && <ForceCompleteDialog bill={confirming} onClose={() => setConfirming(null)} />}
    </>
  )
}
