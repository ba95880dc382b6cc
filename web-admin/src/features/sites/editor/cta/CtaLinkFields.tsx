import { INTERNAL_LINK_TARGETS, SITE_LIMITS } from '@swipe/shared'
import { Flex, Form, Input, Radio, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { fieldStatus } from '../fields/useFieldMessages.ts'
import type { CtaFieldProps } from './ctaFieldProps.ts'

/** Where the CTA leads: one of the site's own forms, or an external URL. */
export const CtaLinkFields = ({ cta, readOnly, set, messageAt, idFor }: CtaFieldProps) => {
  const { t } = useTranslation()
  const message = messageAt('linkUrl')
  return (
    <Form.Item label={t('siteEditor.cta.link')} htmlFor={idFor('linkUrl')} required {...fieldStatus(message)}>
      <Flex gap={8} wrap align="center">
        <Radio.Group
          aria-label={t('siteEditor.cta.linkKind')}
          optionType="button"
          disabled={readOnly}
          value={cta.isInternalLink ? 'internal' : 'external'}
          options={[
            { value: 'internal', label: t('siteEditor.cta.internal') },
            { value: 'external', label: t('siteEditor.cta.external') },
          ]}
          // The other kind's value means nothing here.
          onChange={(event) => set({ isInternalLink: event.target.value === 'internal', linkUrl: '' })}
        />
        {cta.isInternalLink ? (
          <Select
            id={idFor('linkUrl')}
            value={cta.linkUrl || undefined}
            placeholder={t('siteEditor.cta.targetPlaceholder')}
            disabled={readOnly}
            style={{ minWidth: 220 }}
            options={INTERNAL_LINK_TARGETS.map((target) => ({
              value: target,
              label: t(`siteEditor.cta.targets.${target}`),
            }))}
            onChange={(value: string) => set({ linkUrl: value }, 'linkUrl')}
          />
        ) : (
          <Input
            id={idFor('linkUrl')}
            type="url"
            value={cta.linkUrl}
            placeholder="https://"
            maxLength={SITE_LIMITS.url}
            disabled={readOnly}
            aria-invalid={Boolean(message) || undefined}
            style={{ flex: '1 1 260px' }}
            onChange={(event) => set({ linkUrl: event.target.value }, 'linkUrl')}
          />
        )}
      </Flex>
    </Form.Item>
  )
}
