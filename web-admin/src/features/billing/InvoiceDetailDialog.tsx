import { Descriptions, type DescriptionsProps, Modal, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Bill } from './api.ts'
import { yen } from './api.ts'

const monthText = (month: string) => month.replace('-', '/')

/** An instant as the console writes it in Japan: 2026-11-29 14:05 (JST). */
const jstDateTime = (iso: string) => {
  const at = new Date(Date.parse(iso) + 9 * 3_600_000).toISOString()
  return `${at.slice(0, 10)} ${at.slice(11, 16)}`
}

/**
 * 詳細 of a payment (SPEC §3 Payment row and invoice): every amount the invoice adds up — plan fee,
 * page-view fee, licence fee and, on the first invoice, the initial fee, to the subtotal; the tax
 * per rate to the tax; subtotal and tax to the total — with the dates as the invoice prints them
 * (issue day, 取引年月日, due date) and, once a payment was force-completed, who did it, when and why.
 */
export const InvoiceDetailDialog = ({ bill, onClose }: { bill: Bill; onClose: () => void }) => {
  const { t } = useTranslation()
  const amount = (key: string, label: string, value: number) => ({
    key,
    label,
    children: <span data-amount={key}>{yen(value)}</span>,
  })
  const rates = bill.taxByRate.length
    ? bill.taxByRate
    : [{ taxRate: 10, taxable: bill.subtotal, tax: bill.tax }]
  const items: DescriptionsProps['items'] = [
    { key: 'number', label: t('billing.bills.number'), children: bill.number },
    { key: 'month', label: t('billing.bills.month'), children: monthText(bill.month) },
    { key: 'company', label: t('billing.bills.company'), children: bill.companyName ?? '-' },
    { key: 'plan', label: t('billing.bills.plan'), children: bill.planName },
    { key: 'blocks', label: t('billing.bills.blocks'), children: bill.blocksUsed },
    amount('planFee', t('billing.bills.planFee'), bill.planFee),
    amount('pageViewFee', t('billing.bills.pageViewFee'), bill.pageViewFee),
    amount('licenceFee', t('billing.bills.licenceFee'), bill.licenceFee),
    ...(bill.initialFee ? [amount('initialFee', t('billing.bills.initialFee'), bill.initialFee)] : []),
    amount('subtotal', t('billing.bills.subtotal'), bill.subtotal),
    ...rates.map((rate) =>
      amount(
        `tax-${rate.taxRate}`,
        t('billing.bills.taxAtRate', { rate: rate.taxRate, taxable: yen(rate.taxable) }),
        rate.tax,
      ),
    ),
    ...(rates.length > 1 ? [amount('tax', t('billing.bills.tax'), bill.tax)] : []),
    amount('total', t('billing.bills.total'), bill.total),
    {
      key: 'method',
      label: t('billing.bills.method'),
      children: t(`billing.bills.methods.${bill.billingMethod}`),
    },
    { key: 'status', label: t('billing.bills.status'), children: t(`billing.bills.statuses.${bill.status}`) },
    { key: 'issued', label: t('billing.bills.issued'), children: bill.issuedDay },
    { key: 'transaction', label: t('billing.bills.transactionDay'), children: bill.transactionDay },
    { key: 'due', label: t('billing.bills.due'), children: bill.dueDate },
  ]
  const forced = bill.forceCompleted
  return (
    <Modal open title={bill.number} footer={null} onCancel={onClose}>
      <Descriptions column={1} size="small" bordered items={items} />
      {forced && (
        <section aria-label={t('billing.bills.forcedTitle')} style={{ marginTop: 12 }}>
          <Typography.Text strong>{t('billing.bills.forcedTitle')}</Typography.Text>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'at', label: t('billing.bills.forcedAt'), children: jstDateTime(forced.at) },
              ...(forced.by ? [{ key: 'by', label: t('billing.bills.forcedBy'), children: forced.by }] : []),
              {
                key: 'reason',
                label: t('billing.bills.forcedReason'),
                children: forced.reason ?? t('billing.bills.forcedNoReason'),
              },
            ]}
          />
        </section>
      )}
      {bill.replacedBy && (
        <Typography.Paragraph type="warning" style={{ marginTop: 12 }}>
          {t('billing.bills.replacedBy')}
        </Typography.Paragraph>
      )}
    </Modal>
  )
}
