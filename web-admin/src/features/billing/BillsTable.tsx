import { Button, Descriptions, Modal, Space, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../lib/api.ts'
import { useToast } from '../../lib/toast.ts'
import { type Bill, downloadBillPdf, useForceComplete, yen } from './api.ts'

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
  loading,
  showCompany,
  canForce,
}: {
  bills: Bill[]
  loading: boolean
  showCompany: boolean
  canForce: boolean
}) => {
  const { t } = useTranslation()
  const toast = useToast()
  const force = useForceComplete()
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

  const columns: ColumnsType<Bill> = [
    { title: t('billing.bills.month'), dataIndex: 'month', render: monthText },
    ...(showCompany ? [{ title: t('billing.bills.company'), dataIndex: 'companyName' }] : []),
    { title: t('billing.bills.plan'), dataIndex: 'planName' },
    { title: t('billing.bills.blocks'), dataIndex: 'blocksUsed', align: 'right' },
    {
      title: t('billing.bills.subtotal'),
      dataIndex: 'subtotal',
      align: 'right',
      render: (v: number) => yen(v),
    },
    { title: t('billing.bills.total'), dataIndex: 'total', align: 'right', render: (v: number) => yen(v) },
    {
      title: t('billing.bills.method'),
      dataIndex: 'billingMethod',
      render: (m: Bill['billingMethod']) => t(`billing.bills.methods.${m}`),
    },
    {
      title: t('billing.bills.status'),
      dataIndex: 'status',
      render: (s: Bill['status']) => <Tag color={STATUS_COLORS[s]}>{t(`billing.bills.statuses.${s}`)}</Tag>,
    },
    {
      title: t('billing.bills.actions'),
      key: 'actions',
      render: (_, bill) => (
        <Space wrap>
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
        </Space>
      ),
    },
  ]

  return (
    <>
      <Table<Bill>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={bills}
        columns={columns}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('billing.bills.empty') }}
        scroll={{ x: true }}
      />
      {details && (
        <Modal open title={details.number} footer={null} onCancel={() => setDetails(null)}>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'month', label: t('billing.bills.month'), children: monthText(details.month) },
              { key: 'company', label: t('billing.bills.company'), children: details.companyName ?? '-' },
              { key: 'plan', label: t('billing.bills.plan'), children: details.planName },
              { key: 'blocks', label: t('billing.bills.blocks'), children: details.blocksUsed },
              { key: 'planFee', label: t('billing.bills.planFee'), children: yen(details.planFee) },
              { key: 'pv', label: t('billing.bills.pageViewFee'), children: yen(details.pageViewFee) },
              { key: 'licence', label: t('billing.bills.licenceFee'), children: yen(details.licenceFee) },
              { key: 'subtotal', label: t('billing.bills.subtotal'), children: yen(details.subtotal) },
              { key: 'tax', label: t('billing.bills.tax'), children: yen(details.tax) },
              { key: 'total', label: t('billing.bills.total'), children: yen(details.total) },
              {
                key: 'method',
                label: t('billing.bills.method'),
                children: t(`billing.bills.methods.${details.billingMethod}`),
              },
              {
                key: 'status',
                label: t('billing.bills.status'),
                children: t(`billing.bills.statuses.${details.status}`),
              },
              { key: 'issued', label: t('billing.bills.issued'), children: details.issuedAt.slice(0, 10) },
              { key: 'due', label: t('billing.bills.due'), children: details.dueDate },
            ]}
          />
          {details.replacedBy && (
            <Typography.Paragraph type="warning" style={{ marginTop: 12 }}>
              {t('billing.bills.replacedBy')}
            </Typography.Paragraph>
          )}
        </Modal>
      )}
      {confirming && (
        <Modal
          open
          title={t('billing.bills.forceTitle')}
          okText={t('billing.bills.forceOk')}
          okButtonProps={{ danger: true, loading: force.isPending }}
          cancelText={t('common.cancel')}
          onCancel={() => setConfirming(null)}
          onOk={() =>
            force.mutate(confirming.id, {
              onSuccess: (data) => {
                toast.success(data.message)
                setConfirming(null)
              },
              onError: (error) => {
                toast.error(errorMessage(error))
                setConfirming(null)
              },
            })
          }
        >
          <Typography.Paragraph>
            {t('billing.bills.forceBody', {
              company: confirming.companyName ?? '',
              month: monthText(confirming.month),
              total: yen(confirming.total),
            })}
          </Typography.Paragraph>
        </Modal>
      )}
    </>
  )
}
