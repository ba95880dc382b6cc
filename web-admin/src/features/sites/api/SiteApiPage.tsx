import { SITE_API_LIMITS, type SiteApiAuthMethod } from '@swipe/shared/schemas/site-api'
import { ALLOWLIST_MIN_PREFIX, isAllowlistRange, isIpRange } from '@swipe/shared/site/ip-ranges'
import { useQuery } from '@tanstack/react-query'
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  List,
  Modal,
  Radio,
  Result,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { formatSiteDateTime } from '../../../components/dates.ts'
import { PageHeader, PageTitle } from '../../../components/PageHeader.tsx'
import { useToastedCall } from '../../../hooks/useToastedCall.ts'
import { tShared } from '../../../i18n/index.ts'
import { ApiError, errorMessage } from '../../../lib/api.ts'
import { saveBlob } from '../../../lib/files.ts'
import { useToast } from '../../../lib/toast.ts'
import { useCurrentUser } from '../../shell/useCurrentUser.ts'
import { AuditSummary } from './AuditSummary.tsx'
import {
  authorizationHeader,
  curlCommand,
  type DocsQuery,
  fetchDocs,
  type NewSiteApiKey,
  type SiteApiKey,
  siteApiQuery,
  useIssueKey,
  useRevokeKey,
  useRotateKey,
  useSaveSiteApi,
} from './api.ts'
import { ShownOnceModal } from './ShownOnceModal.tsx'
import { SiteWebhooks } from './SiteWebhooks.tsx'

const STATUS_COLORS: Record<SiteApiKey['status'], string | undefined> = {
  ACTIVE: 'green',
  EXPIRING: 'gold',
  EXPIRED: 'red',
  REVOKED: undefined,
}

/** A random basic-auth password of 24 characters (letters and digits), from the browser's CSPRNG. */
const generatePassword = (): string => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('')
}

/** One line of copyable code, with a label and a copy button. */
const CopyCode = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <div style={{ marginBottom: 12 }}>
    <Typography.Text strong>{label}</Typography.Text>
    <Typography.Paragraph
      copyable={{ text: value }}
      code
      data-testid={testId}
      style={{ wordBreak: 'break-all', marginBottom: 0, marginTop: 4 }}
    >
      {value}
    </Typography.Paragraph>
  </div>
)

interface SettingsForm {
  enabled: boolean
  authMethod: SiteApiAuthMethod
  ipText: string
  basicId: string
  basicPassword: string
}

const ipLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

/**
 * /:userTypeId/site/:id/api — the API generation dialog of SPEC §2 and the API settings per site
 * of §3 (issue 21): enable, choose the method (API key, basic auth, IP restriction) with its
 * credentials, issue, rotate and revoke keys (a new key is shown once, in a dialog with its
 * Authorization header and a curl example), each tag's endpoint and method, and the
 * documentation download.
 */
export const SiteApiPage = () => {
  const { t } = useTranslation()
  const toast = useToast()
  const tell = useToastedCall()
  const { modal } = App.useApp()
  const info = useCurrentUser()
  const { id = '' } = useParams()
  const base = `/${info.userTypeSegment}`
  const state = useQuery(siteApiQuery(id))
  const [form] = Form.useForm<SettingsForm>()
  const save = useSaveSiteApi(id)
  const issue = useIssueKey(id)
  const rotate = useRotateKey(id)
  const revoke = useRevokeKey(id)
  const [issueOpen, setIssueOpen] = useState(false)
  const [issueForm] = Form.useForm<{ name: string; expiresInDays?: number | null }>()
  const [shown, setShown] = useState<NewSiteApiKey | null>(null)
  const [docs, setDocs] = useState<Required<DocsQuery>>({ format: 'openapi', lang: 'ja' })
  const [downloading, setDownloading] = useState(false)
  const method = Form.useWatch('authMethod', form) ?? state.data?.authMethod ?? 'API_KEY'

  const data = state.data
  useEffect(() => {
    if (!data) return
    form.setFieldsValue({
      enabled: data.enabled,
      authMethod: data.authMethod,
      ipText: data.ipList.join('\n'),
      basicId: data.basicId ?? '',
      basicPassword: '',
    })
  }, [data, form])

  if (state.error instanceof ApiError && state.error.status === 404)
    return (
      <Card>
        <Result
          status="404"
          title={<PageTitle>{t('siteApi.notFound')}</PageTitle>}
          subTitle={t('siteApi.notFoundDescription')}
          extra={<Link to={`${base}/site-list`}>{t('siteApi.backToList')}</Link>}
        />
      </Card>
    )
  if (state.error)
    return (
      <Card>
        <Alert
          type="error"
          showIcon
          title={t('siteApi.loadFailed')}
          action={<Button onClick={() => void state.refetch()}>{t('siteApi.retry')}</Button>}
        />
      </Card>
    )
  if (!data) return <Card loading />

  const hasUsableKey = data.keys.some((key) => key.status === 'ACTIVE' || key.status === 'EXPIRING')
  const placeholders = {
    keyPlaceholder: t('siteApi.endpoints.keyPlaceholder'),
    passwordPlaceholder: t('siteApi.endpoints.passwordPlaceholder'),
  }
  const header = authorizationHeader(data.authMethod, { basicId: data.basicId, ...placeholders })
  const membersUrl = data.endpoints.find((e) => e.tag === 'members')?.url ?? data.baseUrl

  const onSave = async (values: SettingsForm) => {
    try {
      const saved = await save.mutateAsync({
        enabled: values.enabled,
        authMethod: values.authMethod,
        ipList: values.authMethod === 'IP_RESTRICTION' ? ipLines(values.ipText ?? '') : data.ipList,
        ...(values.basicId ? { basicId: values.basicId.trim() } : {}),
        ...(values.authMethod === 'BASIC_AUTH' && values.basicPassword
          ? { basicPassword: values.basicPassword }
          : {}),
        ...(data.version ? { version: data.version } : {}),
      })
      toast.success(saved.message)
      form.setFieldValue('basicPassword', '')
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }

  const onIssue = async (values: { name: string; expiresInDays?: number | null }) => {
    try {
      const created = await issue.mutateAsync({
        name: values.name.trim(),
        expiresInDays: values.expiresInDays ?? null,
      })
      setIssueOpen(false)
      issueForm.resetFields()
      setShown(created)
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }

  const confirmRevoke = (key: SiteApiKey) =>
    modal.confirm({
      title: t('siteApi.keys.revokeConfirmTitle', { name: key.name }),
      content: t('siteApi.keys.revokeConfirmBody'),
      okText: t('siteApi.keys.revoke'),
      okButtonProps: { danger: true },
      cancelText: t('siteApi.keys.cancel'),
      onOk: async () => {
        await tell(() => revoke.mutateAsync(key.id))
      },
    })

  const confirmRotate = (key: SiteApiKey) => {
    let grace = 60
    modal.confirm({
      title: t('siteApi.keys.rotateConfirmTitle', { name: key.name }),
      content: (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {t('siteApi.keys.rotateConfirmBody')}
          </Typography.Paragraph>
          <div>
            <Typography.Text>{t('siteApi.keys.graceMinutes')}</Typography.Text>
            <InputNumber
              aria-label={t('siteApi.keys.graceMinutes')}
              min={0}
              max={SITE_API_LIMITS.graceMinutes}
              defaultValue={grace}
              onChange={(value) => {
                grace = Number(value ?? 0)
              }}
              style={{ display: 'block', marginTop: 4 }}
            />
          </div>
        </Space>
      ),
      okText: t('siteApi.keys.rotate'),
      cancelText: t('siteApi.keys.cancel'),
      onOk: async () => {
        try {
          setShown(await rotate.mutateAsync({ keyId: key.id, graceMinutes: grace }))
        } catch (error) {
          toast.error(errorMessage(error))
        }
      },
    })
  }

  const onDownload = async () => {
    setDownloading(true)
    try {
      const file = await fetchDocs(id, docs)
      saveBlob(new Blob([file.content], { type: file.contentType }), file.fileName)
    } catch (error) {
      toast.error(errorMessage(error))
    } finally {
      setDownloading(false)
    }
  }

  const keyColumns: ColumnsType<SiteApiKey> = [
    { key: 'name', title: t('siteApi.keys.name'), dataIndex: 'name' },
    {
      key: 'prefix',
      title: t('siteApi.keys.prefix'),
      render: (_, key) => <Typography.Text code>{`${key.prefix}…`}</Typography.Text>,
    },
    {
      key: 'status',
      title: t('siteApi.keys.status'),
      render: (_, key) => (
        <Tag color={STATUS_COLORS[key.status]}>{t(`siteApi.keys.statuses.${key.status}`)}</Tag>
      ),
    },
    {
      key: 'createdAt',
      title: t('siteApi.keys.createdAt'),
      render: (_, key) => formatSiteDateTime(key.createdAt),
    },
    {
      key: 'lastUsed',
      title: t('siteApi.keys.lastUsed'),
      render: (_, key) =>
        key.lastUsedAt
          ? `${formatSiteDateTime(key.lastUsedAt)} (${key.lastUsedIp ?? '—'})`
          : t('siteApi.keys.notUsed'),
    },
    {
      key: 'validUntil',
      title: t('siteApi.keys.validUntil'),
      render: (_, key) => (key.validUntil ? formatSiteDateTime(key.validUntil) : t('siteApi.keys.never')),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, key) =>
        key.status === 'ACTIVE' || key.status === 'EXPIRING' ? (
          <Space size={4}>
            <Button
              type="link"
              size="small"
              aria-label={t('siteApi.keys.rotateOf', { name: key.name })}
              onClick={() => confirmRotate(key)}
            >
              {t('siteApi.keys.rotate')}
            </Button>
            <Button
              type="link"
              size="small"
              danger
              aria-label={t('siteApi.keys.revokeOf', { name: key.name })}
              onClick={() => confirmRevoke(key)}
            >
              {t('siteApi.keys.revoke')}
            </Button>
          </Space>
        ) : null,
    },
  ]

  const shownHeader = shown ? authorizationHeader('API_KEY', { key: shown.key, ...placeholders }) : null

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <PageHeader title={t('siteApi.title', { name: data.siteName })}>
          <Space size={16} wrap>
            <Link to={`${base}/site-list`}>{t('siteApi.backToList')}</Link>
            <Link to={`${base}/site/${encodeURIComponent(id)}`}>{t('siteApi.openEditor')}</Link>
          </Space>
        </PageHeader>
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('siteApi.intro')}</Typography.Paragraph>
      </Card>

      <Card
        title={
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {t('siteApi.settings.title')}
          </Typography.Title>
        }
      >
        <Form<SettingsForm> form={form} layout="vertical" onFinish={onSave} style={{ maxWidth: 640 }}>
          <Form.Item
            name="enabled"
            label={t('siteApi.settings.enabled')}
            valuePropName="checked"
            extra={t('siteApi.settings.enabledHelp')}
          >
            <Switch />
          </Form.Item>
          <Form.Item name="authMethod" label={t('siteApi.settings.authMethod')}>
            <Radio.Group
              optionType="button"
              options={(['API_KEY', 'BASIC_AUTH', 'IP_RESTRICTION'] as const).map((value) => ({
                value,
                label: t(`siteApi.settings.methods.${value}`),
              }))}
            />
          </Form.Item>
          {method === 'IP_RESTRICTION' && (
            <Form.Item
              name="ipText"
              label={t('siteApi.settings.ipList')}
              extra={t('siteApi.settings.ipListHelp')}
              rules={[
                {
                  validator: async (_, value: string | undefined) => {
                    const lines = (value ?? '').split('\n')
                    if (ipLines(value ?? '').length === 0) throw new Error(t('siteApi.settings.ipRequired'))
                    const bad = lines.findIndex((line) => line.trim() !== '' && !isIpRange(line))
                    if (bad >= 0) throw new Error(t('siteApi.settings.ipInvalid', { line: bad + 1 }))
                    const broad = lines.findIndex((line) => line.trim() !== '' && !isAllowlistRange(line))
                    if (broad >= 0)
                      throw new Error(
                        t('siteApi.settings.ipTooBroad', { line: broad + 1, ...ALLOWLIST_MIN_PREFIX }),
                      )
                  },
                },
              ]}
            >
              <Input.TextArea rows={4} placeholder="203.0.113.0/24" />
            </Form.Item>
          )}
          {method === 'BASIC_AUTH' && (
            <>
              <Form.Item
                name="basicId"
                label={t('siteApi.settings.basicId')}
                rules={[
                  { required: true, whitespace: true, message: tShared('validation.basicAuthRequired') },
                ]}
              >
                <Input autoComplete="off" maxLength={SITE_API_LIMITS.basicId} />
              </Form.Item>
              <Form.Item
                label={t('siteApi.settings.basicPassword')}
                extra={
                  data.hasBasicPassword
                    ? t('siteApi.settings.basicPasswordStored')
                    : t('siteApi.settings.basicPasswordHelp')
                }
              >
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item
                    name="basicPassword"
                    noStyle
                    rules={[
                      { required: !data.hasBasicPassword, message: t('siteApi.settings.basicPasswordHelp') },
                      {
                        min: SITE_API_LIMITS.basicPasswordMin,
                        message: t('siteApi.settings.basicPasswordHelp'),
                      },
                    ]}
                  >
                    <Input aria-label={t('siteApi.settings.basicPassword')} autoComplete="new-password" />
                  </Form.Item>
                  <Button onClick={() => form.setFieldValue('basicPassword', generatePassword())}>
                    {t('siteApi.settings.generatePassword')}
                  </Button>
                </Space.Compact>
              </Form.Item>
            </>
          )}
          {method === 'API_KEY' && !hasUsableKey && (
            <Alert
              type="info"
              showIcon
              title={t('siteApi.settings.keyRequired')}
              style={{ marginBottom: 16 }}
            />
          )}
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('siteApi.settings.save')}
          </Button>
        </Form>
      </Card>

      <Card
        title={
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {t('siteApi.keys.title')}
          </Typography.Title>
        }
        extra={
          <Button type="primary" onClick={() => setIssueOpen(true)}>
            {t('siteApi.keys.issue')}
          </Button>
        }
      >
        <Table<SiteApiKey>
          rowKey="id"
          size="small"
          columns={keyColumns}
          dataSource={data.keys}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: <Empty description={t('siteApi.keys.empty')} /> }}
        />
      </Card>

      <Card
        title={
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {t('siteApi.endpoints.title')}
          </Typography.Title>
        }
      >
        <Table
          rowKey="tag"
          size="small"
          pagination={false}
          scroll={{ x: true }}
          dataSource={data.endpoints}
          columns={[
            {
              key: 'tag',
              title: t('siteApi.endpoints.tag'),
              render: (_, e) => t(`siteApi.endpoints.tags.${e.tag}`),
            },
            { key: 'method', title: t('siteApi.endpoints.method'), render: (_, e) => <Tag>{e.method}</Tag> },
            {
              key: 'url',
              title: t('siteApi.endpoints.url'),
              render: (_, e) => (
                <Typography.Text code copyable={{ text: e.url }} style={{ wordBreak: 'break-all' }}>
                  {e.url}
                </Typography.Text>
              ),
            },
          ]}
          style={{ marginBottom: 16 }}
        />
        {header ? (
          <CopyCode label={t('siteApi.endpoints.header')} value={header} testId="site-api-header" />
        ) : (
          <Typography.Paragraph>{t('siteApi.endpoints.noHeader')}</Typography.Paragraph>
        )}
        <CopyCode
          label={t('siteApi.endpoints.curl')}
          value={curlCommand(membersUrl, header)}
          testId="site-api-curl"
        />
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('siteApi.endpoints.rateLimit')}
        </Typography.Paragraph>
      </Card>

      <Card
        title={
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {t('siteApi.docs.title')}
          </Typography.Title>
        }
      >
        <Typography.Paragraph>{t('siteApi.docs.help')}</Typography.Paragraph>
        <Flex gap={12} wrap align="end">
          <div>
            <Typography.Text>{t('siteApi.docs.format')}</Typography.Text>
            <Select
              aria-label={t('siteApi.docs.format')}
              value={docs.format}
              onChange={(format) => setDocs((d) => ({ ...d, format }))}
              style={{ display: 'block', minWidth: 200 }}
              options={(['openapi', 'markdown', 'html'] as const).map((value) => ({
                value,
                label: t(`siteApi.docs.formats.${value}`),
              }))}
            />
          </div>
          <div>
            <Typography.Text>{t('siteApi.docs.lang')}</Typography.Text>
            <Select
              aria-label={t('siteApi.docs.lang')}
              value={docs.lang}
              onChange={(lang) => setDocs((d) => ({ ...d, lang }))}
              style={{ display: 'block', minWidth: 120 }}
              options={(['ja', 'en'] as const).map((value) => ({
                value,
                label: t(`siteApi.docs.langs.${value}`),
              }))}
            />
          </div>
          <Button onClick={() => void onDownload()} loading={downloading}>
            {t('siteApi.docs.download')}
          </Button>
        </Flex>
      </Card>

      <SiteWebhooks siteId={id} />

      <Card
        title={
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {t('siteApi.audit.title')}
          </Typography.Title>
        }
      >
        <List
          size="small"
          dataSource={data.audit}
          locale={{ emptyText: t('siteApi.audit.empty') }}
          renderItem={(entry) => (
            <List.Item>
              <Space wrap>
                <Typography.Text type="secondary">{formatSiteDateTime(entry.at)}</Typography.Text>
                <Typography.Text>
                  {t(`siteApi.audit.actions.${entry.action as 'settings.update'}`, {
                    defaultValue: entry.action,
                  })}
                </Typography.Text>
                <AuditSummary summary={entry.summary} />
              </Space>
            </List.Item>
          )}
        />
      </Card>

      <Modal
        open={issueOpen}
        title={t('siteApi.keys.issueTitle')}
        okText={t('siteApi.keys.confirm')}
        cancelText={t('siteApi.keys.cancel')}
        confirmLoading={issue.isPending}
        onOk={() => issueForm.submit()}
        onCancel={() => setIssueOpen(false)}
        destroyOnHidden
      >
        <Form form={issueForm} layout="vertical" onFinish={onIssue} preserve={false}>
          <Form.Item
            name="name"
            label={t('siteApi.keys.name')}
            rules={[{ required: true, whitespace: true, message: tShared('validation.required') }]}
          >
            <Input maxLength={SITE_API_LIMITS.keyName} placeholder={t('siteApi.keys.namePlaceholder')} />
          </Form.Item>
          <Form.Item
            name="expiresInDays"
            label={t('siteApi.keys.expiresInDays')}
            extra={t('siteApi.keys.expiresHelp')}
          >
            <InputNumber min={1} max={SITE_API_LIMITS.expiresInDaysMax} style={{ width: 160 }} />
          </Form.Item>
        </Form>
      </Modal>

      <ShownOnceModal
        open={shown !== null}
        title={t('siteApi.newKey.title')}
        warning={t('siteApi.newKey.warning')}
        closeLabel={t('siteApi.newKey.close')}
        onClose={() => setShown(null)}
        width={720}
      >
        {shown && (
          <>
            <CopyCode label={t('siteApi.newKey.key')} value={shown.key} testId="site-api-new-key" />
            {shownHeader && (
              <CopyCode label={t('siteApi.newKey.header')} value={shownHeader} testId="site-api-new-header" />
            )}
            <CopyCode
              label={t('siteApi.newKey.curl')}
              value={curlCommand(membersUrl, shownHeader)}
              testId="site-api-new-curl"
            />
          </>
        )}
      </ShownOnceModal>
    </Space>
  )
}
