import { PLAN_FEATURE_MESSAGES, SeoConfigSchema, SITE_LIMITS } from '@swipe/shared'
import { Alert, ConfigProvider, Flex, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { tShared } from '../../../../i18n/index.ts'
import type { SeoConfig } from '../../api.ts'
import { Field, firstProblem } from '../creatives/Field.tsx'
import { type FieldProblem, problemAt } from '../draft.ts'
import { emptySeo, issuesOf } from './model.ts'

const TEXT_FIELDS = [
  ['title', SITE_LIMITS.seoTitle],
  ['h1', SITE_LIMITS.seoH1],
  ['description', SITE_LIMITS.seoDescription],
] as const

const monospace = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 }

/**
 * SEO and tags (SPEC §3 seoConfig, §5 SEO): title, h1 and description with counters, head and body
 * tags as plain text. The shared SeoConfigSchema checks them as the user types. A plan without
 * `settingTagSeo` shows why and keeps everything disabled.
 */
export const SeoSection = ({
  seo,
  onChange,
  locked,
  problems,
}: {
  seo: SeoConfig | null
  onChange: (patch: Partial<SeoConfig>) => void
  locked: boolean
  /** The last save's problems below this language's `seo`. */
  problems: readonly FieldProblem[]
}) => {
  const { t } = useTranslation()
  const value = seo ?? emptySeo()
  const found = seo ? issuesOf(SeoConfigSchema, seo) : []
  const at = (field: keyof SeoConfig) => firstProblem(problemAt(found, field), problemAt(problems, field))

  return (
    <ConfigProvider componentDisabled={locked || undefined}>
      <Flex vertical>
        {locked && (
          <Alert
            type="info"
            showIcon
            title={tShared(PLAN_FEATURE_MESSAGES.settingTagSeo)}
            style={{ marginBottom: 16 }}
          />
        )}
        {TEXT_FIELDS.map(([field, max]) => (
          <Field
            key={field}
            label={t(`siteContent.seo.${field}`)}
            problem={at(field)}
            extra={t('siteContent.seo.textRule', { max })}
          >
            {(id) =>
              field === 'description' ? (
                <Input.TextArea
                  id={id}
                  value={value[field]}
                  maxLength={max}
                  showCount
                  autoSize={{ minRows: 2, maxRows: 4 }}
                  onChange={(event) => onChange({ [field]: event.target.value })}
                />
              ) : (
                <Input
                  id={id}
                  value={value[field]}
                  maxLength={max}
                  showCount
                  onChange={(event) => onChange({ [field]: event.target.value })}
                />
              )
            }
          </Field>
        ))}
        <Field label={t('siteContent.seo.head')} problem={at('head')} extra={t('siteContent.seo.headHint')}>
          {(id) => (
            <Input.TextArea
              id={id}
              value={value.head}
              maxLength={SITE_LIMITS.tags}
              showCount
              spellCheck={false}
              autoSize={{ minRows: 4, maxRows: 12 }}
              style={monospace}
              onChange={(event) => onChange({ head: event.target.value })}
            />
          )}
        </Field>
        <Field label={t('siteContent.seo.body')} problem={at('body')} extra={t('siteContent.seo.bodyHint')}>
          {(id) => (
            <Input.TextArea
              id={id}
              value={value.body}
              maxLength={SITE_LIMITS.tags}
              showCount
              spellCheck={false}
              autoSize={{ minRows: 4, maxRows: 12 }}
              style={monospace}
              onChange={(event) => onChange({ body: event.target.value })}
            />
          )}
        </Field>
      </Flex>
    </ConfigProvider>
  )
}
