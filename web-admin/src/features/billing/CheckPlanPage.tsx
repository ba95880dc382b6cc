import { useQuery } from '@tanstack/react-query'
import { Alert, Card, Col, Descriptions, Row, Statistic, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { LOADED } from '../../components/DataGrid.tsx'
import { ListError } from '../../components/ListError.tsx'
import { useCurrentUser } from '../shell/useCurrentUser.ts'
import { userPlanQuery, yen } from './api.ts'
import { BillsTable } from './BillsTable.tsx'
import { PaymentCardSection } from './PaymentCardSection.tsx'

/**
 * /:userTypeId/check-plan (プラン確認): the account's current plan and any scheduled change
 * ("Standard → Premium from 2026-12-01"), this month's usage against the plan with the month-end
 * projection of page views, the contract terms, the payment card (PaymentCardSection), and its
 * payments with their invoices.
 */
export const CheckPlanPage = () => {
  const { t } = useTranslation()
  const info = useCurrentUser()
  const data = useQuery(userPlanQuery())
  if (data.isError)
    return (
      <Card>
        <ListError error={data.error} onRetry={() => void data.refetch()} />
      </Card>
    )
  const plan = data.data
  return (
    <Card loading={data.isPending}>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('billing.check.title')}
      </Typography.Title>
      {plan && (
        <>
          <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
            <Col xs={24} lg={12}>
              <section aria-label={t('billing.check.currentPlan')}>
                <Card size="small" title={t('billing.check.currentPlan')}>
                  <Statistic
                    title={plan.plan.name}
                    value={t('billing.plans.perMonth', { price: yen(plan.plan.price) })}
                  />
                  {plan.pending ? (
                    <Alert
                      type="info"
                      showIcon
                      style={{ marginTop: 12 }}
                      title={t('billing.check.pending')}
                      description={t('billing.assign.change', {
                        from: plan.plan.name,
                        to: plan.pending.plan.name,
                        day: plan.pending.fromDay,
                      })}
                    />
                  ) : (
                    <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
                      {t('billing.check.noPending')}
                    </Typography.Paragraph>
                  )}
                </Card>
              </section>
            </Col>
            <Col xs={24} lg={12}>
              <section aria-label={t('billing.check.contract')}>
                <Card size="small" title={t('billing.check.contract')}>
                  <Typography.Paragraph>
                    {t('billing.check.minimum', { months: plan.contract.minimumMonths })}
                  </Typography.Paragraph>
                  <Typography.Paragraph>
                    {t('billing.check.initialFee', { fee: yen(plan.contract.initialFee) })}
                  </Typography.Paragraph>
                  {plan.contract.startDate && (
                    <Typography.Paragraph style={{ marginBottom: 0 }}>
                      {t('billing.check.period')}: {plan.contract.startDate} – {plan.contract.endDate ?? ''}
                    </Typography.Paragraph>
                  )}
                </Card>
              </section>
            </Col>
          </Row>
          <PaymentCardSection />
          <section aria-label={t('billing.check.usage', { month: plan.usage.month })}>
            <Descriptions
              title={t('billing.check.usage', { month: plan.usage.month })}
              bordered
              size="small"
              column={{ xs: 1, md: 2 }}
              style={{ marginBottom: 24 }}
              items={[
                {
                  key: 'sites',
                  label: t('billing.check.sites'),
                  children: `${plan.usage.sites} / ${plan.plan.quantitySite}`,
                },
                { key: 'blocks', label: t('billing.check.blocks'), children: plan.usage.blocks },
                {
                  key: 'pv',
                  label: t('billing.check.pageViews'),
                  children: `${plan.usage.pageViews.toLocaleString('ja-JP')} (${t('billing.check.limit', { value: plan.plan.limitAccess.toLocaleString('ja-JP') })})`,
                },
                {
                  key: 'projected',
                  label: t('billing.check.projected'),
                  children: plan.usage.projectedPageViews.toLocaleString('ja-JP'),
                },
                {
                  key: 'fee',
                  label: t('billing.check.projectedFee'),
                  children: yen(plan.usage.projectedPageViewFee),
                },
              ]}
            />
          </section>
          <section aria-label={t('billing.check.history')}>
            <Typography.Title level={2} style={{ fontSize: 18 }}>
              {t('billing.check.history')}
            </Typography.Title>
            <BillsTable
              bills={plan.bills}
              query={LOADED}
              showCompany={false}
              canForce={info.allowedActions.includes('billing:forceComplete')}
            />
          </section>
        </>
      )}
    </Card>
  )
}
