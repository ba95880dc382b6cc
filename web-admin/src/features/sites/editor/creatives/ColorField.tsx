import { colorSchema } from '@swipe/shared'
import { ColorPicker, Input, Space } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { tShared } from '../../../../i18n/index.ts'
import { Field, firstProblem } from './Field.tsx'

/**
 * A colour: a picker and the text it stands for (hex, rgb(a), hsl(a): SPEC §5). Only a valid colour
 * reaches the draft; while the text is not one, the field says so. With `fallback`, the colour is
 * required and leaving the text empty puts the default back; without it, empty means "not set".
 */
export const ColorField = ({
  label,
  value,
  fallback,
  onChange,
  problem,
}: {
  label: string
  value: string | null | undefined
  fallback?: string
  onChange: (value: string | null) => void
  problem?: string | undefined
}) => {
  const { t } = useTranslation()
  const [text, setText] = useState(value ?? '')
  // A change from elsewhere (the picker, a reload) shows; the user's own typing is left alone.
  useEffect(() => setText((shown) => (shown.trim() === (value ?? '') ? shown : (value ?? ''))), [value])
  const typed = text.trim()
  const invalid = typed !== '' && !colorSchema.safeParse(typed).success

  const commit = (next: string) => {
    setText(next)
    const trimmed = next.trim()
    if (trimmed === '') {
      if (!fallback) onChange(null)
    } else if (colorSchema.safeParse(trimmed).success) onChange(trimmed)
  }

  return (
    <Field
      label={label}
      problem={firstProblem(invalid ? tShared('validation.color') : undefined, problem)}
      extra={fallback ? t('siteContent.color.default', { color: fallback }) : undefined}
    >
      {(id) => (
        <Space.Compact>
          <ColorPicker
            value={value || fallback || undefined}
            onChangeComplete={(color) => {
              const { r, g, b, a } = color.toRgb()
              commit(
                a < 1 ? `rgba(${r}, ${g}, ${b}, ${Number(a.toFixed(2))})` : color.toHexString().toUpperCase(),
              )
            }}
            aria-label={t('siteContent.color.picker', { label })}
          />
          <Input
            id={id}
            value={text}
            placeholder={fallback ?? t('siteContent.color.notSet')}
            maxLength={64}
            onChange={(event) => commit(event.target.value)}
            onBlur={() => {
              if (text.trim() === '' && fallback) {
                onChange(fallback)
                setText(fallback)
              } else setText(value ?? '')
            }}
            style={{ width: 180 }}
          />
        </Space.Compact>
      )}
    </Field>
  )
}
