import { Card, Result, Space, Tabs, Typography } from 'antd'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams, useSearchParams } from 'react-router'
import { useCurrentUser } from '../../shell/useCurrentUser.ts'
import { SUBMISSION_TABS, type SubmissionTab } from './api.ts'
import { SubmissionList } from './components/SubmissionList.tsx'

/** The tab in the address (`?tab=`), members unless another one is named. */
const tabOf = (value: string | null): SubmissionTab =>
  SUBMISSION_TABS.find((tab) => tab === value) ?? 'member'

/**
 * /:userTypeId/site/:id/submissions (SPEC §2 "Contact, membership and form lists per site"): a
 * site's members, contact messages and homepage-form submissions in three tabs, each with its
 * filters and CSV export. The tab and the filters live in the address, so a reload or a shared
 * link shows the same list.
 */
export const SiteSubmissionsPage = () => {
  const { t } = useTranslation()
  const info = useCurrentUser()
  const { id = '' } = useParams()
  const [searchParams, setSearchParams] = useSearchParams()
  const tab = tabOf(searchParams.get('tab'))
  const [site, setSite] = useState<{ id: string; name: string } | null>(null)
  const [missing, setMissing] = useState<string | null>(null)
  const base = `/${info.userTypeSegment}`
  const listPath = `${base}/site-list`
  const editorPath = `${base}/site/${encodeURIComponent(id)}`

  const onSiteName = useCallback((name: string) => setSite({ id, name }), [id])
  const onNotFound = useCallback(() => setMissing(id), [id])

  // The status filter is the member list's own; the email and the days carry over between tabs.
  const openTab = (key: string) => {
    const next = new URLSearchParams(searchParams)
    next.set('tab', tabOf(key))
    next.delete('status')
    setSearchParams(next, { replace: true })
  }

  if (missing === id)
    return (
      <Card>
        <Result
          status="404"
          title={
            <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
              {t('siteSubmissions.notFound')}
            </Typography.Title>
          }
          subTitle={t('siteSubmissions.notFoundDescription')}
          extra={<Link to={listPath}>{t('siteSubmissions.backToList')}</Link>}
        />
      </Card>
    )

  const name = site?.id === id ? site.name : null
  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {name ? t('siteSubmissions.title', { name }) : t('pages.siteSubmissions')}
      </Typography.Title>
      <Typography.Paragraph>
        <Space size={16} wrap>
          <Link to={listPath}>{t('siteSubmissions.backToList')}</Link>
          <Link to={editorPath}>{t('siteSubmissions.openEditor')}</Link>
        </Space>
      </Typography.Paragraph>
      <Tabs
        aria-label={t('siteSubmissions.tabsLabel')}
        activeKey={tab}
        onChange={openTab}
        items={SUBMISSION_TABS.map((key) => ({ key, label: t(`siteSubmissions.tabs.${key}`) }))}
      />
      <SubmissionList
        key={`${id}-${tab}`}
        tab={tab}
        siteId={id}
        onSiteName={onSiteName}
        onNotFound={onNotFound}
      />
    </Card>
  )
}
