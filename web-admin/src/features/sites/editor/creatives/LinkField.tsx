import { INTERNAL_LINK_TARGETS, linkIssue, SITE_LIMITS } from '@swipe/shared'
import { Flex, Input, Radio, Select } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { tShared } from '../../../../i18n/index.ts'
import { Field, firstProblem } from './Field.tsx'
import { orNull } from './model.ts'

/**
 * Where a link leads (SPEC §3): one of the site's own forms (internal, stored as the target's name
 * with `isInternalLink`) or an external http(s) URL of up to 256 characters. Switching the kind
 * clears the value, which belongs to the other kind.
 */
export const LinkField = ({
  label,
  internal,
  value,
  onChange,
  problem,
}: {
  label: string
  internal: boolean
  value: string | null | undefined
  onChange: (link: { isInternalLink: boolean; value: string | null }) => void
  problem?: string | undefined
}) => {
  const { t } = useTranslation()
  // An address being typed is judged once the user leaves the field.
  const [typing, setTyping] = useState(false)
  const issue = typing ? null : linkIssue(value ?? undefined, internal)
  return (
    <Field label={label} problem={firstProblem(issue ? tShared(issue) : undefined, problem)}>
      {(id) => (
        <Flex vertical gap={8}>
          <Radio.Group
            aria-label={t('siteContent.link.kind', { label })}
            value={internal ? 'internal' : 'external'}
            onChange={(event) => onChange({ isInternalLink: event.target.value === 'internal', value: null })}
            options={[
              { value: 'external', label: t('siteContent.link.external') },
              { value: 'internal', label: t('siteContent.link.internal') },
            ]}
          />
          {internal ? (
            <Select
              virtual={false}
              id={id}
              value={value ?? undefined}
              allowClear
              placeholder={t('siteContent.link.chooseTarget')}
              options={INTERNAL_LINK_TARGETS.map((target) => ({
                value: target,
                label: t(`siteContent.link.targets.${target}`),
              }))}
              onChange={(target: string | undefined) =>
                onChange({ isInternalLink: true, value: target ?? null })
              }
              style={{ maxWidth: 320 }}
            />
          ) : (
            <Input
              id={id}
              type="url"
              inputMode="url"
              value={value ?? ''}
              maxLength={SITE_LIMITS.url}
              placeholder="https://"
              onChange={(event) => {
                setTyping(true)
                onChange({ isInternalLink: false, value: orNull(event.target.value) })
              }}
              onBlur={() => setTyping(false)}
            />
          )}
        </Flex>
      )}
    </Field>
  )
}
