import { BOTTOM_BAR_DEFAULTS } from '@swipe/shared/site/bottom-bar'
import { Alert, Button, Form, Switch, Typography } from 'antd'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { Creative } from '../../api.ts'

const FIELDS = {
  sns: { setting: 'showSnsByDefault', creative: 'snsConfig', label: 'defaultSns' },
  company: { setting: 'showCompanyByDefault', creative: 'showCompany', label: 'defaultCompany' },
} as const

/**
 * The language's bottom-bar default for SNS links or company information (
 * docs/decisions/0020-form-links-and-bottom-bar-defaults.md), next to where they are filled in: on
 * unless switched off; the creatives that choose for themselves are counted, with one click to
 * make them follow it again.
 */
export const BottomBarDefault = ({
  kind,
  value,
  creatives,
  onChange,
  onFollowAll,
}: {
  kind: keyof typeof FIELDS
  /** The language's setting; null while the language has no other settings yet. */
  value: boolean | null | undefined
  /** The language's creatives in the draft. */
  creatives: readonly Creative[]
  onChange: (value: boolean) => void
  /** Clears the creatives' own choice. */
  onFollowAll: () => void
}) => {
  const { t } = useTranslation()
  const id = useId()
  const field = FIELDS[kind]
  const on = value ?? BOTTOM_BAR_DEFAULTS[field.setting]
  const own = creatives.map((c) => c[field.creative]).filter((v): v is boolean => typeof v === 'boolean')
  return (
    <>
      <Form.Item
        label={t(`siteContent.bottomBar.${field.label}`)}
        htmlFor={id}
        extra={t('siteContent.bottomBar.defaultHint')}
      >
        <Switch id={id} checked={on} onChange={onChange} />
      </Form.Item>
      {own.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={
            <Typography.Text>
              {t('siteContent.bottomBar.overrides', {
                count: own.length,
                on: own.filter(Boolean).length,
                off: own.filter((v) => !v).length,
              })}
            </Typography.Text>
          }
          action={
            <Button size="small" onClick={onFollowAll}>
              {t('siteContent.bottomBar.followAll')}
            </Button>
          }
        />
      )}
    </>
  )
}
