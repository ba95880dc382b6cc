import { AUTHORITIES, type Authority, requiredText } from '@swipe/shared'
import { DatePicker, Form, Input, Select, Switch } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { endDateRule, zodRule } from '../../lib/formRules.ts'
import type { UserFields } from './api.ts'

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

/** Every field the server may name in `details[].path` for a user form. */
export const USER_FORM_FIELDS = [
  'accountType',
  'parentId',
  'email',
  'companyName',
  'contactName',
  'planId',
  'contractStartDate',
  'contractEndDate',
  'authority',
  'licenseIssuing',
] as const

const DATE_FORMAT = 'YYYY-MM-DD'

/** The date pickers work on Day.js values; the form keeps the API's date strings. */
const dateValue = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null | undefined) => (value ? value.format(DATE_FORMAT) : undefined),
}

/** The request fields from the form: trimmed texts, empty optional values left out. */
export const toUserFields = (values: UserFormValues): UserFields => ({
  companyName: values.companyName.trim(),
  contactName: values.contactName.trim(),
  planId: values.planId?.trim() || undefined,
  contractStartDate: values.contractStartDate || undefined,
  contractEndDate: values.contractEndDate || undefined,
  authority: values.authority,
  licenseIssuing: values.licenseIssuing,
})

/** Company, contact, plan, contract period, authority and licence issuing (SPEC §3 User/account). */
export const UserFormFields = () => {
  const { t } = useTranslation()
  return (
    <>
      <Form.Item name="companyName" label={t('users.fields.companyName')} rules={[zodRule(requiredText(50))]}>
        <Input autoComplete="organization" maxLength={50} />
      </Form.Item>
      <Form.Item name="contactName" label={t('users.fields.contactName')} rules={[zodRule(requiredText(50))]}>
        <Input autoComplete="name" maxLength={50} />
      </Form.Item>
      <Form.Item name="planId" label={t('users.fields.planId')}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="contractStartDate" label={t('users.fields.contractStartDate')} {...dateValue}>
        <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="contractEndDate"
        label={t('users.fields.contractEndDate')}
        dependencies={['contractStartDate']}
        rules={[endDateRule('contractStartDate')]}
        {...dateValue}
      >
        <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="authority" label={t('users.fields.authority')}>
        <Select
          virtual={false}
          options={AUTHORITIES.map((value) => ({ value, label: t(`users.authorities.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="licenseIssuing" label={t('users.fields.licenseIssuing')} valuePropName="checked">
        <Switch
          checkedChildren={t('users.licenseIssuing.granted')}
          unCheckedChildren={t('users.licenseIssuing.notGranted')}
        />
      </Form.Item>
    </>
  )
}
