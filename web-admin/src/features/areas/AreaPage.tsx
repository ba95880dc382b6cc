import { Card, Empty, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { PageKey } from '../shell/consoleRoutes.ts'

/** A console screen whose content arrives in its own issue: its title and an empty state. */
export const AreaPage = ({ page }: { page: Exclude<PageKey, 'noData'> }) => {
  const { t } = useTranslation()
  const title = t(`pages.${page}`)
  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Empty description={t('pages.noData', { name: title })} />
    </Card>
  )
}
