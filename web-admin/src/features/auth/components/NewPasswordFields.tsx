import { PASSWORD_SYMBOLS } from '@swipe/shared'
import { Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { matchesRule } from '../../../lib/formRules.ts'
import { passwordRule } from '../../../lib/schemaRules.ts'

/** New password + confirmation, checked with the same rule as the server (SPEC §5). */
export const NewPasswordFields = () => {
  const { t } = useTranslation()
  return (
    <>
      <Form.Item
        name="newPassword"
        label={t('auth.fields.newPassword')}
        extra={t('auth.passwordHint', { symbols: PASSWORD_SYMBOLS })}
        rules={[passwordRule()]}
        validateFirst
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('auth.fields.confirmPassword')}
        dependencies={['newPassword']}
        rules={[matchesRule('newPassword')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  )
}

export interface NewPasswordValues {
  newPassword: string
  confirmPassword: string
}
