import { PAYMENT_STATUSES, type PaymentStatus } from '@swipe/shared/contract/billing'
import { useQuery } from '@tanstack/react-query'
import { Card, DatePicker, Flex, Select, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCurrentUser } from '../shell/useCurrentUser.ts'
import { billsQuery } from './api.ts'
import { BillsTable } from './BillsTable.tsx'

/** /:userTypeId/plan: the payment list of the caller's scope (SPEC §2), newest month first. */
export const PaymentListPage = () => {
  const { t } = useTranslation()
  const info = useCurrentUser()
  const [month, setMonth] = useState<string>()
  const [status, setStatus] = useState<PaymentStatus>()
  const bills = useQuery(billsQuery({ ...(month ? { month } : {}), ...(status ? { status } : {}) }))
  const showCompany = info.allowedActions.includes('account:read')
  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('billing.bills.title')}
      </Typography.Title>
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <DatePicker
          picker="month"
          aria-label={t('billing.bills.filterMonth')}
          placeholder={t('billing.bills.filterMonth')}
          onChange={(value: Dayjs | null) => setMonth(value ? value.format('YYYY-MM') : undefined)}
        />
        <Select
          allowClear
          virtual={false}
          style={{ width: 200 }}
          aria-label={t('billing.bills.filterStatus')}
          placeholder={t('billing.bills.filterStatus')}
          value={status}
          onChange={setStatus}
          options={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`billing.bills.statuses.${s}`) }))}
        />
      </Flex>
      <BillsTable
        bills={bills.data?.items ?? []}
        query={bills}
        showCompany={showCompany}
        canForce={info.allowedActions.includes('billing:forceComplete')}
      />
    </Card>
  )
}
