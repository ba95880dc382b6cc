import { Alert, Button } from 'antd'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../lib/api.ts'

/**
 * The console's one load-error block: what failed (the server's localised message) and a retry
 * button. Lists show it through DataGrid/LoadingPanel; detail and form screens use it directly.
 */
export const ListError = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { t } = useTranslation()
  return (
    <Alert
      type="error"
      showIcon
      title={errorMessage(error)}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
      style={{ marginBottom: 16 }}
    />
  )
}
