import { hostLabelOf } from '@swipe/shared/site/domain'
import { Alert, Card, Flex, Spin, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Doctor } from '../../components/domain/DomainDoctor.tsx'
import {
  CnameRecord,
  CopyableCode,
  DnsRecordTable,
  DomainActions,
  DomainEntryForm,
  DomainStatus,
  type Registrar,
  RegistrarSteps,
  TxtRecord,
  useCopyText,
  useDomainFlow,
} from '../../components/domain/DomainFlow.tsx'
import { call } from '../../lib/api.ts'

type OemDomainAnswer = Awaited<ReturnType<typeof getOemDomain>>

const getOemDomain = (signal?: AbortSignal) => call('domains.oemGet', { query: {} }, { signal })
export const oemDomainKey = ['sites', 'oemDomain'] as const

const CERTIFICATE_COLOURS: Record<string, string> = { PENDING_VALIDATION: 'gold', ISSUED: 'green' }

type Certificate = NonNullable<OemDomainAnswer['domain']>['certificate']

/**
 * AWS only: the extra step of an OEM domain. ACM validates the wildcard certificate over DNS, so
 * the OEM adds ACM's validation CNAME beside the wildcard record (kept afterwards: renewals use it).
 * The local stack issues no certificate and says so (`localNote`).
 */
const CertificateRecord = ({
  certificate,
  ended,
  onCopy,
}: {
  certificate: Certificate
  /** The claim gave up: its certificate is deleted, only its last status and reason remain. */
  ended: boolean
  onCopy: (text: string, done: string) => void
}) => {
  const { t } = useTranslation()
  const record = ended ? null : certificate?.record
  return (
    <Flex vertical gap={8} data-testid="oem-certificate">
      <Typography.Text strong>{t('siteEditor.domain.oem.certificateTitle')}</Typography.Text>
      <Typography.Paragraph style={{ margin: 0 }}>
        {t('siteEditor.domain.oem.certificateIntro')}
      </Typography.Paragraph>
      {certificate && (
        <Flex gap={8} align="center" wrap>
          <Typography.Text>{t('siteEditor.domain.oem.certificateStateLabel')}</Typography.Text>
          <Tag color={CERTIFICATE_COLOURS[certificate.status] ?? 'red'}>
            {t(`siteEditor.domain.oem.certificateState.${certificate.status}`, {
              defaultValue: certificate.status,
            })}
          </Tag>
          {certificate.reason && (
            <Typography.Text type="secondary">
              {t('siteEditor.domain.oem.certificateReason', { reason: certificate.reason })}
            </Typography.Text>
          )}
        </Flex>
      )}
      {record ? (
        <DnsRecordTable
          type={record.type}
          host={
            <CopyableCode
              text={record.name}
              label={t('siteEditor.domain.oem.copyName')}
              onCopy={() => onCopy(record.name, t('siteEditor.domain.oem.copiedName'))}
            />
          }
          value={
            <CopyableCode
              text={record.value}
              label={t('siteEditor.domain.copyValue')}
              onCopy={() => onCopy(record.value, t('siteEditor.domain.copiedValue'))}
            />
          }
        />
      ) : (
        !ended &&
        !(certificate && certificate.status !== 'PENDING_VALIDATION') && (
          <Alert type="info" showIcon title={t('siteEditor.domain.oem.certificatePreparing')} />
        )
      )}
    </Flex>
  )
}

/**
 * The OEM master's white-label sites domain (issue 19 Deliver 5), in its admin settings: the same
 * four steps as a site's custom domain (enter, copy the wildcard CNAME, add it at the DNS
 * provider, check), the doctor's findings, and once verified the URL its users' sites answer on.
 * Read-only without the `oemDomain:manage` permission (VIEW authority).
 */
export const OemDomainCard = () => {
  const { t } = useTranslation()
  const copy = useCopyText()
  const [registrar, setRegistrar] = useState<Registrar>('onamae')
  const flow = useDomainFlow({
    queryKey: oemDomainKey,
    get: (signal) => getOemDomain(signal),
    set: (domain) => call('domains.oemSet', { query: {}, body: { domain } }),
    check: () => call('domains.oemCheck', { query: {} }),
    remove: () => call('domains.oemRemove', { query: {} }),
    failedText: t('siteEditor.domain.oem.loadFailed'),
  })
  const { query, check, remove, busy } = flow

  const title = t('siteEditor.domain.oem.title')
  if (query.isPending)
    return (
      <Card title={title} size="small">
        <Spin />
      </Card>
    )
  if (query.isError)
    return (
      <Card title={title} size="small">
        <Alert type="error" showIcon title={t('siteEditor.domain.oem.loadFailed')} />
      </Card>
    )
  const answer = query.data
  const domain = answer.domain
  const readOnly = !answer.editable
  // The host a registrar's form asks for: `*` under the registrable name, `*.sites` under a subdomain.
  const host = domain ? ['*', hostLabelOf(domain.name)].filter(Boolean).join('.') : ''

  return (
    <Card title={title} size="small">
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('siteEditor.domain.oem.intro', { example: answer.defaultSiteUrl })}
        </Typography.Paragraph>
        {readOnly && <Alert type="info" showIcon title={t('siteEditor.domain.oem.readOnly')} />}
        <DomainEntryForm
          label={t('siteEditor.domain.oem.enterLabel')}
          help={t('siteEditor.domain.oem.enterHelp')}
          flow={flow}
          placeholder={domain?.name ?? 'sites.example.co.jp'}
          registered={Boolean(domain)}
          readOnly={readOnly}
        />
        {domain && (
          <>
            <DomainStatus
              label={t('siteEditor.domain.oem.enterLabel')}
              domain={domain}
              extra={
                domain.siteUrl
                  ? [
                      {
                        key: 'siteUrl',
                        label: t('siteEditor.domain.oem.siteUrl'),
                        children: <Typography.Text code>{domain.siteUrl}</Typography.Text>,
                      },
                    ]
                  : []
              }
            />
            <Typography.Paragraph style={{ margin: 0 }}>
              {t('siteEditor.domain.oem.recordIntro')}
            </Typography.Paragraph>
            <CnameRecord
              host={domain.record}
              target={answer.cnameTarget}
              onCopy={(text) => void copy(text)}
            />
            <TxtRecord
              challenge={domain.challenge}
              host={['_swipe-challenge', hostLabelOf(domain.name)].filter(Boolean).join('.')}
              onCopy={(text, done) => void copy(text, done)}
            />
            <RegistrarSteps
              host={host}
              target={answer.cnameTarget}
              registrar={registrar}
              onRegistrar={setRegistrar}
            />
            {answer.provisioner === 'aws' && (
              <CertificateRecord
                certificate={domain.certificate}
                ended={domain.state === 'FAILED'}
                onCopy={(text, done) => void copy(text, done)}
              />
            )}
            <Doctor findings={domain.findings} />
            {answer.provisioner === 'local' && (
              <Alert
                type="info"
                showIcon
                title={t('siteEditor.domain.oem.localNote', {
                  domain: domain.name,
                  target: answer.cnameTarget,
                })}
              />
            )}
            <DomainActions
              state={domain.state}
              removeConfirm={t('siteEditor.domain.oem.removeConfirm', { domain: domain.name })}
              removeLabel={t('siteEditor.domain.oem.remove')}
              onCheck={() => check.mutate()}
              onRemove={() => remove.mutate()}
              checking={check.isPending}
              removing={remove.isPending}
              disabled={readOnly || busy}
            />
          </>
        )}
      </Flex>
    </Card>
  )
}
