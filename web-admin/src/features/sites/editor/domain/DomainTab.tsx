import { PLAN_FEATURE_MESSAGES } from '@swipe/shared'
import { hostLabelOf } from '@swipe/shared/site/domain'
import { Alert, Button, Card, Descriptions, Flex, Spin, Steps, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Doctor } from '../../../../components/domain/DomainDoctor.tsx'
import {
  CnameRecord,
  DomainActions,
  DomainEntryForm,
  DomainStatus,
  formatDomainDate,
  type Registrar,
  RegistrarSteps,
  TxtRecord,
  useCopyText,
  useDomainFlow,
} from '../../../../components/domain/DomainFlow.tsx'
import { tShared } from '../../../../i18n/index.ts'
import { call } from '../../../../lib/api.ts'
import type { EditorTabProps } from '../draft.ts'

const CUSTOM_DOMAIN_STEPS = ['enter', 'cname', 'provider', 'complete'] as const

/** The default URL: open it, copy it; it serves the site once the site is published. */
const DefaultDomain = ({ url, siteUuid }: { url: string | null; siteUuid: string }) => {
  const { t } = useTranslation()
  const copyText = useCopyText()
  const copy = (text: string) => copyText(text, t('siteEditor.domain.copied'))
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

const getDomain = (id: string, signal?: AbortSignal) => call('domains.get', { params: { id } }, { signal })
const domainKey = (siteId: string) => ['sites', 'domain', siteId] as const

/**
 * The four-step flow (SPEC §2): enter the domain, copy the CNAME target and this claim's TXT
 * ownership code (issue 29), add them at the DNS provider (instructions for the common Japanese
 * registrars and Route 53), complete (check now; the scheduled checker also checks). The doctor
 * explains every state in words.
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
  const copy = useCopyText()
  const [registrar, setRegistrar] = useState<Registrar>('onamae')
  const flow = useDomainFlow({
    queryKey: domainKey(siteId),
    get: (signal) => getDomain(siteId, signal),
    set: (domain) => call('domains.set', { params: { id: siteId }, body: { domain } }),
    check: () => call('domains.check', { params: { id: siteId } }),
    remove: () => call('domains.remove', { params: { id: siteId } }),
    failedText: t('siteEditor.domain.loadFailed'),
    onChanged: onSiteChanged,
  })
  const { query, check, remove, busy } = flow

  if (query.isPending) return <Spin />
  if (query.isError) return <Alert type="error" showIcon title={t('siteEditor.domain.loadFailed')} />
  const answer = query.data
  const domain = answer.domain
  const current = !domain ? 0 : domain.state === 'ACTIVE' ? 4 : 3
  const host = domain ? hostLabelOf(domain.name) || '@' : ''

  return (
    <Flex vertical gap={12}>
      <Steps
        size="small"
        current={current}
        items={CUSTOM_DOMAIN_STEPS.map((step) => ({ title: t(`siteEditor.domain.steps.${step}.title`) }))}
      />
      <DomainEntryForm
        label={t('siteEditor.domain.enterLabel')}
        help={t('siteEditor.domain.enterHelp')}
        flow={flow}
        placeholder={domain?.name ?? 'lp.example.com'}
        registered={Boolean(domain)}
        readOnly={readOnly}
      />
      {domain && (
        <>
          <DomainStatus
            label={t('siteEditor.domain.customDomain')}
            domain={domain}
            extra={[
              {
                key: 'checked',
                label: t('siteEditor.domain.checkedAt'),
                children: domain.checkedAt
                  ? formatDomainDate(domain.checkedAt, i18n.language)
                  : t('siteEditor.domain.notChecked'),
              },
            ]}
          />
          <Typography.Text strong>{t('siteEditor.domain.steps.cname.title')}</Typography.Text>
          <Typography.Paragraph style={{ margin: 0 }}>
            {t('siteEditor.domain.cnameIntro')}
          </Typography.Paragraph>
          <CnameRecord host={domain.name} target={answer.cnameTarget} onCopy={(text) => void copy(text)} />
          <TxtRecord
            challenge={domain.challenge}
            host={['_swipe-challenge', hostLabelOf(domain.name)].filter(Boolean).join('.')}
            onCopy={(text, done) => void copy(text, done)}
          />
          <Typography.Text strong>{t('siteEditor.domain.steps.provider.title')}</Typography.Text>
          <Typography.Paragraph style={{ margin: 0 }}>
            {t('siteEditor.domain.providerIntro')}
          </Typography.Paragraph>
          <RegistrarSteps
            host={host}
            target={answer.cnameTarget}
            registrar={registrar}
            onRegistrar={setRegistrar}
          />
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
          <DomainActions
            state={domain.state}
            removeConfirm={t('siteEditor.domain.removeConfirm', { domain: domain.name })}
            removeLabel={t('siteEditor.domain.remove')}
            onCheck={() => check.mutate()}
            onRemove={() => remove.mutate()}
            checking={check.isPending}
            removing={remove.isPending}
            disabled={readOnly || busy}
          />
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
