import { Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { Field } from '../creatives/Field.tsx'

/** IDs read best in a fixed-width face (0 and O, 1 and l). */
export const monospace = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }

/** One ID a vendor or platform gives (a pixel id, a customer id): its example as placeholder and hint. */
export const IdField = ({
  label,
  problem,
  example,
  value,
  required,
  onChange,
}: {
  label: string
  problem: string | undefined
  example: string
  value: string
  required?: boolean
  onChange: (value: string) => void
}) => {
  const { t } = useTranslation()
  return (
    <Field
      label={label}
      problem={problem}
      extra={t('siteEditor.adTags.example', { example })}
      {...(required === undefined ? {} : { required })}
    >
      {(id) => (
        <Input
          id={id}
          value={value}
          spellCheck={false}
          autoComplete="off"
          style={monospace}
          placeholder={example}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  )
}
