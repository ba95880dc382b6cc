import { PLAN_FEATURE_MESSAGES } from '@swipe/shared'
import { CONVERSION_PLATFORMS, type ConversionPlatform } from '@swipe/shared/site/conversions-normalise'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Divider, Flex, Switch, Tag, Typography } from 'antd'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LabeledSwitch } from '../../../../components/LabeledSwitch.tsx'
import { ListError } from '../../../../components/ListError.tsx'
import { currentLocale, tShared } from '../../../../i18n/index.ts'
import type { SitePlan } from '../../api.ts'
import type { SiteDraft } from '../draft.ts'
import {
  type DESTINATION_FIELDS,
  deliveryRateText,
  destinationFieldsOf,
  destinationOf,
  destinationsOn,
  setDestinationField,
  setGoogleValidateOnly,
  switchDestination,
  type Tags,
} from './adTagsModel.ts'
import { ConversionCredentials } from './ConversionCredentials.tsx'
import { ConversionLog } from './ConversionLog.tsx'
import { type ConversionDestination, conversionsQuery } from './conversions-api.ts'
import { IdField } from './IdField.tsx'

/** The label keys of every destination's text fields. */
type FieldLabelKey = {
  [P in ConversionPlatform]: `siteEditor.adTags.conversions.fields.${P}.${(typeof DESTINATION_FIELDS)[P][number]['key']}`
}[ConversionPlatform]

/** What the saved site does with a destination, as tags: not yet sent, sending, in test mode. */
const DestinationState = ({ view }: { view: ConversionDestination }) => {
  const { t } = useTranslation()
  if (!view.enabled) return null
  return (
    <Flex wrap gap={4} style={{ marginBottom: 12 }}>
      {!view.published && <Tag color="warning">{t('siteEditor.adTags.conversions.state.notPublished')}</Tag>}
      {!view.credentialsSet && (
        <Tag color="warning">{t('siteEditor.adTags.conversions.state.noCredentials')}</Tag>
      )}
      {view.published && view.credentialsSet && (
        <Tag color="success">{t('siteEditor.adTags.conversions.state.sending')}</Tag>
      )}
      {view.testMode && <Tag color="purple">{t('siteEditor.adTags.conversions.state.testMode')}</Tag>}
    </Flex>
  )
}

/** The last 30 days: the share delivered of those that ended, and the counts by state. */
const DeliveryRate = ({ view }: { view: ConversionDestination }) => {
  const { t } = useTranslation()
  const { delivered, failed, pending, deliveryRate } = view.last30Days
  return (
    <span data-testid={`conversion-rate-${view.platform}`}>
      <Typography.Text type="secondary">{t('siteEditor.adTags.conversions.rate.label')}</Typography.Text>{' '}
      <Typography.Text strong>{deliveryRateText(deliveryRate, currentLocale())}</Typography.Text>{' '}
      <Typography.Text type="secondary">
        {t('siteEditor.adTags.conversions.rate.counts', { delivered, failed, pending })}
      </Typography.Text>
    </span>
  )
}

interface ServerConversionsProps {
  siteId: string
  /** The saved site's version: what the server reports follows each save and publish. */
  version: number
  tags: Tags
  onChange: (update: (draft: SiteDraft) => SiteDraft) => void
  readOnly: boolean
  plan: SitePlan
  /** The problem at a path below `adTags` (found while typing, then the last save's). */
  at: (path: string) => string | undefined
}

/**
 * サーバー送信（コンバージョンAPI） (issue 32 Deliver 4): per ad platform a switch and its IDs in
 * the draft (saved with the site, checked by the shared schema as they are typed), and, from the
 * server, whether the saved site sends to it, its write-only credentials, the last 30 days'
 * delivery rate and its delivery log. Viewers see the IDs only: the server parts need write access.
 */
export const ServerConversions = ({
  siteId,
  version,
  tags,
  onChange,
  readOnly,
  plan,
  at,
}: ServerConversionsProps) => {
  const { t } = useTranslation()
  const allowed = plan.features.analyticsEffect
  const destinations = useQuery({ ...conversionsQuery(siteId, version), enabled: !readOnly && allowed })
  const [logOf, setLogOf] = useState<ConversionPlatform | null>(null)
  const titleId = useId()
  const on = new Set(destinationsOn(tags))
  const nameOf = (platform: ConversionPlatform) => t(`siteEditor.adTags.conversions.platforms.${platform}`)
  const viewOf = (platform: ConversionPlatform) =>
    destinations.data?.items.find((item) => item.platform === platform)

  return (
    <section aria-labelledby={titleId}>
      <Typography.Title id={titleId} level={3} style={{ fontSize: 16, margin: '8px 0' }}>
        {t('siteEditor.adTags.conversions.title')}
      </Typography.Title>
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('siteEditor.adTags.conversions.lead')}
        </Typography.Paragraph>
        {!allowed && <Alert type="info" showIcon title={tShared(PLAN_FEATURE_MESSAGES.analyticsEffect)} />}
        {on.size > 0 && tags.consent === 'notice-only' && (
          <Alert type="warning" showIcon title={tShared('conversions.needsOptIn')} />
        )}
        {destinations.isError && (
          <ListError error={destinations.error} onRetry={() => void destinations.refetch()} />
        )}
        {CONVERSION_PLATFORMS.map((platform) => {
          const name = nameOf(platform)
          const enabled = on.has(platform)
          const values = destinationOf(tags, platform)
          const view = viewOf(platform)
          const { delivered, failed, pending } = view?.last30Days ?? { delivered: 0, failed: 0, pending: 0 }
          const showServer =
            view && (enabled || view.enabled || view.credentialsSet || delivered + failed + pending > 0)
          return (
            <Card
              key={platform}
              size="small"
              data-destination={platform}
              title={name}
              extra={
                <Switch
                  aria-label={t('siteEditor.adTags.enable', { name })}
                  checked={enabled}
                  // Turning one on needs the plan's 効果測定; one already on may always be turned off.
                  disabled={!allowed && !enabled ? true : undefined}
                  onChange={(checked) => onChange(switchDestination(platform, checked))}
                />
              }
            >
              {view && <DestinationState view={view} />}
              {!enabled ? (
                <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                  {t('siteEditor.adTags.off')}
                </Typography.Paragraph>
              ) : (
                <>
                  {destinationFieldsOf(platform).map((field) => (
                    <IdField
                      key={field.key}
                      required={!field.optional}
                      label={t(
                        `siteEditor.adTags.conversions.fields.${platform}.${field.key}` as FieldLabelKey,
                      )}
                      problem={at(`conversions.${platform}.${field.key}`)}
                      example={field.example}
                      value={String(values[field.key] ?? '')}
                      onChange={(value) => onChange(setDestinationField(platform, field.key, value))}
                    />
                  ))}
                  {platform === 'google' ? (
                    <Flex vertical gap={4}>
                      <LabeledSwitch
                        label={t('siteEditor.adTags.conversions.test.validateOnly')}
                        checked={values.validateOnly === true}
                        onChange={(checked) => onChange(setGoogleValidateOnly(checked))}
                      />
                      <Typography.Text type="secondary">
                        {t('siteEditor.adTags.conversions.test.validateOnlyHelp')}
                      </Typography.Text>
                    </Flex>
                  ) : (
                    <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                      {platform === 'line'
                        ? t('siteEditor.adTags.conversions.test.lineNone')
                        : t('siteEditor.adTags.conversions.test.codeHelp')}
                    </Typography.Paragraph>
                  )}
                </>
              )}
              {showServer && (
                <>
                  <Divider style={{ margin: '12px 0' }} />
                  <ConversionCredentials siteId={siteId} platform={platform} name={name} view={view} />
                  <Divider style={{ margin: '12px 0' }} />
                  <Flex wrap align="center" justify="space-between" gap={8}>
                    <DeliveryRate view={view} />
                    <Button
                      aria-label={t('siteEditor.adTags.conversions.log.openOf', { name })}
                      onClick={() => setLogOf(platform)}
                    >
                      {t('siteEditor.adTags.conversions.log.open')}
                    </Button>
                  </Flex>
                </>
              )}
            </Card>
          )
        })}
      </Flex>
      <ConversionLog
        siteId={siteId}
        platform={logOf}
        name={logOf ? nameOf(logOf) : ''}
        onClose={() => setLogOf(null)}
      />
    </section>
  )
}
