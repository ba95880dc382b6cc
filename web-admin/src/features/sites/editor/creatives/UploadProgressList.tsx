import { Button, Flex, Progress, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { UploadItem } from './useCreativeUploads.ts'

const PROGRESS_STATUS = {
  waiting: 'normal',
  uploading: 'active',
  done: 'success',
  error: 'exception',
  refused: 'exception',
  cancelled: 'exception',
} as const

/** One row per file of the latest drop: where it goes, a progress bar, and what went wrong. */
export const UploadProgressList = ({
  items,
  busy,
  onCancel,
  onClear,
}: {
  items: readonly UploadItem[]
  busy: boolean
  onCancel: () => void
  onClear: () => void
}) => {
  const { t } = useTranslation()
  if (items.length === 0) return null
  return (
    <section aria-label={t('siteContent.upload.listTitle')} style={{ marginTop: 12 }}>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item) => (
          <li key={item.id} style={{ marginBottom: 8 }}>
            <Flex gap={8} align="baseline" wrap>
              <Typography.Text strong>{item.fileName}</Typography.Text>
              <Typography.Text type="secondary">
                {item.position
                  ? t('siteContent.upload.toCell', { position: item.position })
                  : t('siteContent.upload.notSent')}
              </Typography.Text>
              <Typography.Text type="secondary">
                {t(`siteContent.upload.statuses.${item.status}`)}
              </Typography.Text>
            </Flex>
            {item.status !== 'refused' && (
              <Progress
                percent={item.percent}
                size="small"
                status={PROGRESS_STATUS[item.status]}
                aria-label={t('siteContent.upload.progressOf', { file: item.fileName })}
              />
            )}
            {item.message && (
              <Typography.Text
                type={item.status === 'error' || item.status === 'refused' ? 'danger' : 'warning'}
                role="alert"
              >
                {item.message}
              </Typography.Text>
            )}
          </li>
        ))}
      </ul>
      <Flex gap={8}>
        {busy ? (
          <Button size="small" onClick={onCancel}>
            {t('siteContent.upload.cancel')}
          </Button>
        ) : (
          <Button size="small" onClick={onClear}>
            {t('siteContent.upload.clear')}
          </Button>
        )}
      </Flex>
    </section>
  )
}
