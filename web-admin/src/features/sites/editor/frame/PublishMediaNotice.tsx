import { useQuery } from '@tanstack/react-query'
import { Alert } from 'antd'
import { useTranslation } from 'react-i18next'
import { sitesApi } from '../../api.ts'
import type { SiteDraft } from '../draft.ts'

/** The media keys a draft shows: creatives, product images and the logo (at most 100 asked). */
const mediaKeysOf = (draft: SiteDraft): string[] => {
  const keys = new Set<string>()
  for (const creative of draft.creatives) {
    if (creative.mediaKey) keys.add(creative.mediaKey)
    for (const product of creative.products ?? []) if (product.imagePath) keys.add(product.imagePath)
  }
  if (draft.globalSetting.logoKey) keys.add(draft.globalSetting.logoKey)
  return [...keys].sort().slice(0, 100)
}

/**
 * Before a publish (issue 22): media whose web renditions are still being made, or could not be
 * made, are published as uploaded. The editor says so above the tabs, with the counts, while the
 * draft has any; it asks again every few seconds while some are processing.
 */
export const PublishMediaNotice = ({ siteId, draft }: { siteId: string; draft: SiteDraft }) => {
  const { t, i18n } = useTranslation()
  // Japanese and Chinese sentences follow each other without a space.
  const gap = /^(ja|zh)/.test(i18n.language) ? '' : ' '
  const keys = mediaKeysOf(draft)
  const { data } = useQuery({
    queryKey: ['sites', 'media', siteId, 'all', keys.join(',')],
    queryFn: ({ signal }) => sitesApi.mediaStatus(siteId, keys, signal),
    enabled: keys.length > 0,
    refetchInterval: (query) =>
      query.state.data?.media.some((m) => m.state === 'processing') ? 3000 : false,
  })
  const processing = data?.media.filter((m) => m.state === 'processing').length ?? 0
  const failed = data?.media.filter((m) => m.state === 'failed').length ?? 0
  if (!processing && !failed) return null
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      data-media-notice=""
      title={[
        processing ? t('siteContent.media.publishProcessing', { count: processing }) : '',
        failed ? t('siteContent.media.publishFailed', { count: failed }) : '',
        t('siteContent.media.publishNotice'),
      ]
        .filter(Boolean)
        .join(gap)}
      style={{ marginBottom: 16 }}
    />
  )
}
