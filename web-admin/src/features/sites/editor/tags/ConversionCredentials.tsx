import type { ConversionPlatform } from '@swipe/shared/site/conversions-normalise'
import { CONVERSION_CREDENTIALS } from '@swipe/shared/site/tags-vendors'
import { App, Button, Flex, Input, Tag, Typography } from 'antd'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatSiteDateTime } from '../../../../components/dates.ts'
import { useToastedCall } from '../../../../hooks/useToastedCall.ts'
import { tShared } from '../../../../i18n/index.ts'
import { Field } from '../creatives/Field.tsx'
import {
  type ConversionDestination,
  useRemoveConversionCredentials,
  useSaveConversionCredentials,
} from './conversions-api.ts'

/** The longest credential the API stores (ConversionCredentialsBody). */
const MAX_LENGTH = 2048

type CredentialField = (typeof CONVERSION_CREDENTIALS)[ConversionPlatform][number]

/**
 * A destination's credentials, write-only: a password input per secret field the platform needs
 * (shared CONVERSION_CREDENTIALS), saved together and cleared once stored. The API never answers a
 * stored value, so the panel only says whether they are set and when; removing asks first.
 * Before the saved site has the destination on, the panel says to save it on first.
 */
export const ConversionCredentials = ({
  siteId,
  platform,
  name,
  view,
}: {
  siteId: string
  platform: ConversionPlatform
  name: string
  view: ConversionDestination
}) => {
  const { t } = useTranslation()
  const { modal } = App.useApp()
  const tell = useToastedCall()
  const save = useSaveConversionCredentials(siteId)
  const remove = useRemoveConversionCredentials(siteId)
  const fields: readonly CredentialField[] = CONVERSION_CREDENTIALS[platform]
  const [values, setValues] = useState<Partial<Record<CredentialField, string>>>({})
  const [missing, setMissing] = useState<ReadonlySet<CredentialField>>(new Set())

  const onSave = async (event: FormEvent) => {
    event.preventDefault()
    const empty = new Set(fields.filter((field) => !values[field]?.trim()))
    setMissing(empty)
    if (empty.size) return
    const credentials = Object.fromEntries(fields.map((field) => [field, values[field]?.trim() ?? '']))
    const answer = await tell(() => save.mutateAsync({ platform, credentials }))
    // Stored: the secrets leave the page at once (they are never shown again).
    if (answer) setValues({})
  }

  const confirmRemove = () =>
    modal.confirm({
      title: t('siteEditor.adTags.conversions.credentials.removeConfirmTitle', { name }),
      content: t('siteEditor.adTags.conversions.credentials.removeConfirmBody'),
      okText: t('siteEditor.adTags.conversions.credentials.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await tell(() => remove.mutateAsync(platform))
      },
    })

  const updated = formatSiteDateTime(view.credentialsUpdatedAt)
  return (
    <section aria-label={t('siteEditor.adTags.conversions.credentials.titleOf', { name })}>
      <Flex wrap align="center" gap={8} style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('siteEditor.adTags.conversions.credentials.title')}</Typography.Text>
        {view.credentialsSet ? (
          <Tag color="success">
            {updated
              ? t('siteEditor.adTags.conversions.credentials.setAt', { date: updated })
              : t('siteEditor.adTags.conversions.credentials.set')}
          </Tag>
        ) : (
          <Tag>{t('siteEditor.adTags.conversions.credentials.notSet')}</Tag>
        )}
      </Flex>
      {view.enabled ? (
        <form onSubmit={(event) => void onSave(event)} noValidate>
          <Typography.Paragraph type="secondary" style={{ margin: '0 0 8px' }}>
            {t('siteEditor.adTags.conversions.credentials.help')}
          </Typography.Paragraph>
          {fields.map((field) => (
            <Field
              key={field}
              required
              label={t(`siteEditor.adTags.conversions.credentials.fields.${field}`)}
              problem={missing.has(field) ? tShared('validation.required') : undefined}
            >
              {(id) => (
                <Input.Password
                  id={id}
                  value={values[field] ?? ''}
                  visibilityToggle={false}
                  autoComplete="new-password"
                  spellCheck={false}
                  maxLength={MAX_LENGTH}
                  onChange={(event) => {
                    setValues((v) => ({ ...v, [field]: event.target.value }))
                    if (missing.has(field)) setMissing(new Set([...missing].filter((f) => f !== field)))
                  }}
                />
              )}
            </Field>
          ))}
          <Flex wrap gap={8}>
            <Button
              type="primary"
              htmlType="submit"
              loading={save.isPending}
              aria-label={t('siteEditor.adTags.conversions.credentials.saveOf', { name })}
            >
              {t('siteEditor.adTags.conversions.credentials.save')}
            </Button>
            {view.credentialsSet && (
              <Button
                danger
                loading={remove.isPending}
                aria-label={t('siteEditor.adTags.conversions.credentials.removeOf', { name })}
                onClick={confirmRemove}
              >
                {t('siteEditor.adTags.conversions.credentials.remove')}
              </Button>
            )}
          </Flex>
        </form>
      ) : (
        <Flex wrap align="center" gap={8}>
          <Typography.Text type="secondary">{tShared('conversions.notEnabled')}</Typography.Text>
          {view.credentialsSet && (
            <Button
              danger
              size="small"
              loading={remove.isPending}
              aria-label={t('siteEditor.adTags.conversions.credentials.removeOf', { name })}
              onClick={confirmRemove}
            >
              {t('siteEditor.adTags.conversions.credentials.remove')}
            </Button>
          )}
        </Flex>
      )}
    </section>
  )
}
