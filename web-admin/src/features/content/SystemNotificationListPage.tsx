import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { DataGrid, type GridColumn, RowActions } from '../../components/DataGrid.tsx'
import { PageHeader } from '../../components/PageHeader.tsx'
import { tShared } from '../../i18n/index.ts'
import { errorMessage } from '../../lib/api.ts'
import { useToast } from '../../lib/toast.ts'
import { FEED_KEY } from '../shell/bellApi.ts'
import { ActionButton } from '../shell/permissions.tsx'
import { type SystemNoti, type SystemNotiStatus, systemNotiListQuery, useDeleteSystemNoti } from './api.ts'
import { textIn } from './labels.tsx'
import { StatusFilter, statusAndDateColumns } from './scheduleFields.tsx'

/** /:userTypeId/system-notification: system notifications for staff, filtered by status (SPEC §2, §4). */
export const SystemNotificationListPage = () => {
  const { t, i18n } = useTranslation()
  const { userTypeId } = useParams()
  const navigate = useNavigate()
  const toast = useToast()
  const { modal } = App.useApp()
  const queryClient = useQueryClient()
  const [status, setStatus] = useState<SystemNotiStatus | undefined>(undefined)
  const list = useInfiniteQuery(systemNotiListQuery(status))
  const remove = useDeleteSystemNoti()
  const items = list.data?.pages.flatMap((page) => page.items) ?? []
  const detailPath = (id: string) => `/${userTypeId}/notification/${id}`

  const confirmDelete = (item: SystemNoti) =>
    modal.confirm({
      title: t('content.list.deleteTitle', { title: textIn(item.title, i18n.language) }),
      content: t('content.list.deleteContent'),
      okText: t('content.list.deleteOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove
          .mutateAsync({ id: item.id, version: item.version })
          .then((data) => {
            toast.success(data?.message ?? tShared('content.deleted'))
            void queryClient.invalidateQueries({ queryKey: FEED_KEY })
          })
          .catch((error: unknown) => {
            toast.error(errorMessage(error))
            void list.refetch()
          }),
    })

  const columns: GridColumn<SystemNoti>[] = [
    {
      key: 'title',
      title: t('content.fields.title'),
      render: (_, item) => <Link to={detailPath(item.id)}>{textIn(item.title, i18n.language)}</Link>,
    },
    {
      key: 'content',
      title: t('content.fields.content'),
      collapse: true,
      render: (_, item) => (
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 320 }}>
          {textIn(item.content, i18n.language)}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'audiences',
      title: t('content.fields.audiences'),
      collapse: true,
      render: (_, item) => (
        <Flex wrap gap={4}>
          {item.audiences.map((audience) => (
            <Tag key={audience}>{t(`content.audiences.${audience}`)}</Tag>
          ))}
        </Flex>
      ),
    },
    ...statusAndDateColumns<SystemNoti>(t, i18n.language),
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, item) => (
        <RowActions>
          <Button size="small" onClick={() => navigate(detailPath(item.id))}>
            {t('content.list.detail')}
          </Button>
          <ActionButton
            action="systemNotification:manage"
            size="small"
            danger
            aria-label={`${t('content.list.delete')}: ${textIn(item.title, i18n.language)}`}
            onClick={() => confirmDelete(item)}
          >
            {t('content.list.delete')}
          </ActionButton>
        </RowActions>
      ),
    },
  ]

  return (
    <Card>
      <PageHeader title={t('pages.systemNotification')}>
        <ActionButton
          action="systemNotification:manage"
          type="primary"
          onClick={() => navigate(`/${userTypeId}/create-notification`)}
        >
          {t('content.list.create')}
        </ActionButton>
      </PageHeader>
      <StatusFilter value={status} onChange={setStatus} />

      <DataGrid<SystemNoti>
        query={list}
        items={items}
        columns={columns}
        empty={t('content.list.empty')}
        pager={{
          kind: 'more',
          hasMore: list.hasNextPage,
          onMore: () => void list.fetchNextPage(),
          label: t('content.list.showMore'),
        }}
      />
    </Card>
  )
}
