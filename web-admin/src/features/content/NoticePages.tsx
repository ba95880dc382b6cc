import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { App, Button, Card, Descriptions, Flex, Result, Space, Spin, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { DataGrid, type GridColumn, RowActions } from '../../components/DataGrid.tsx'
import { ListError } from '../../components/ListError.tsx'
import { PageHeader } from '../../components/PageHeader.tsx'
import { tShared } from '../../i18n/index.ts'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { formatDateTime } from '../../lib/format.ts'
import { useToast } from '../../lib/toast.ts'
import type { PageKey } from '../shell/consoleRoutes.ts'
import { ActionButton } from '../shell/permissions.tsx'
import { StatusTag } from './labels.tsx'
import { NoticeForm } from './NoticeForm.tsx'
import {
  deliveryKind,
  type Notice,
  type NoticeKind,
  type NoticeStatus,
  newsKind,
  noticeListQuery,
  noticeQuery,
  useDeleteNotice,
} from './noticesApi.ts'
import { StatusFilter, statusAndDateColumns } from './scheduleFields.tsx'

/** The kind a route shows: latest information, or the deliveries of the route's site. */
const useKind = (): NoticeKind => {
  const { siteId } = useParams()
  return siteId ? deliveryKind(siteId) : newsKind
}

const pageOf = (kind: NoticeKind, page: 'list' | 'create' | 'detail' | 'edit'): PageKey => {
  const news = {
    list: 'latestInformation',
    create: 'latestInformationCreate',
    detail: 'latestInformationDetail',
    edit: 'latestInformationEdit',
  } as const
  const delivery = {
    list: 'notificationDelivery',
    create: 'notificationDeliveryCreate',
    detail: 'notificationDeliveryDetail',
    edit: 'notificationDeliveryEdit',
  } as const
  return (kind.hasLang ? delivery : news)[page]
}

const useConfirmDelete = (kind: NoticeKind, after: () => void) => {
  const { t } = useTranslation()
  const toast = useToast()
  const { modal } = App.useApp()
  const remove = useDeleteNotice(kind)
  return (item: Notice) =>
    modal.confirm({
      title: t('content.list.deleteTitle', { title: item.title }),
      content: t('content.list.deleteContent'),
      okText: t('content.list.deleteOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove
          .mutateAsync({ id: item.id, version: item.version })
          .then((data) => {
            toast.success(data?.message ?? tShared('content.deleted'))
            after()
          })
          .catch((error: unknown) => toast.error(errorMessage(error))),
    })
}

/** /:userTypeId/latest-information and /:userTypeId/notification-delivery/:siteId (SPEC §2 list). */
export const NoticeListPage = () => {
  const { t, i18n } = useTranslation()
  const { userTypeId } = useParams()
  const navigate = useNavigate()
  const kind = useKind()
  const [status, setStatus] = useState<NoticeStatus | undefined>(undefined)
  const list = useInfiniteQuery(noticeListQuery(kind, status))
  const confirmDelete = useConfirmDelete(kind, () => undefined)
  const items = list.data?.pages.flatMap((page) => page.items) ?? []
  const to = (path: string) => `/${userTypeId}/${path}`

  // Below 1200 px the image, the text and the publication date fold away; title, status, 更新日時
  // and the actions stay.
  const columns: GridColumn<Notice>[] = [
    {
      key: 'image',
      title: t('content.notice.fields.image'),
      collapse: true,
      render: (_, item) =>
        item.imageUrl ? (
          <img src={item.imageUrl} alt="" style={{ maxHeight: 48, maxWidth: 80, objectFit: 'contain' }} />
        ) : (
          '-'
        ),
    },
    {
      key: 'title',
      title: t('content.notice.fields.title'),
      render: (_, item) => <Link to={to(kind.paths.detail(item.id))}>{item.title}</Link>,
    },
    {
      key: 'content',
      title: t('content.notice.fields.content'),
      collapse: true,
      render: (_, item) => (
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 320 }}>
          {item.content}
        </Typography.Paragraph>
      ),
    },
    ...statusAndDateColumns<Notice>(t, i18n.language),
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, item) => (
        <RowActions>
          <Button size="small" onClick={() => navigate(to(kind.paths.detail(item.id)))}>
            {t('content.list.detail')}
          </Button>
          <ActionButton
            action={kind.writeAction}
            size="small"
            danger
            aria-label={`${t('content.list.delete')}: ${item.title}`}
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
      <PageHeader title={t(`pages.${pageOf(kind, 'list')}`)}>
        <Space>
          {kind.hasLang && <Link to={to('site-list')}>{t('content.notice.backToSite')}</Link>}
          <ActionButton
            action={kind.writeAction}
            type="primary"
            onClick={() => navigate(to(kind.paths.create))}
          >
            {t('content.list.create')}
          </ActionButton>
        </Space>
      </PageHeader>
      {kind.hasLang && (
        <Typography.Paragraph type="secondary">{t('content.notice.deliveryIntro')}</Typography.Paragraph>
      )}
      <StatusFilter value={status} onChange={setStatus} />
      <DataGrid<Notice>
        query={list}
        items={items}
        columns={columns}
        empty={t(kind.hasLang ? 'content.notice.deliveryEmpty' : 'content.notice.newsEmpty')}
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

/** The create screen of either kind. */
export const NoticeCreatePage = () => {
  const { t } = useTranslation()
  const { userTypeId } = useParams()
  const navigate = useNavigate()
  const kind = useKind()
  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t(`pages.${pageOf(kind, 'create')}`)}
      </Typography.Title>
      <NoticeForm
        kind={kind}
        onSaved={(saved) => navigate(`/${userTypeId}/${kind.paths.detail(saved.id)}`)}
        onCancel={() => navigate(`/${userTypeId}/${kind.paths.list}`)}
      />
    </Card>
  )
}

const useNotice = (kind: NoticeKind) => {
  const { id = '' } = useParams()
  return useQuery(noticeQuery(kind, id))
}

const Loading = ({ query, kind }: { query: ReturnType<typeof useNotice>; kind: NoticeKind }) => {
  const { t } = useTranslation()
  const { userTypeId } = useParams()
  if (query.isPending)
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    )
  if (query.error instanceof ApiError && query.error.status === 404)
    return (
      <Result
        status="404"
        title={t('content.form.notFound')}
        extra={<Link to={`/${userTypeId}/${kind.paths.list}`}>{t('content.form.back')}</Link>}
      />
    )
  return <ListError error={query.error} onRetry={() => void query.refetch()} />
}

/** The edit screen of either kind. */
export const NoticeEditPage = () => {
  const { t } = useTranslation()
  const { userTypeId } = useParams()
  const navigate = useNavigate()
  const kind = useKind()
  const query = useNotice(kind)
  if (!query.data) return <Loading query={query} kind={kind} />
  const back = () => navigate(`/${userTypeId}/${kind.paths.detail(query.data.id)}`)
  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t(`pages.${pageOf(kind, 'edit')}`)}
      </Typography.Title>
      <NoticeForm key={query.data.version} kind={kind} item={query.data} onSaved={back} onCancel={back} />
    </Card>
  )
}

/** The detail screen of either kind: the fields, edit, delete with confirmation. */
export const NoticeDetailPage = () => {
  const { t, i18n } = useTranslation()
  const { userTypeId } = useParams()
  const navigate = useNavigate()
  const kind = useKind()
  const query = useNotice(kind)
  const listPath = `/${userTypeId}/${kind.paths.list}`
  const confirmDelete = useConfirmDelete(kind, () => navigate(listPath))
  if (!query.data) return <Loading query={query} kind={kind} />
  const item = query.data
  const date = (value: string | null) => formatDateTime(value, i18n.language) ?? '-'
  const link = (value: string) =>
    value ? (
      <a href={value} target="_blank" rel="noopener noreferrer">
        {value}
      </a>
    ) : (
      '-'
    )
  return (
    <Card>
      <PageHeader title={t(`pages.${pageOf(kind, 'detail')}`)}>
        <Space>
          <Link to={listPath}>{t('content.form.back')}</Link>
          <ActionButton
            action={kind.writeAction}
            onClick={() => navigate(`/${userTypeId}/${kind.paths.edit(item.id)}`)}
          >
            {t('content.form.edit')}
          </ActionButton>
          <ActionButton action={kind.writeAction} danger onClick={() => confirmDelete(item)}>
            {t('content.list.delete')}
          </ActionButton>
        </Space>
      </PageHeader>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'status', label: t('content.fields.status'), children: <StatusTag status={item.status} /> },
          { key: 'title', label: t('content.notice.fields.title'), children: item.title },
          {
            key: 'content',
            label: t('content.notice.fields.content'),
            children: <span style={{ whiteSpace: 'pre-wrap' }}>{item.content}</span>,
          },
          {
            key: 'contentUrl',
            label: t('content.notice.fields.contentUrl'),
            children: link(item.contentUrl),
          },
          {
            key: 'distributeSiteUrl',
            label: t('content.notice.fields.distributeSiteUrl'),
            children: link(item.distributeSiteUrl),
          },
          ...(kind.hasLang
            ? [
                {
                  key: 'lang',
                  label: t('content.notice.fields.lang'),
                  children: t(`content.notice.langs.${item.lang ?? 'ALL'}` as 'content.notice.langs.ALL'),
                },
              ]
            : []),
          { key: 'mode', label: t('content.fields.mode'), children: t(`content.modes.${item.mode}`) },
          {
            key: 'publicationDate',
            label: t('content.fields.publicationDate'),
            children: date(item.publicationDate),
          },
          { key: 'endDate', label: t('content.fields.endDate'), children: date(item.endDate) },
          {
            key: 'image',
            label: t('content.notice.fields.image'),
            children: item.imageUrl ? (
              <img
                src={item.imageUrl}
                alt=""
                style={{ maxHeight: 160, maxWidth: 320, objectFit: 'contain' }}
              />
            ) : (
              '-'
            ),
          },
          { key: 'updatedAt', label: t('content.fields.updatedAt'), children: date(item.updatedAt) },
        ]}
      />
    </Card>
  )
}
