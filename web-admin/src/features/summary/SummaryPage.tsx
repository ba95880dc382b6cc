import { AUTHORITIES, CONTRACT_STATUSES, SITE_STATUSES } from '@swipe/shared'
import { useQuery } from '@tanstack/react-query'
import { Card, Col, Descriptions, Flex, Row, Statistic, Typography } from 'antd'
import { lazy } from 'react'
import { useTranslation } from 'react-i18next'
import { ContractStatusTag, contractStatusLabel } from '../../components/contractLabels.tsx'
import { ListError } from '../../components/ListError.tsx'
import { siteStatusLabel } from '../../components/siteStatusLabel.ts'
import { loadFeatureTexts } from '../../i18n/index.ts'
import { creatorTypeOf } from '../../lib/accountTypes.ts'
import { useCurrentUser } from '../shell/useCurrentUser.ts'
import { type StatusCounts, summaryQuery } from './api.ts'
import { LatestInformation } from './LatestInformation.tsx'
import { WhenVisible } from './WhenVisible.tsx'

/** Counts in the order of `known`; a status the console does not know yet follows as sent. */
const ordered = (counts: StatusCounts | undefined, known: readonly string[]) => {
  const byStatus = counts?.byStatus ?? []
  const countOf = (status: string) => byStatus.find((item) => item.status === status)?.count ?? 0
  return [
    ...known.map((status) => ({ status, count: countOf(status) })),
    ...byStatus.filter((item) => !known.includes(item.status)),
  ]
}

interface CountCardProps {
  title: string
  counts: StatusCounts | undefined
  loading: boolean
  statuses: readonly string[]
  label: (status: string) => string
}

/** One total with its count per status; a landmark named by its title. */
const CountCard = ({ title, counts, loading, statuses, label }: CountCardProps) => (
  <section aria-label={title} style={{ height: '100%' }}>
    <Card size="small" style={{ height: '100%' }}>
      <Statistic title={title} value={counts?.total ?? 0} loading={loading} />
      {!loading && (
        <Flex wrap gap={24} style={{ marginTop: 12 }}>
          {ordered(counts, statuses).map(({ status, count }) => (
            <Statistic
              key={status}
              title={label(status)}
              value={count}
              styles={{ content: { fontSize: 18 } }}
            />
          ))}
        </Flex>
      )}
    </Card>
  </section>
)

/**
 * The platform dashboard (issue 18): its own chunk with ECharts and the billing texts, loaded only
 * for accounts that see it (those that may read users: staff, scoped for an OEM).
 */
const Dashboard = lazy(async () => {
  const [module] = await Promise.all([import('./Dashboard.tsx'), loadFeatureTexts('billing')])
  return { default: module.Dashboard }
})

/** /:userTypeId/summary: where every user lands after signing in; counts and the account. */
export const SummaryPage = () => {
  const { t } = useTranslation()
  const info = useCurrentUser()
  const counts = useQuery(summaryQuery())
  const authority = AUTHORITIES.find((value) => value === info.authority) ?? 'VIEW'
  // Users are counted for every account but direct users (the server sends null for them); while the
  // counts load, the same rule decides whether the users card holds a place.
  const showUsers = counts.data ? counts.data.users !== null : creatorTypeOf(info) !== 'USER'
  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('pages.summary')}
      </Typography.Title>
      <Typography.Paragraph>
        {t('summary.welcome', { name: info.contactName ?? info.companyName ?? info.email })}
      </Typography.Paragraph>

      {counts.isError ? (
        <ListError error={counts.error} onRetry={() => void counts.refetch()} />
      ) : (
        <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
          {showUsers && (
            <Col xs={24} lg={12}>
              <CountCard
                title={t('summary.users')}
                counts={counts.data?.users ?? undefined}
                loading={counts.isPending}
                statuses={CONTRACT_STATUSES}
                label={(status) => contractStatusLabel(status, t)}
              />
            </Col>
          )}
          <Col xs={24} lg={12}>
            <CountCard
              title={t('summary.sites')}
              counts={counts.data?.sites}
              loading={counts.isPending}
              statuses={SITE_STATUSES}
              label={(status) => siteStatusLabel(status, t)}
            />
          </Col>
        </Row>
      )}

      <LatestInformation />
      {info.allowedActions.includes('account:read') && (
        <div style={{ marginBottom: 24 }}>
          <WhenVisible height={320}>
            <Dashboard />
          </WhenVisible>
        </div>
      )}

      <Descriptions
        title={t('summary.account')}
        column={1}
        bordered
        size="small"
        items={[
          { key: 'company', label: t('summary.companyName'), children: info.companyName ?? '-' },
          { key: 'contact', label: t('summary.contactName'), children: info.contactName ?? '-' },
          { key: 'email', label: t('summary.email'), children: info.email },
          {
            key: 'authority',
            label: t('summary.authority'),
            children: t(`summary.authorities.${authority}`),
          },
          {
            key: 'status',
            label: t('summary.contractStatus'),
            children: <ContractStatusTag status={info.contractStatus} />,
          },
        ]}
      />
    </Card>
  )
}
