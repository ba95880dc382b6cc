import { useQuery } from '@tanstack/react-query'
import { Card, Result, Spin, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { ListError } from '../../../components/ListError.tsx'
import { ApiError, errorMessage } from '../../../lib/api.ts'
import { useToast } from '../../../lib/toast.ts'
import { useCurrentUser } from '../../shell/useCurrentUser.ts'
import { type SiteDetail, siteDetailQuery } from '../api.ts'
import { SiteEditor } from './frame/SiteEditor.tsx'

/** Loads the site; the editor starts once it is there and keeps its own draft afterwards. */
const SiteEditorLoader = ({ id }: { id: string }) => {
  const { t } = useTranslation()
  const toast = useToast()
  const info = useCurrentUser()
  const detail = useQuery(siteDetailQuery(id))
  const listPath = `/${info.userTypeSegment}/site-list`

  const reload = async (): Promise<SiteDetail | undefined> => {
    const result = await detail.refetch()
    if (result.isError) {
      toast.error(errorMessage(result.error))
      return undefined
    }
    return result.data
  }

  if (detail.isPending) return <Spin description={t('common.loading')} />
  // A failed reload keeps the editor (and its draft) on screen; only a first load shows the error.
  if (!detail.data) {
    if (detail.error instanceof ApiError && detail.error.status === 404)
      return (
        <Result
          status="404"
          title={
            <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
              {t('siteEditor.notFound')}
            </Typography.Title>
          }
          subTitle={t('siteEditor.notFoundDescription')}
          extra={<Link to={listPath}>{t('siteEditor.backToList')}</Link>}
        />
      )
    return (
      <>
        <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
          {t('pages.siteDetail')}
        </Typography.Title>
        <ListError error={detail.error} onRetry={() => void detail.refetch()} />
      </>
    )
  }
  return <SiteEditor siteId={id} site={detail.data} reload={reload} />
}

/** /:userTypeId/site/:id (SPEC §2): the site editor. */
export const SiteEditorPage = () => {
  const { id = '' } = useParams()
  // Another site starts afresh: its own draft, tab and language.
  return (
    <Card>
      <SiteEditorLoader key={id} id={id} />
    </Card>
  )
}
