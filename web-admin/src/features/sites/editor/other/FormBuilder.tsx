import { FORM_INPUT_TYPES, FORM_LIMITS, type FormInputType, SITE_LIMITS } from '@swipe/shared'
import type { SiteLanguage } from '@swipe/shared/site/model'
import { Alert, Button, Col, ConfigProvider, Flex, Input, Row, Select, Switch, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FormField, SiteForms } from '../../api.ts'
import { Field, firstProblem } from '../creatives/Field.tsx'
import { type FieldProblem, problemAt } from '../draft.ts'
import { FormFieldEditor } from './FormFieldEditor.tsx'
import { FormPreview } from './FormPreview.tsx'
import { FormReplies, type RepliedForm } from './FormReplies.tsx'

export type FormKindKey = keyof SiteForms
type AnyForm = SiteForms[FormKindKey]

const newField = (typeInput: FormInputType): FormField => ({
  typeInput,
  title: '',
  placeholder: '',
  isRequired: false,
  options: [],
})

/**
 * One visitor form (contact, membership or homepage): whether it is on, the contact form's
 * recipient and company, and its fields (at most 20), with a live preview. `lockedReason` is the
 * plan's reason when the form may not be switched on.
 */
export const FormBuilder = ({
  kind,
  lang,
  title,
  form,
  onChange,
  lockedReason,
  found,
  saved,
}: {
  kind: FormKindKey
  /** The content language being edited (the preview's page words). */
  lang: SiteLanguage
  title: string
  form: AnyForm
  onChange: (update: (form: AnyForm) => AnyForm) => void
  lockedReason: string | null
  /** What the shared schema finds, relative to this form. */
  found: readonly FieldProblem[]
  /** The last save's problems, relative to this form. */
  saved: readonly FieldProblem[]
}) => {
  const { t } = useTranslation()
  const [addType, setAddType] = useState<FormInputType>('TEXT_BOX')
  const at = (path: string) => firstProblem(problemAt(found, path), problemAt(saved, path))
  const full = form.fields.length >= FORM_LIMITS.fields

  const setFields = (change: (fields: FormField[]) => FormField[]) =>
    onChange((f) => ({ ...f, fields: change(f.fields) }))
  const move = (index: number, by: -1 | 1) =>
    setFields((fields) => {
      const target = index + by
      if (target < 0 || target >= fields.length) return fields
      const next = [...fields]
      ;[next[index], next[target]] = [next[target]!, next[index]!]
      return next
    })

  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={15}>
        <Flex vertical gap={12}>
          {lockedReason && <Alert type="info" showIcon title={lockedReason} />}
          <ConfigProvider componentDisabled={lockedReason ? true : undefined}>
            <Field label={t('siteContent.forms.enabled', { form: title })} problem={at('enabled')}>
              {(id) => (
                <Switch
                  id={id}
                  checked={form.enabled}
                  onChange={(enabled) => onChange((f) => ({ ...f, enabled }))}
                />
              )}
            </Field>
          </ConfigProvider>
          {kind === 'contact' && 'companyName' in form && (
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Field
                  label={t('siteContent.forms.recipientEmail')}
                  required={form.enabled}
                  problem={at('recipientEmail')}
                  extra={t('siteContent.forms.recipientHint')}
                >
                  {(id) => (
                    <Input
                      id={id}
                      type="email"
                      value={form.recipientEmail ?? ''}
                      maxLength={254}
                      onChange={(event) => onChange((f) => ({ ...f, recipientEmail: event.target.value }))}
                    />
                  )}
                </Field>
              </Col>
              <Col xs={24} md={12}>
                <Field label={t('siteContent.forms.companyName')} problem={at('companyName')}>
                  {(id) => (
                    <Input
                      id={id}
                      value={form.companyName}
                      maxLength={SITE_LIMITS.text}
                      showCount
                      onChange={(event) => onChange((f) => ({ ...f, companyName: event.target.value }))}
                    />
                  )}
                </Field>
              </Col>
            </Row>
          )}
          {at('fields') && (
            <Typography.Text type="danger" role="alert">
              {at('fields')}
            </Typography.Text>
          )}
          {form.fields.map((field, index) => (
            <FormFieldEditor
              // biome-ignore lint/suspicious/noArrayIndexKey: new fields have no id until saved.
              key={index}
              field={field}
              number={index + 1}
              first={index === 0}
              last={index === form.fields.length - 1}
              onChange={(patch) =>
                setFields((fields) => fields.map((f, i) => (i === index ? { ...f, ...patch } : f)))
              }
              onMove={(by) => move(index, by)}
              onRemove={() => setFields((fields) => fields.filter((_, i) => i !== index))}
              problemAt={(path) => at(`fields.${index}.${path}`)}
            />
          ))}
          <Flex gap={8} align="center" wrap>
            <Select
              virtual={false}
              aria-label={t('siteContent.forms.addType')}
              value={addType}
              onChange={setAddType}
              options={FORM_INPUT_TYPES.map((type) => ({
                value: type,
                label: t(`siteContent.forms.types.${type}`),
              }))}
              style={{ width: 180 }}
            />
            <Button disabled={full} onClick={() => setFields((fields) => [...fields, newField(addType)])}>
              {t('siteContent.forms.addField')}
            </Button>
            {full && (
              <Typography.Text type="secondary">
                {t('siteContent.forms.fieldsFull', { max: FORM_LIMITS.fields })}
              </Typography.Text>
            )}
          </Flex>
          {kind !== 'membership' && (
            <FormReplies
              lang={lang}
              form={form as RepliedForm}
              onChange={(patch) => onChange((f) => ({ ...f, ...patch }))}
              problemAt={at}
            />
          )}
        </Flex>
      </Col>
      <Col xs={24} lg={9}>
        <FormPreview title={title} fields={form.fields} kind={kind} lang={lang} />
      </Col>
    </Row>
  )
}
