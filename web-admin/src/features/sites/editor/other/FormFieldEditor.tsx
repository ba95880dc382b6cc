import { FORM_INPUT_TYPES, type FormInputType, SITE_LIMITS } from '@swipe/shared'
import { Button, Card, Col, Flex, Input, Popconfirm, Row, Select, Switch, Tag, Tooltip } from 'antd'
import { useTranslation } from 'react-i18next'
import type { FormField, FormOption } from '../../api.ts'
import { Field } from '../creatives/Field.tsx'
import { FormOptionsEditor } from './FormOptionsEditor.tsx'

export const isChoice = (type: FormInputType) => type === 'SELECT' || type === 'SELECT_OPTIONS'

/** Options fit for a new type: none for text and number, one default at most for a dropdown. */
const optionsFor = (type: FormInputType, options: readonly FormOption[]): FormOption[] => {
  if (!isChoice(type)) return []
  if (type === 'SELECT_OPTIONS') return [...options]
  let kept = false
  return options.map((o) => {
    if (!o.isDefault || kept) return { ...o, isDefault: false }
    kept = true
    return o
  })
}

/**
 * One field of a visitor form: type, title, placeholder, required and, for a dropdown or checkbox,
 * its options; moved up or down and deleted after a confirmation. A fixed field (key set) keeps
 * its type and cannot be deleted.
 */
export const FormFieldEditor = ({
  field,
  number,
  first,
  last,
  onChange,
  onMove,
  onRemove,
  problemAt,
}: {
  field: FormField
  number: number
  first: boolean
  last: boolean
  onChange: (patch: Partial<FormField>) => void
  onMove: (by: -1 | 1) => void
  onRemove: () => void
  /** The problem at a path below this field (`title`, `options.0.value`). */
  problemAt: (path: string) => string | undefined
}) => {
  const { t } = useTranslation()
  const fixed = Boolean(field.key)
  const name = field.title.trim() || t('siteContent.forms.untitled', { n: number })
  const heading = t('siteContent.forms.fieldHeading', { n: number, title: name })

  return (
    <Card
      size="small"
      role="group"
      aria-label={heading}
      title={
        <Flex gap={8} align="center">
          <span>{heading}</span>
          {fixed && (
            <Tooltip title={t('siteContent.forms.fixedHint')}>
              <Tag>{t('siteContent.forms.fixed')}</Tag>
            </Tooltip>
          )}
        </Flex>
      }
      extra={
        <Flex gap={4}>
          <Button
            size="small"
            disabled={first}
            aria-label={t('siteContent.forms.moveUp', { title: name })}
            onClick={() => onMove(-1)}
          >
            ↑
          </Button>
          <Button
            size="small"
            disabled={last}
            aria-label={t('siteContent.forms.moveDown', { title: name })}
            onClick={() => onMove(1)}
          >
            ↓
          </Button>
          {!fixed && (
            <Popconfirm
              title={t('siteContent.forms.removeTitle', { title: name })}
              okText={t('siteContent.forms.removeOk')}
              cancelText={t('common.cancel')}
              onConfirm={onRemove}
            >
              <Button size="small" danger aria-label={t('siteContent.forms.removeField', { title: name })}>
                {t('siteContent.forms.remove')}
              </Button>
            </Popconfirm>
          )}
        </Flex>
      }
    >
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Field label={t('siteContent.forms.type')} problem={problemAt('typeInput')}>
            {(id) => (
              <Select
                virtual={false}
                id={id}
                value={field.typeInput}
                disabled={fixed || undefined}
                options={FORM_INPUT_TYPES.map((type) => ({
                  value: type,
                  label: t(`siteContent.forms.types.${type}`),
                }))}
                onChange={(type: FormInputType) =>
                  onChange({ typeInput: type, options: optionsFor(type, field.options) })
                }
              />
            )}
          </Field>
        </Col>
        <Col xs={24} md={16}>
          <Field label={t('siteContent.forms.title')} problem={problemAt('title')} required>
            {(id) => (
              <Input
                id={id}
                value={field.title}
                maxLength={SITE_LIMITS.text}
                showCount
                onChange={(event) => onChange({ title: event.target.value })}
              />
            )}
          </Field>
        </Col>
        {field.typeInput !== 'SELECT_OPTIONS' && (
          <Col xs={24} md={16}>
            <Field label={t('siteContent.forms.placeholder')} problem={problemAt('placeholder')}>
              {(id) => (
                <Input
                  id={id}
                  value={field.placeholder}
                  maxLength={SITE_LIMITS.text}
                  showCount
                  onChange={(event) => onChange({ placeholder: event.target.value })}
                />
              )}
            </Field>
          </Col>
        )}
        <Col xs={24} md={8}>
          <Field label={t('siteContent.forms.required')} problem={problemAt('isRequired')}>
            {(id) => (
              <Switch
                id={id}
                checked={field.isRequired}
                disabled={fixed || undefined}
                onChange={(isRequired) => onChange({ isRequired })}
              />
            )}
          </Field>
        </Col>
      </Row>
      {isChoice(field.typeInput) && (
        <FormOptionsEditor
          fieldLabel={name}
          options={field.options}
          single={field.typeInput === 'SELECT'}
          problem={problemAt('options')}
          problemAt={(path) => problemAt(`options.${path}`)}
          onChange={(options) => onChange({ options })}
        />
      )}
    </Card>
  )
}
