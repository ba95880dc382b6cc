import { AUTHORITIES, type Authority, type GuardedField, requiredText } from '@swipe/shared'
import { DatePicker, Form, Input, Select, Switch } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { endDateRule } from '../../lib/formRules.ts'
import { zodRule } from '../../lib/schemaRules.ts'
import type { UserFields } from './api.ts'
import { type FieldLocks, lockReason, type PlanOption } from './fieldRules.ts'

export { USER_FORM_FIELDS } from './formFieldNames.ts'

/** What the profile fields hold while editing; dates are YYYY-MM-DD strings, as the API sends them. */
export interface UserFormValues {
  companyName: string
  contactName: string
  planId?: string | undefined
  contractStartDate?: string | undefined
  contractEndDate?: string | undefined
  authority: Authority
  licenseIssuing: boolean
}

const DATE_FORMAT = 'YYYY-MM-DD'

/** The date pickers work on Day.js values; the form keeps the API's date strings. */
const dateValue = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null | undefined) => (value ? value.format(DATE_FORMAT) : undefined),
}

/**
 * The request fields from the form: trimmed texts, empty optional values left out, and the fields
 * the signed-in account may not set left out too (the API keeps or defaults them; sending them
 * would only be refused).
 */
export const toUserFields = (values: UserFormValues, locks: FieldLocks = {}): UserFields => {
  const fields: UserFields = {
    companyName: values.companyName.trim(),
    contactName: values.contactName.trim(),
    planId: values.planId?.trim() || undefined,
    contractStartDate: values.contractStartDate || undefined,
    contractEndDate: values.contractEndDate || undefined,
    authority: values.authority,
    licenseIssuing: values.licenseIssuing,
  }
  for (const field of Object.keys(locks) as GuardedField[]) delete fields[field]
  return fields
}

interface UserFormFieldsProps {
  /** The plans the select offers (the catalogue's, by name). */
  plans: readonly PlanOption[]
  /** Fields the signed-in account may not set: shown disabled, with the reason below. */
  locks?: FieldLocks
}

/** Company, contact, plan, contract period, authority and licence issuing (SPEC §3 User/account). */
export const UserFormFields = ({ plans, locks = {} }: UserFormFieldsProps) => {
  const { t } = useTranslation()
  /** A guarded field's lock: disabled, and the reason as the field's description. */
  const lock = (field: GuardedField) => {
    const refusal = locks[field]
    return refusal ? { disabled: true, extra: lockReason(field, refusal, t) } : { disabled: false }
  }
  const plan = lock('planId')
  const start = lock('contractStartDate')
  const end = lock('contractEndDate')
  const authority = lock('authority')
  const license = lock('licenseIssuing')
  return (
    <>
      <Form.Item name="companyName" label={t('users.fields.companyName')} rules={[zodRule(requiredText(50))]}>
        <Input autoComplete="organization" maxLength={50} />
      </Form.Item>
      <Form.Item name="contactName" label={t('users.fields.contactName')} rules={[zodRule(requiredText(50))]}>
        <Input autoComplete="name" maxLength={50} />
      </Form.Item>
      <Form.Item name="planId" label={t('users.fields.planId')} extra={plan.extra}>
        <Select
          virtual={false}
          allowClear={false}
          disabled={plan.disabled}
          placeholder={t('common.notSet')}
          options={[...plans]}
        />
      </Form.Item>
      <Form.Item
        name="contractStartDate"
        label={t('users.fields.contractStartDate')}
        extra={start.extra}
        {...dateValue}
      >
        <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} disabled={start.disabled} />
      </Form.Item>
      <Form.Item
        name="contractEndDate"
        label={t('users.fields.contractEndDate')}
        dependencies={['contractStartDate']}
        rules={[endDateRule('contractStartDate')]}
        extra={end.extra}
        {...dateValue}
      >
        <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} disabled={end.disabled} />
      </Form.Item>
      <Form.Item name="authority" label={t('users.fields.authority')} extra={authority.extra}>
        <Select
          virtual={false}
          disabled={authority.disabled}
          options={AUTHORITIES.map((value) => ({ value, label: t(`users.authorities.${value}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="licenseIssuing"
        label={t('users.fields.licenseIssuing')}
        valuePropName="checked"
        extra={license.extra}
      >
        <Switch
          disabled={license.disabled}
          checkedChildren={t('users.licenseIssuing.granted')}
          unCheckedChildren={t('users.licenseIssuing.notGranted')}
        />
      </Form.Item>
    </>
  )
}
