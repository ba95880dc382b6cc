import { colorSchema } from '@swipe/shared'
import { Button, ColorPicker, Flex, Input } from 'antd'
import { useTranslation } from 'react-i18next'

interface ColorFieldProps {
  /** The text input's id (the Form.Item label points at it). */
  id?: string
  value: string | null | undefined
  /** The text as typed (hex, rgb(a) or hsl(a)); `null` when emptied and `clearable`. */
  onChange: (value: string | null) => void
  disabled?: boolean
  /** Shown while empty: the colour used when none is set. */
  placeholder?: string
  /** Whether the field may be emptied (an optional colour). */
  clearable?: boolean
  invalid?: boolean
}

/**
 * A colour as text (the shared `color` rule: hex, rgb(a), hsl(a)) with a picker beside it. The
 * picker is a real button, so it opens from the keyboard too; it writes #rrggbb.
 */
export const ColorField = ({
  id,
  value,
  onChange,
  disabled,
  placeholder,
  clearable = false,
  invalid = false,
}: ColorFieldProps) => {
  const { t } = useTranslation()
  const text = value ?? ''
  const valid = text !== '' && colorSchema.safeParse(text).success
  const swatch = valid ? text : (placeholder ?? '#FFFFFF')
  return (
    <Flex gap={8} align="center">
      <ColorPicker
        value={swatch}
        disabled={disabled}
        disabledAlpha
        onChangeComplete={(color) => onChange(color.toHexString())}
      >
        <Button
          disabled={disabled}
          aria-label={t('siteEditor.color.pick')}
          style={{ width: 32, padding: 0, background: swatch }}
        />
      </ColorPicker>
      <Input
        id={id}
        value={text}
        disabled={disabled}
        placeholder={placeholder}
        aria-invalid={invalid || undefined}
        maxLength={64}
        style={{ maxWidth: 220 }}
        onChange={(event) => {
          const typed = event.target.value
          onChange(typed.trim() === '' && clearable ? null : typed)
        }}
      />
    </Flex>
  )
}
