import { AUTHORITIES, CONTRACT_STATUSES } from '@swipe/shared'
import { Card, Descriptions, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCurrentUser } from '../shell/useCurrentUser.ts'

/** /:userTypeId/summary: where every user lands after signing in. */
export const SummaryPage = () => {
  const { t } = useTranslation()
  const info = useCurrentUser()
  const status = CONTRACT_STATUSES.find((value) => value === info.contractStatus)
  const authority = AUTHORITIES.find((value) => value === info.authority) ?? 'VIEW'
  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('pages.summary')}
      </Typography.Title>
      <Typography.Paragraph>
        {t('summary.welcome', { name: info.contactName ?? info.companyName ?? info.email })}
      </Typography.Paragraph>
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
            children: status ? t(`summary.contractStatuses.${status}`) : info.contractStatus,
          },
        ]}
      />
    </Card>
  )
}
