import { Alert, Button } from 'antd'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../lib/api.ts'

/**
 * A report's error in place, with a retry: the server's sentence under 「データを読み込めませんでした。」,
 * so a plan without analytics (403 `plan.noAnalytics`) reads as the plan's notice.
 */
export const Failed = ({ error, retry }: { error: unknown; retry: () => void }) => {
  const { t } = useTranslation()
  return (
    <Alert
      type="error"
      showIcon
      title={t('analytics.loadFailed')}
      description={errorMessage(error)}
      action={<Button onClick={retry}>{t('analytics.retry')}</Button>}
    />
  )
}
