import { PLAN_FEATURE_MESSAGES } from '@swipe/shared'
import { Alert, Button, Card, Descriptions, Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { tShared } from '../../../../i18n/index.ts'
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

/**
 * Custom domain: its state and how connecting one works. The connection flow itself (enter the
 * domain, copy the CNAME, add it at the provider, complete) belongs to a later issue, so the steps
 * are described here, not offered as controls that would do nothing.
 */
const CustomDomain = ({
  available,
  domain,
  verifying,
}: {
  available: boolean
  domain: string | null
  verifying: boolean
}) => {
  const { t } = useTranslation()
  return (
    <Card title={t('siteEditor.domain.customTitle')} size="small">
      {!available ? (
        <Alert type="info" showIcon title={tShared(PLAN_FEATURE_MESSAGES.privateDomain)} />
      ) : (
        <>
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: 'domain',
                label: t('siteEditor.domain.customDomain'),
                children: domain ? (
                  <Typography.Text>{domain}</Typography.Text>
                ) : (
                  <Typography.Text type="secondary">{t('siteEditor.domain.customNone')}</Typography.Text>
                ),
              },
            ]}
          />
          {verifying && (
            <Alert
              type="warning"
              showIcon
              title={t('siteEditor.domain.verifying')}
              style={{ marginTop: 8 }}
            />
          )}
          <Typography.Paragraph style={{ margin: '12px 0 4px' }}>
            {t('siteEditor.domain.stepsIntro')}
          </Typography.Paragraph>
          <ol style={{ margin: 0, paddingInlineStart: 20 }}>
            {CUSTOM_DOMAIN_STEPS.map((step) => (
              <li key={step}>
                <Typography.Text strong>{t(`siteEditor.domain.steps.${step}.title`)}</Typography.Text>
                <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                  {t(`siteEditor.domain.steps.${step}.description`)}
                </Typography.Paragraph>
              </li>
            ))}
          </ol>
          <Alert type="info" showIcon title={t('siteEditor.domain.comingSoon')} style={{ marginTop: 12 }} />
        </>
      )}
    </Card>
  )
}

/** Domain settings (SPEC §2): the default URL with the site UUID, and the custom domain's state. */
export const DomainTab = ({ draft, plan }: EditorTabProps) => {
  const g = draft.globalSetting
  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <DefaultDomain url={g.url} siteUuid={g.siteUuid} />
      <CustomDomain
        available={plan.features.privateDomain}
        domain={g.customDomain}
        verifying={g.status === 'DOMAIN_VERIFYING'}
      />
    </Flex>
  )
}
