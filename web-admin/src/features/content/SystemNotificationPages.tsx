import { TEXT_LOCALES } from '@swipe/shared/schemas/content'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Card, Descriptions, Flex, Result, Space, Spin, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { ListError } from '../../components/ListError.tsx'
import { PageHeader } from '../../components/PageHeader.tsx'
import { tShared } from '../../i18n/index.ts'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { formatDateTime } from '../../lib/format.ts'
import { useToast } from '../../lib/toast.ts'
import { FEED_KEY } from '../shell/bellApi.ts'
import { ActionButton } from '../shell/permissions.tsx'
import { type SystemNoti, systemNotiQuery, useDeleteSystemNoti } from './api.ts'
import { StatusTag, textIn } from './labels.tsx'
import { SystemNotificationForm } from './SystemNotificationForm.tsx'

const Title = ({ children }: { children: string }) => (
  <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
    {children}
  </Typography.Title>
)

/** /:userTypeId/create-notification */
export const CreateNotificationPage = () => {
  const { t } = useTranslation()
  const { userTypeId } = useParams()
  const navigate = useNavigate()
  return (
    <Card>
      <Title>{t('pages.createNotification')}</Title>
      <SystemNotificationForm
        onSaved={(saved) => navigate(`/${userTypeId}/notification/${saved.id}`)}
        onCancel={() => navigate(`/${userTypeId}/system-notification`)}
      />
    </Card>
  )
}

const Details = ({ item }: { item: SystemNoti }) => {
  const { t, i18n } = useTranslation()
  const date = (value: string | null) => formatDateTime(value, i18n.language) ?? '-'
  return (
    <>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'status', label: t('content.fields.status'), children: <StatusTag status={item.status} /> },
          {
            key: 'audiences',
            label: t('content.fields.audiences'),
            children: item.audiences.map((audience) => (
              <Tag key={audience}>{t(`content.audiences.${audience}`)}</Tag>
            )),
          },
          { key: 'mode', label: t('content.fields.mode'), children: t(`content.modes.${item.mode}`) },
          {
            key: 'publicationDate',
            label: t('content.fields.publicationDate'),
            children: date(item.publicationDate),
          },
          ...(item.mode === 'RESERVE'
            ? [{ key: 'startDate', label: t('content.fields.startDate'), children: date(item.startDate) }]
            : []),
          { key: 'endDate', label: t('content.fields.endDate'), children: date(item.endDate) },
          {
            key: 'contentUrl',
            label: t('content.fields.contentUrl'),
            children: item.contentUrl ? (
              <a href={item.contentUrl} target="_blank" rel="noopener noreferrer">
                {item.contentUrl}
              </a>
            ) : (
              '-'
            ),
          },
          { key: 'updatedAt', label: t('content.fields.updatedAt'), children: date(item.updatedAt) },
        ]}
      />
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
        {t('content.fields.texts')}
      </Typography.Title>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={TEXT_LOCALES.filter((lang) => item.title[lang] || item.content[lang]).map((lang) => ({
          key: lang,
          label: t(`content.languages.${lang}`),
          children: (
            <div lang={lang}>
              <Typography.Text strong>{textIn(item.title, lang)}</Typography.Text>
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                {textIn(item.content, lang)}
              </Typography.Paragraph>
            </div>
          ),
        }))}
      />
    </>
  )
}

/** /:userTypeId/notification/:id — details, edit in place, delete with confirmation. */
export const NotificationDetailPage = () => {
  const { t, i18n } = useTranslation()
  const { userTypeId, id = '' } = useParams()
  const navigate = useNavigate()
  const toast = useToast()
  const { modal } = App.useApp()
  const queryClient = useQueryClient()
  const query = useQuery(systemNotiQuery(id))
  const remove = useDeleteSystemNoti()
  const [editing, setEditing] = useState(false)
  const listPath = `/${userTypeId}/system-notification`

  if (query.isPending)
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    )
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return (
        <Result
          status="404"
          title={t('content.form.notFound')}
          extra={<Link to={listPath}>{t('content.form.back')}</Link>}
        />
      )
    return <ListError error={query.error} onRetry={() => void query.refetch()} />
  }
  const item = query.data

  const confirmDelete = () =>
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
            navigate(listPath)
          })
          .catch((error: unknown) => {
            toast.error(errorMessage(error))
            void query.refetch()
          }),
    })

  return (
    <Card>
      <PageHeader title={t('pages.notificationDetail')}>
        <Space>
          <Link to={listPath}>{t('content.form.back')}</Link>
          {!editing && (
            <ActionButton action="systemNotification:manage" onClick={() => setEditing(true)}>
              {t('content.form.edit')}
            </ActionButton>
          )}
          <ActionButton action="systemNotification:manage" danger onClick={confirmDelete}>
            {t('content.list.delete')}
          </ActionButton>
        </Space>
      </PageHeader>
      {editing ? (
        <SystemNotificationForm
          key={item.version}
          item={item}
          onSaved={(saved) => {
            queryClient.setQueryData(systemNotiQuery(id).queryKey, saved)
            setEditing(false)
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Details item={item} />
      )}
    </Card>
  )
}
