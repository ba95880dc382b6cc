import { Alert, Button } from 'antd'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../lib/api.ts'

/** A list that failed to load: the server's message and a retry button. */
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
