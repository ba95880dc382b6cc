import { Button, Card, Checkbox, Flex, Input, InputNumber, Select, Typography } from 'antd'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { FormField } from '../../api.ts'

const PreviewControl = ({ field, id }: { field: FormField; id: string }) => {
  const firstDefault = field.options.findIndex((o) => o.isDefault)
  switch (field.typeInput) {
    case 'NUMBER':
      return <InputNumber id={id} placeholder={field.placeholder} style={{ width: '100%' }} />
    case 'SELECT':
      return (
        <Select
          id={id}
          placeholder={field.placeholder}
          value={firstDefault >= 0 ? firstDefault : undefined}
          options={field.options.map((o, i) => ({ value: i, label: o.value }))}
          style={{ width: '100%' }}
        />
      )
    case 'SELECT_OPTIONS':
      return (
        <Checkbox.Group
          value={field.options.flatMap((o, i) => (o.isDefault ? [i] : []))}
          options={field.options.map((o, i) => ({ value: i, label: o.value }))}
        />
      )
    default:
      return field.key === 'password' || field.key === 'confirm_password' ? (
        <Input.Password id={id} placeholder={field.placeholder} />
      ) : (
        <Input id={id} placeholder={field.placeholder} />
      )
  }
}

const PreviewField = ({ field }: { field: FormField }) => {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>
        {field.title}
        {field.isRequired && (
          <Typography.Text type="danger" style={{ marginLeft: 4 }}>
            *
          </Typography.Text>
        )}
      </label>
      <PreviewControl field={field} id={id} />
    </div>
  )
}

/**
 * How the visitor form will look, roughly: the fields in order with their titles, placeholders and
 * default choices. Inert, and every text is shown as text.
 */
export const FormPreview = ({ title, fields }: { title: string; fields: readonly FormField[] }) => {
  const { t } = useTranslation()
  return (
    <Card size="small" title={t('siteContent.forms.previewTitle', { form: title })}>
      {/* A picture of the form: out of the tab order, away from the pointer and screen readers. */}
      <div inert aria-hidden="true">
        <Flex vertical gap={12}>
          {fields.map((field, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a preview of the fields in their order.
            <PreviewField key={index} field={field} />
          ))}
          <Button type="primary" block tabIndex={-1}>
            {t('siteContent.forms.previewSubmit')}
          </Button>
        </Flex>
      </div>
    </Card>
  )
}
