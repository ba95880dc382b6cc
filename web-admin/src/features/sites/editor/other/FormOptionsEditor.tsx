import { FORM_LIMITS, SITE_LIMITS } from '@swipe/shared'
import { Button, Checkbox, Flex, Input, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { FormOption } from '../../api.ts'

/**
 * The choices of a dropdown or checkbox field: a value each and which start selected. A dropdown
 * has at most one default, so choosing one clears the others.
 */
export const FormOptionsEditor = ({
  fieldLabel,
  options,
  single,
  onChange,
  problem,
  problemAt,
}: {
  fieldLabel: string
  options: readonly FormOption[]
  /** A dropdown: one default at most. */
  single: boolean
  onChange: (options: FormOption[]) => void
  problem: string | undefined
  /** The problem at `<n>.value`. */
  problemAt: (path: string) => string | undefined
}) => {
  const { t } = useTranslation()
  const full = options.length >= FORM_LIMITS.options

  const setValue = (index: number, value: string) =>
    onChange(options.map((o, i) => (i === index ? { ...o, value } : o)))
  const setDefault = (index: number, isDefault: boolean) =>
    onChange(
      options.map((o, i) => {
        if (i === index) return { ...o, isDefault }
        return single && isDefault ? { ...o, isDefault: false } : o
      }),
    )

  return (
    <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
      <legend style={{ fontSize: 14, marginBottom: 8 }}>
        {t('siteContent.forms.options', { field: fieldLabel })}
      </legend>
      <Flex vertical gap={8}>
        {options.map((option, index) => {
          const n = index + 1
          const valueProblem = problemAt(`${index}.value`)
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: options have no id; their place is their identity.
            <div key={index}>
              <Flex gap={8} align="center" wrap>
                <Input
                  aria-label={t('siteContent.forms.optionValue', { n })}
                  value={option.value}
                  maxLength={SITE_LIMITS.text}
                  status={valueProblem ? 'error' : undefined}
                  style={{ flex: '1 1 180px' }}
                  onChange={(event) => setValue(index, event.target.value)}
                />
                <Checkbox
                  checked={option.isDefault}
                  aria-label={t('siteContent.forms.optionDefaultOf', { n })}
                  onChange={(event) => setDefault(index, event.target.checked)}
                >
                  {t('siteContent.forms.optionDefault')}
                </Checkbox>
                <Button
                  size="small"
                  aria-label={t('siteContent.forms.removeOption', { n })}
                  onClick={() => onChange(options.filter((_, i) => i !== index))}
                >
                  {t('siteContent.forms.remove')}
                </Button>
              </Flex>
              {valueProblem && <Typography.Text type="danger">{valueProblem}</Typography.Text>}
            </div>
          )
        })}
        {problem && (
          <Typography.Text type="danger" role="alert">
            {problem}
          </Typography.Text>
        )}
        <div>
          <Button
            size="small"
            disabled={full}
            onClick={() => onChange([...options, { value: '', isDefault: false }])}
          >
            {t('siteContent.forms.addOption')}
          </Button>
          {full && (
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {t('siteContent.forms.optionsFull', { max: FORM_LIMITS.options })}
            </Typography.Text>
          )}
        </div>
      </Flex>
    </fieldset>
  )
}
