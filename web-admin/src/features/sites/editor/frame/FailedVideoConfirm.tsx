import type { SiteLanguage } from '@swipe/shared'
import type { App } from 'antd'
import { useTranslation } from 'react-i18next'
import { sitesApi } from '../../api.ts'
import type { SiteDraft } from '../draft.ts'

/** The draft's video cells: each video's key with the cells (language and position) showing it. */
export const videoCellsOf = (draft: SiteDraft): Map<string, { lang: string; position: string }[]> => {
  const cells = new Map<string, { lang: string; position: string }[]>()
  for (const c of draft.creatives)
    if (c.mediaType === 'video' && c.mediaKey)
      cells.set(c.mediaKey, [...(cells.get(c.mediaKey) ?? []), { lang: c.lang, position: c.position }])
  return cells
}

/**
 * Before a publish (issue 30 #11): a video whose phone-friendly MP4 could not be made is
 * published as uploaded, which many phones cannot play. The publish asks first, naming each cell
 * and why (docs/decisions/0042-media-for-phones.md "A video that could not be converted"): the creator may
 * publish anyway or go back and replace the file. When the state cannot be read, the publish goes on (the
 * editor's media notice stays on the screen).
 */
export const useConfirmFailedVideos = (siteId: string) => {
  const { t } = useTranslation()
  return async (modal: ReturnType<typeof App.useApp>['modal'], draft: SiteDraft): Promise<boolean> => {
    const videos = videoCellsOf(draft)
    if (videos.size === 0) return true
    const answer = await sitesApi.mediaStatus(siteId, [...videos.keys()].slice(0, 100)).catch(() => undefined)
    const failed = answer?.media.filter((m) => m.state === 'failed') ?? []
    if (failed.length === 0) return true
    return new Promise((resolve) => {
      modal.confirm({
        title: t('siteContent.media.failedVideoTitle', { count: failed.length }),
        content: (
          <>
            <p>{t('siteContent.media.failedVideoContent')}</p>
            <ul data-testid="failed-videos">
              {failed.flatMap((m) =>
                (videos.get(m.key) ?? []).map((cell) => (
                  <li key={`${m.key}-${cell.lang}-${cell.position}`}>
                    {t('siteContent.media.failedVideoCell', {
                      lang: t(`siteContent.langs.${cell.lang as SiteLanguage}`),
                      cell: cell.position,
                    })}
                    {m.message ? `: ${m.message}` : ''}
                  </li>
                )),
              )}
            </ul>
          </>
        ),
        okText: t('siteContent.media.failedVideoOk'),
        cancelText: t('siteContent.media.failedVideoCancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      })
    })
  }
}
