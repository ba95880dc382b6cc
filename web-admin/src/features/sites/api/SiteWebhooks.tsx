import { useQuery } from '@tanstack/react-query'
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Empty,
  Form,
  Input,
  Modal,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatSiteDateTime } from '../../../components/dates.ts'
import { useToastedCall } from '../../../hooks/useToastedCall.ts'
import { errorMessage } from '../../../lib/api.ts'
import { useToast } from '../../../lib/toast.ts'
import { ShownOnceModal } from './ShownOnceModal.tsx'
import {
  deliveriesQuery,
  type NewWebhook,
  useCreateWebhook,
  useRemoveWebhook,
  useResendDelivery,
  useRotateWebhookSecret,
  useUpdateWebhook,
  VERIFICATION_SNIPPET,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
  webhooksQuery,
} from './webhooks-api.ts'

const STATE_COLORS: Record<WebhookDelivery['state'], string> = {
  PENDING: 'gold',
  DELIVERED: 'green',
  FAILED: 'red',
}

/** One endpoint's delivery log, newest first, with a resend per delivery. */
const DeliveryLog = ({ siteId, webhook }: { siteId: string; webhook: Webhook }) => {
  const { t } = useTranslation()
  const tell = useToastedCall()
  const log = useQuery(deliveriesQuery(siteId, webhook.id))
  const resend = useResendDelivery(siteId)

  const onResend = async (delivery: WebhookDelivery) => {
    await tell(() => resend.mutateAsync({ webhookId: webhook.id, deliveryId: delivery.id }))
  }

  if (log.error) return <Alert type="error" showIcon title={errorMessage(log.error)} />
  const columns: ColumnsType<WebhookDelivery> = [
    {
      key: 'createdAt',
      title: t('siteApi.webhooks.log.createdAt'),
      render: (_, d) => formatSiteDateTime(d.createdAt),
    },
    {
      key: 'event',
      title: t('siteApi.webhooks.log.event'),
      render: (_, d) => t(`siteApi.webhooks.eventNames.${d.event}`),
    },
    {
      key: 'state',
      title: t('siteApi.webhooks.log.state'),
      render: (_, d) => (
        <Tag color={STATE_COLORS[d.state]}>{t(`siteApi.webhooks.log.states.${d.state}`)}</Tag>
      ),
    },
    { key: 'attempts', title: t('siteApi.webhooks.log.attempts'), dataIndex: 'attempts' },
    {
      key: 'lastAnswer',
      title: t('siteApi.webhooks.log.lastAnswer'),
      render: (_, d) =>
        d.lastStatus !== null ? (
          <Typography.Text code>{`HTTP ${d.lastStatus}`}</Typography.Text>
        ) : d.lastError ? (
          <Typography.Text type="danger">{t(`siteApi.webhooks.log.errors.${d.lastError}`)}</Typography.Text>
        ) : (
          t('siteApi.webhooks.log.noAnswer')
        ),
    },
    {
      key: 'next',
      title: t('siteApi.webhooks.log.nextAttempt'),
      render: (_, d) => (d.nextAttemptAt ? formatSiteDateTime(d.nextAttemptAt) : '—'),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, d) => (
        <Button
          size="small"
          aria-label={t('siteApi.webhooks.log.resendOf', { event: d.eventId })}
          loading={resend.isPending && resend.variables?.deliveryId === d.id}
          onClick={() => void onResend(d)}
        >
          {t('siteApi.webhooks.log.resend')}
        </Button>
      ),
    },
  ]
  return (
    <Table<WebhookDelivery>
      rowKey="id"
      size="small"
      loading={log.isPending}
      columns={columns}
      dataSource={log.data?.items ?? []}
      pagination={false}
      scroll={{ x: true }}
      locale={{ emptyText: <Empty description={t('siteApi.webhooks.log.empty')} /> }}
    />
  )
}

/**
 * The Webhooks section of the site API page (issue 21 Deliver 6): the endpoints (add with URL and
 * events, enable/disable, delete after a confirmation), the signing secret shown once with a copy
 * button, the signature scheme with its verification snippet, and per endpoint the delivery log
 * with a resend button.
 */
export const SiteWebhooks = ({ siteId }: { siteId: string }) => {
  const { t } = useTranslation()
  const toast = useToast()
  const tell = useToastedCall()
  const { modal } = App.useApp()
  const list = useQuery(webhooksQuery(siteId))
  const create = useCreateWebhook(siteId)
  const update = useUpdateWebhook(siteId)
  const remove = useRemoveWebhook(siteId)
  const rotate = useRotateWebhookSecret(siteId)
  const [addOpen, setAddOpen] = useState(false)
  const [addForm] = Form.useForm<{ url: string; events: WebhookEvent[] }>()
  const [shown, setShown] = useState<NewWebhook | null>(null)
  const [logOf, setLogOf] = useState<string | null>(null)

  const events = list.data?.events ?? []
  const items = list.data?.items ?? []
  const full = list.data ? items.length >= list.data.max : true

  const onAdd = async (values: { url: string; events: WebhookEvent[] }) => {
    try {
      const created = await create.mutateAsync({ url: values.url.trim(), events: values.events })
      setAddOpen(false)
      addForm.resetFields()
      setShown(created)
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }

  const onToggle = async (webhook: Webhook, enabled: boolean) => {
    await tell(() => update.mutateAsync({ webhookId: webhook.id, enabled, events: webhook.events }))
  }

  const confirmRemove = (webhook: Webhook) =>
    modal.confirm({
      title: t('siteApi.webhooks.removeConfirmTitle', { url: webhook.url }),
      content: t('siteApi.webhooks.removeConfirmBody'),
      okText: t('siteApi.webhooks.remove'),
      okButtonProps: { danger: true },
      cancelText: t('siteApi.webhooks.cancel'),
      onOk: async () => {
        await tell(() => remove.mutateAsync(webhook.id))
      },
    })

  // A new secret, shown once; the old one keeps signing beside it for 24 hours (issue 30).
  const confirmRotate = (webhook: Webhook) =>
    modal.confirm({
      title: t('siteApi.webhooks.rotateConfirmTitle', { url: webhook.url }),
      content: t('siteApi.webhooks.rotateConfirmBody'),
      okText: t('siteApi.webhooks.rotate'),
      cancelText: t('siteApi.webhooks.cancel'),
      onOk: async () => {
        try {
          setShown(await rotate.mutateAsync(webhook.id))
        } catch (error) {
          toast.error(errorMessage(error))
        }
      },
    })

  const columns: ColumnsType<Webhook> = [
    {
      key: 'url',
      title: t('siteApi.webhooks.url'),
      render: (_, w) => (
        <Typography.Text code style={{ wordBreak: 'break-all' }}>
          {w.url}
        </Typography.Text>
      ),
    },
    {
      key: 'events',
      title: t('siteApi.webhooks.events'),
      render: (_, w) => (
        <Space size={4} wrap>
          {w.events.map((event) => (
            <Tag key={event}>{t(`siteApi.webhooks.eventNames.${event}`)}</Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'secret',
      title: t('siteApi.webhooks.secret'),
      render: (_, w) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text code>{`${w.secretPrefix}…`}</Typography.Text>
          {w.previousSecretPrefix ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('siteApi.webhooks.previousSecret', {
                prefix: `${w.previousSecretPrefix}…`,
                until: formatSiteDateTime(w.previousSecretUntil),
              })}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'enabled',
      title: t('siteApi.webhooks.enabled'),
      render: (_, w) => (
        <Switch
          checked={w.enabled}
          aria-label={t('siteApi.webhooks.enabledOf', { url: w.url })}
          loading={update.isPending && update.variables?.webhookId === w.id}
          onChange={(checked) => void onToggle(w, checked)}
        />
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, w) => (
        <Space size={4}>
          <Button
            type="link"
            size="small"
            aria-expanded={logOf === w.id}
            aria-label={t('siteApi.webhooks.deliveriesOf', { url: w.url })}
            onClick={() => setLogOf(logOf === w.id ? null : w.id)}
          >
            {t('siteApi.webhooks.deliveries')}
          </Button>
          <Button
            type="link"
            size="small"
            aria-label={t('siteApi.webhooks.rotateOf', { url: w.url })}
            onClick={() => confirmRotate(w)}
          >
            {t('siteApi.webhooks.rotate')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            aria-label={t('siteApi.webhooks.removeOf', { url: w.url })}
            onClick={() => confirmRemove(w)}
          >
            {t('siteApi.webhooks.remove')}
          </Button>
        </Space>
      ),
    },
  ]
  const logged = items.find((w) => w.id === logOf)

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {t('siteApi.webhooks.title')}
        </Typography.Title>
      }
      extra={
        <Button type="primary" disabled={full} onClick={() => setAddOpen(true)}>
          {t('siteApi.webhooks.add')}
        </Button>
      }
    >
      <Typography.Paragraph>{t('siteApi.webhooks.help')}</Typography.Paragraph>
      {list.error ? (
        <Alert type="error" showIcon title={errorMessage(list.error)} style={{ marginBottom: 16 }} />
      ) : null}
      {list.data && full ? (
        <Typography.Paragraph type="secondary">
          {t('siteApi.webhooks.limit', { max: list.data.max })}
        </Typography.Paragraph>
      ) : null}
      <Table<Webhook>
        rowKey="id"
        size="small"
        loading={list.isPending}
        columns={columns}
        dataSource={items}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: <Empty description={t('siteApi.webhooks.empty')} /> }}
        style={{ marginBottom: 16 }}
      />
      {logged ? (
        <div style={{ marginBottom: 16 }}>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            {t('siteApi.webhooks.deliveriesOf', { url: logged.url })}
          </Typography.Title>
          <DeliveryLog siteId={siteId} webhook={logged} />
        </div>
      ) : null}
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {t('siteApi.webhooks.signature.title')}
      </Typography.Title>
      <Typography.Paragraph>{t('siteApi.webhooks.signature.help')}</Typography.Paragraph>
      <Typography.Text strong>{t('siteApi.webhooks.signature.snippet')}</Typography.Text>
      <Typography.Paragraph copyable={{ text: VERIFICATION_SNIPPET }} style={{ marginTop: 4 }}>
        <pre data-testid="site-webhook-snippet" style={{ whiteSpace: 'pre-wrap', marginTop: 0 }}>
          {VERIFICATION_SNIPPET}
        </pre>
      </Typography.Paragraph>

      <Modal
        open={addOpen}
        title={t('siteApi.webhooks.addTitle')}
        okText={t('siteApi.webhooks.confirm')}
        cancelText={t('siteApi.webhooks.cancel')}
        confirmLoading={create.isPending}
        onOk={() => addForm.submit()}
        onCancel={() => setAddOpen(false)}
        destroyOnHidden
      >
        <Form
          form={addForm}
          layout="vertical"
          onFinish={onAdd}
          preserve={false}
          initialValues={{ events: [...events] }}
        >
          <Form.Item
            name="url"
            label={t('siteApi.webhooks.url')}
            extra={t('siteApi.webhooks.urlHelp')}
            rules={[{ required: true, whitespace: true, message: t('siteApi.webhooks.urlRequired') }]}
          >
            <Input placeholder="https://example.com/webhooks/swipe" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="events"
            label={t('siteApi.webhooks.events')}
            rules={[{ required: true, type: 'array', min: 1, message: t('siteApi.webhooks.eventsRequired') }]}
          >
            <Checkbox.Group
              options={events.map((event) => ({
                value: event,
                label: t(`siteApi.webhooks.eventNames.${event}`),
              }))}
            />
          </Form.Item>
        </Form>
      </Modal>

      <ShownOnceModal
        open={shown !== null}
        title={t('siteApi.webhooks.newSecret.title')}
        warning={t('siteApi.webhooks.newSecret.warning')}
        closeLabel={t('siteApi.webhooks.newSecret.close')}
        onClose={() => setShown(null)}
      >
        {shown && (
          <>
            <Typography.Text strong>{t('siteApi.webhooks.secret')}</Typography.Text>
            <Typography.Paragraph
              copyable={{ text: shown.secret }}
              code
              data-testid="site-webhook-secret"
              style={{ wordBreak: 'break-all', marginTop: 4 }}
            >
              {shown.secret}
            </Typography.Paragraph>
          </>
        )}
      </ShownOnceModal>
    </Card>
  )
}
