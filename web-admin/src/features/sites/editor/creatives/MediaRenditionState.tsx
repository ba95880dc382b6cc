import { useQuery } from '@tanstack/react-query'
import { Alert, Flex, Spin, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { sitesApi } from '../../api.ts'

/** How often the editor asks again while an upload's web renditions are being made. */
const POLL_MS = 1500

/**
 * Where a media file's web renditions stand (issue 22): made off the request path after the
 * upload, so the editor says `processing` until they exist (the original is published meanwhile),
 * then `ready`; a file that could not be converted shows the server's reason — it is published as
 * uploaded. Files that get no renditions (GIFs, media from before) show nothing.
 */
export const MediaRenditionState = ({ siteId, mediaKey }: { siteId: string; mediaKey: string }) => {
  const { t } = useTranslation()
  const { data } = useQuery({
    queryKey: ['sites', 'media', siteId, mediaKey],
    queryFn: ({ signal }) => sitesApi.mediaStatus(siteId, [mediaKey], signal),
    refetchInterval: (query) => (query.state.data?.media[0]?.state === 'processing' ? POLL_MS : false),
  })
  const entry = data?.media[0]
  if (!entry || entry.state === 'original') return null
  if (entry.state === 'processing')
    return (
      <Flex gap={8} align="center" role="status" data-media-state="processing">
        <Spin size="small" />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('siteContent.media.processing')}
        </Typography.Text>
      </Flex>
    )
  if (entry.state === 'ready')
    return (
      <Typography.Text type="success" style={{ fontSize: 12 }} role="status" data-media-state="ready">
        {t('siteContent.media.ready')}
      </Typography.Text>
    )
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      data-media-state="failed"
      title={t('siteContent.media.failed')}
      description={entry.message}
    />
  )
}
