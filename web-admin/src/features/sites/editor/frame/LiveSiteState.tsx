import { Alert, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { visuallyHidden } from '../../../../components/visuallyHidden.ts'
import type { GlobalSetting } from '../../api.ts'

type LiveFields = Pick<GlobalSetting, 'status' | 'url' | 'unpublishedChanges'>

/** The live site's address, opened in a new tab (the editor stays as it is). */
export const LiveSiteLink = ({ url }: { url: string }) => {
  const { t } = useTranslation()
  return (
    <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
      {t('siteEditor.live.open')}
      <span aria-hidden> ↗</span>
      <span style={visuallyHidden}>{t('siteEditor.live.newTab')}</span>
    </Typography.Link>
  )
}

/**
 * What visitors see against what is saved (docs/decisions/0015-site-editor.md "Saved is not live: live state,
 * save actions and their toasts"), for a site the public host serves: saved changes not yet published as a
 * warning that says how to publish them, or that the live site is current; with the link to the live site
 * either way. Nothing for a site that is not served (its status tag says so).
 */
export const LiveSiteState = ({ site }: { site: LiveFields }) => {
  const { t } = useTranslation()
  if (site.status !== 'PUBLISH') return null
  const link = site.url ? <LiveSiteLink url={site.url} /> : null
  if (site.unpublishedChanges)
    return (
      <Alert
        type="warning"
        showIcon
        title={t('siteEditor.live.unpublished')}
        description={t('siteEditor.live.unpublishedDetail')}
        action={link}
        style={{ marginBottom: 16 }}
      />
    )
  return (
    <Alert
      type="success"
      showIcon
      title={t('siteEditor.live.current')}
      action={link}
      style={{ marginBottom: 16 }}
    />
  )
}
