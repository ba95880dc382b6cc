import { useQuery } from '@tanstack/react-query'
import { Card, Col, Row, Statistic, Typography } from 'antd'
import { lazy } from 'react'
import { useTranslation } from 'react-i18next'
import { ListError } from '../../components/ListError.tsx'
import { dashboardQuery, type VitalsPass, vitalsPassQuery, yen } from './dashboardApi.ts'
import { WhenVisible } from './WhenVisible.tsx'

/** ECharts, in a chunk of its own: fetched when a chart comes into view (below the summary's first screen). */
const EChart = lazy(async () => ({ default: (await import('../../components/EChart.tsx')).EChart }))

const TYPES = ['OEM_MASTER', 'USER', 'OTHER'] as const

/**
 * The share of the scope's sites passing all three Core Web Vitals at p75 over the last 28 days, of
 * those with enough samples, with its count (docs/decisions/0071-field-web-vitals.md).
 */
const VitalsPassCard = ({ data, loading }: { data: VitalsPass | undefined; loading: boolean }) => {
  const { t } = useTranslation()
  return (
    <section aria-label={t('billing.dashboard.vitals')}>
      <Card size="small" title={t('billing.dashboard.vitals')} loading={loading}>
        <Row gutter={16}>
          <Col span={12}>
            <Statistic
              title={t('billing.dashboard.vitalsShare')}
              value={data?.share == null ? '—' : `${(data.share * 100).toFixed(1)}%`}
            />
          </Col>
          <Col span={12}>
            <Statistic
              title={t('billing.dashboard.vitalsCountTitle')}
              value={
                data?.judged
                  ? t('billing.dashboard.vitalsCount', { passing: data.passing, judged: data.judged })
                  : t('billing.dashboard.vitalsNone')
              }
              styles={{ content: { fontSize: 16 } }}
            />
          </Col>
        </Row>
        {data && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
            {t('billing.dashboard.vitalsNote', {
              days: data.days,
              from: data.from,
              to: data.to,
              min: data.minSamples,
              unjudged: data.unjudged,
            })}
          </Typography.Paragraph>
        )}
      </Card>
    </section>
  )
}

/**
 * The platform dashboard on the summary screen (issue 18, Deliver 6): registrations per month by
 * account type, accounts and sites, accounts per plan, MRR and ARR with the month's movement, and
 * the share of sites passing the Core Web Vitals. The
 * server scopes it (all for staff, its own subtree for an OEM) and reads counters and one index.
 * This module is its own chunk; ECharts is another, fetched when a chart scrolls into view, so the
 * summary's first screen stays within its budget (issue 14).
 */
export const Dashboard = () => {
  const { t } = useTranslation()
  const data = useQuery(dashboardQuery())
  const vitals = useQuery(vitalsPassQuery())
  if (data.isError) return <ListError error={data.error} onRetry={() => void data.refetch()} />
  const d = data.data
  const months = d?.registrations.months ?? []
  const countOf = (month: (typeof months)[number], type: (typeof TYPES)[number]) =>
    month.byType
      .filter((b) =>
        type === 'OTHER'
          ? b.accountType !== 'OEM_MASTER' && b.accountType !== 'USER'
          : b.accountType === type,
      )
      .reduce((sum, b) => sum + b.count, 0)
  const registrationsOption = {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 32, right: 16, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: months.map((m) => m.month) },
    yAxis: { type: 'value', minInterval: 1 },
    series: TYPES.map((type) => ({
      name: t(`billing.dashboard.accountTypes.${type}`),
      type: 'bar',
      stack: 'registrations',
      data: months.map((m) => countOf(m, type)),
    })),
  }
  const adoptionOption = {
    tooltip: { trigger: 'item' },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        radius: ['35%', '65%'],
        data: (d?.adoption.plans ?? [])
          .filter((p) => p.accounts > 0)
          .map((p) => ({ name: p.name, value: p.accounts })),
      },
    ],
  }
  const movement = d?.revenue.movement
  return (
    <section aria-label={t('billing.dashboard.title')}>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('billing.dashboard.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <section aria-label={t('billing.dashboard.revenue')}>
            <Card size="small" title={t('billing.dashboard.revenue')} loading={data.isPending}>
              <Row gutter={16}>
                <Col span={12}>
                  <Statistic title={t('billing.dashboard.mrr')} value={yen(d?.revenue.mrr ?? 0)} />
                </Col>
                <Col span={12}>
                  <Statistic title={t('billing.dashboard.arr')} value={yen(d?.revenue.arr ?? 0)} />
                </Col>
              </Row>
              <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
                {t('billing.dashboard.movement')}
              </Typography.Text>
              <Row gutter={16}>
                {(['new', 'expansion', 'contraction', 'churn'] as const).map((key) => (
                  <Col span={6} key={key}>
                    <Statistic
                      title={t(`billing.dashboard.${key}`)}
                      value={yen(movement?.[key] ?? 0)}
                      styles={{ content: { fontSize: 16 } }}
                    />
                  </Col>
                ))}
              </Row>
              <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
                {t('billing.dashboard.note')}
              </Typography.Paragraph>
            </Card>
          </section>
        </Col>
        <Col xs={24} lg={12}>
          <section aria-label={t('billing.dashboard.sites')}>
            <Card size="small" title={t('billing.dashboard.sites')} loading={data.isPending}>
              <Row gutter={16}>
                <Col span={12}>
                  <Statistic
                    title={t('billing.dashboard.sitesCreated')}
                    value={d?.sites.sites.created ?? 0}
                  />
                </Col>
                <Col span={12}>
                  <Statistic
                    title={t('billing.dashboard.sitesPublished')}
                    value={d?.sites.sites.published ?? 0}
                  />
                </Col>
              </Row>
            </Card>
          </section>
        </Col>
        <Col xs={24} lg={12}>
          {vitals.isError ? (
            <ListError error={vitals.error} onRetry={() => void vitals.refetch()} />
          ) : (
            <VitalsPassCard data={vitals.data} loading={vitals.isPending} />
          )}
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('billing.dashboard.registrations')} loading={data.isPending}>
            <WhenVisible height={260}>
              <EChart
                option={registrationsOption}
                height={260}
                label={t('billing.dashboard.registrations')}
              />
            </WhenVisible>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('billing.dashboard.adoption')} loading={data.isPending}>
            <WhenVisible height={260}>
              <EChart option={adoptionOption} height={260} label={t('billing.dashboard.adoption')} />
            </WhenVisible>
          </Card>
        </Col>
      </Row>
    </section>
  )
}
