import { PLAN_FEATURE_MESSAGES } from '@swipe/shared'
import { DOMAIN_REGISTRARS, hostLabelOf } from '@swipe/shared/site/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Input,
  Popconfirm,
  Segmented,
  Space,
  Spin,
  Steps,
  Tag,
  Typography,
} from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { tShared } from '../../../../i18n/index.ts'
import { ApiError, call } from '../../../../lib/api.ts'
import { useToast } from '../../../../lib/toast.ts'
import type { EditorTabProps } from '../draft.ts'

const CUSTOM_DOMAIN_STEPS = ['enter', 'cname', 'provider', 'complete'] as const

/** The default URL: open it, copy it; it serves the site once the site is published. */
const DefaultDomain = ({ url, siteUuid }: { url: string | null; siteUuid: string }) => {
  const { t } = useTranslation()
  const toast = useToast()
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      toast.success(t('siteEditor.domain.copied'))
    } catch {
      toast.error(t('siteEditor.domain.copyFailed'))
    }
  }
  return (
    <Card title={t('siteEditor.domain.defaultTitle')} size="small">
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'url',
            label: t('siteEditor.domain.url'),
            children: url ? (
              <Flex gap={8} align="center" wrap>
                <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
                  {url}
                  <span
                    style={{
                      position: 'absolute',
                      width: 1,
                      height: 1,
                      overflow: 'hidden',
                      clip: 'rect(0 0 0 0)',
                    }}
                  >
                    {t('siteEditor.domain.newTab')}
                  </span>
                </Typography.Link>
                <Button size="small" onClick={() => void copy(url)}>
                  {t('siteEditor.domain.copy')}
                </Button>
              </Flex>
            ) : (
              <Typography.Text type="secondary">{t('siteEditor.domain.noUrl')}</Typography.Text>
            ),
          },
          {
            key: 'uuid',
            label: t('siteEditor.domain.siteUuid'),
            children: <Typography.Text code>{siteUuid}</Typography.Text>,
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        {t('siteEditor.domain.defaultHint')}
      </Typography.Paragraph>
    </Card>
  )
}

type DomainAnswer = Awaited<ReturnType<typeof getDomain>>
type Finding = NonNullable<DomainAnswer['domain']>['findings'][number]

const getDomain = (id: string, signal?: AbortSignal) =>
  call('sites.domainGet', { params: { id } }, { signal })
const domainKey = (siteId: string) => ['sites', 'domain', siteId] as const

const STATE_COLOURS = { VERIFYING: 'gold', ACTIVE: 'green', FAILED: 'red' } as const
const SEVERITY_ALERT = { error: 'error', warning: 'warning', info: 'info' } as const

const formatDate = (iso: string | null, lang: string) =>
  iso
    ? new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' })
    : ''

/** The doctor's findings (already in the reader's language), one alert each. */
const Doctor = ({ findings }: { findings: readonly Finding[] }) => {
  const { t } = useTranslation()
  return (
    <section aria-label={t('siteEditor.domain.doctorTitle')}>
      <Typography.Text strong>{t('siteEditor.domain.doctorTitle')}</Typography.Text>
      <Flex vertical gap={8} style={{ marginTop: 8 }}>
        {findings.length === 0 ? (
          <Typography.Text type="secondary">{t('siteEditor.domain.doctorEmpty')}</Typography.Text>
        ) : (
          findings.map((f) => (
            <Alert key={f.code} type={SEVERITY_ALERT[f.severity]} showIcon title={f.message} />
          ))
        )}
      </Flex>
    </section>
  )
}

/**
 * The four-step flow (SPEC §2): enter the domain, copy the CNAME target, add it at the DNS
 * provider (instructions for the common Japanese registrars and Route 53), complete (check now;
 * the scheduled checker also checks). The doctor explains every state in words.
 */
const CustomDomainFlow = ({
  siteId,
  readOnly,
  onSiteChanged,
}: {
  siteId: string
  readOnly: boolean
  onSiteChanged: () => Promise<void>
}) => {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const queryClient = useQueryClient()
  const query = useQuery({ queryKey: domainKey(siteId), queryFn: ({ signal }) => getDomain(siteId, signal) })
  const [input, setInput] = useState('')
  const [registrar, setRegistrar] = useState<(typeof DOMAIN_REGISTRARS)[number]>('onamae')
  const [fieldError, setFieldError] = useState<string | undefined>()
  const settle = async (answer: DomainAnswer & { message: string }) => {
    queryClient.setQueryData(domainKey(siteId), answer)
    toast.success(answer.message)
    await onSiteChanged()
  }
  const failed = (error: unknown) => {
    const message = error instanceof ApiError ? error.message : t('siteEditor.domain.loadFailed')
    setFieldError(message)
    toast.error(message)
  }
  const register = useMutation({
    mutationFn: (domain: string) => call('sites.domainSet', { params: { id: siteId }, body: { domain } }),
    onSuccess: async (answer) => {
      setFieldError(undefined)
      setInput('')
      await settle(answer)
    },
    onError: failed,
  })
  const check = useMutation({
    mutationFn: () => call('sites.domainCheck', { params: { id: siteId } }),
    onSuccess: settle,
    onError: failed,
  })
  const remove = useMutation({
    mutationFn: () => call('sites.domainRemove', { params: { id: siteId } }),
    onSuccess: settle,
    onError: failed,
  })
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      toast.success(t('siteEditor.domain.copiedValue'))
    } catch {
      toast.error(t('siteEditor.domain.copyFailed'))
    }
  }

  if (query.isPending) return <Spin />
  if (query.isError) return <Alert type="error" showIcon title={t('siteEditor.domain.loadFailed')} />
  const answer = query.data
  const domain = answer.domain
  const current = !domain ? 0 : domain.state === 'ACTIVE' ? 4 : 3
  const host = domain ? hostLabelOf(domain.name) || '@' : ''
  const busy = register.isPending || check.isPending || remove.isPending

  const enter = (
    <Form
      layout="vertical"
      onFinish={() => register.mutate(input)}
      style={{ maxWidth: 480 }}
      disabled={readOnly || busy}
    >
      <Form.Item
        label={t('siteEditor.domain.enterLabel')}
        help={fieldError ?? t('siteEditor.domain.enterHelp')}
        validateStatus={fieldError ? 'error' : undefined}
        style={{ marginBottom: 8 }}
      >
        <Space.Compact style={{ width: '100%' }}>
          <Input
            value={input}
            onChange={(e) => setInput(e.target.value)}
            placeholder={domain?.name ?? 'lp.example.com'}
            aria-label={t('siteEditor.domain.enterLabel')}
            autoComplete="off"
            spellCheck={false}
          />
          <Button
            type="primary"
            htmlType="submit"
            disabled={!input.trim() || readOnly}
            loading={register.isPending}
          >
            {domain ? t('siteEditor.domain.change') : t('siteEditor.domain.register')}
          </Button>
        </Space.Compact>
      </Form.Item>
    </Form>
  )

  return (
    <Flex vertical gap={12}>
      <Steps
        size="small"
        current={current}
        items={CUSTOM_DOMAIN_STEPS.map((step) => ({ title: t(`siteEditor.domain.steps.${step}.title`) }))}
      />
      {enter}
      {domain && (
        <>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              {
                key: 'domain',
                label: t('siteEditor.domain.customDomain'),
                children: <Typography.Text>{domain.name}</Typography.Text>,
              },
              {
                key: 'state',
                label: t('siteEditor.domain.stateLabel'),
                children: (
                  <Tag color={STATE_COLOURS[domain.state]}>
                    {t(`siteEditor.domain.state.${domain.state}`)}
                  </Tag>
                ),
              },
              ...(domain.state === 'VERIFYING'
                ? [
                    {
                      key: 'deadline',
                      label: t('siteEditor.domain.deadline'),
                      children: formatDate(domain.deadline, i18n.language),
                    },
                  ]
                : []),
              {
                key: 'checked',
                label: t('siteEditor.domain.checkedAt'),
                children: domain.checkedAt
                  ? formatDate(domain.checkedAt, i18n.language)
                  : t('siteEditor.domain.notChecked'),
              },
            ]}
          />
          <Typography.Text strong>{t('siteEditor.domain.steps.cname.title')}</Typography.Text>
          <Typography.Paragraph style={{ margin: 0 }}>
            {t('siteEditor.domain.cnameIntro')}
          </Typography.Paragraph>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              {
                key: 'type',
                label: t('siteEditor.domain.recordType'),
                children: <Typography.Text code>CNAME</Typography.Text>,
              },
              {
                key: 'host',
                label: t('siteEditor.domain.recordHost'),
                children: <Typography.Text code>{domain.name}</Typography.Text>,
              },
              {
                key: 'value',
                label: t('siteEditor.domain.recordValue'),
                children: (
                  <Flex gap={8} align="center" wrap>
                    <Typography.Text code>{answer.cnameTarget}</Typography.Text>
                    <Button size="small" onClick={() => void copy(answer.cnameTarget)}>
                      {t('siteEditor.domain.copyValue')}
                    </Button>
                  </Flex>
                ),
              },
            ]}
          />
          <Typography.Text strong>{t('siteEditor.domain.steps.provider.title')}</Typography.Text>
          <Typography.Paragraph style={{ margin: 0 }}>
            {t('siteEditor.domain.providerIntro')}
          </Typography.Paragraph>
          <Segmented
            aria-label={t('siteEditor.domain.providerLabel')}
            value={registrar}
            onChange={(value) => setRegistrar(value as typeof registrar)}
            options={DOMAIN_REGISTRARS.map((r) => ({
              value: r,
              label: t(`siteEditor.domain.registrars.${r}.name`),
            }))}
            style={{ alignSelf: 'flex-start', flexWrap: 'wrap' }}
          />
          <Typography.Paragraph style={{ margin: 0 }}>
            {t(`siteEditor.domain.registrars.${registrar}.steps`, { host, target: answer.cnameTarget })}
          </Typography.Paragraph>
          <Typography.Text strong>{t('siteEditor.domain.steps.complete.title')}</Typography.Text>
          <Doctor findings={domain.findings} />
          {domain.url && (
            <Typography.Link href={domain.url} target="_blank" rel="noopener noreferrer">
              {t('siteEditor.domain.openCustom')}: {domain.url}
            </Typography.Link>
          )}
          {domain.state !== 'ACTIVE' && (
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('siteEditor.domain.checkHint')}
            </Typography.Paragraph>
          )}
          {answer.provisioner === 'local' && (
            <Alert
              type="info"
              showIcon
              title={t('siteEditor.domain.localNote', { domain: domain.name, target: answer.cnameTarget })}
            />
          )}
          <Flex gap={8} wrap>
            {domain.state === 'VERIFYING' && (
              <Button
                type="primary"
                onClick={() => check.mutate()}
                loading={check.isPending}
                disabled={readOnly || busy}
              >
                {t('siteEditor.domain.check')}
              </Button>
            )}
            <Popconfirm
              title={t('siteEditor.domain.removeConfirm', { domain: domain.name })}
              okText={t('siteEditor.domain.removeOk')}
              cancelText={t('siteEditor.domain.cancel')}
              onConfirm={() => remove.mutate()}
              disabled={readOnly || busy}
            >
              <Button danger loading={remove.isPending} disabled={readOnly || busy}>
                {t('siteEditor.domain.remove')}
              </Button>
            </Popconfirm>
          </Flex>
        </>
      )}
    </Flex>
  )
}

/** Custom domain: the plan's switch, then the four-step flow. */
const CustomDomain = (props: {
  available: boolean
  siteId: string
  readOnly: boolean
  onSiteChanged: () => Promise<void>
}) => {
  const { t } = useTranslation()
  return (
    <Card title={t('siteEditor.domain.customTitle')} size="small">
      {!props.available ? (
        <Alert type="info" showIcon title={tShared(PLAN_FEATURE_MESSAGES.privateDomain)} />
      ) : (
        <>
          <Typography.Paragraph style={{ margin: '0 0 8px' }}>
            {t('siteEditor.domain.stepsIntro')}
          </Typography.Paragraph>
          <CustomDomainFlow
            siteId={props.siteId}
            readOnly={props.readOnly}
            onSiteChanged={props.onSiteChanged}
          />
        </>
      )}
    </Card>
  )
}

/** Domain settings (SPEC §2): the default URL with the site UUID, and the custom domain's state. */
export const DomainTab = ({ siteId, draft, plan, lang, readOnly, onServerSite }: EditorTabProps) => {
  const g = draft.globalSetting
  // A domain change moves the site's status (and version): the editor takes the stored site.
  const onSiteChanged = async () => onServerSite(await call('sites.get', { params: { id: siteId } }), lang)
  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <DefaultDomain url={g.url} siteUuid={g.siteUuid} />
      <CustomDomain
        available={plan.features.privateDomain}
        siteId={siteId}
        readOnly={readOnly}
        onSiteChanged={onSiteChanged}
      />
    </Flex>
  )
}
