import { useMutation } from '@tanstack/react-query'
import { Alert, Button, Card, Form, Input, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocalizedValidation } from '../../hooks/useLocalizedValidation.ts'
import { useUnsavedChangesPrompt } from '../../hooks/useUnsavedChangesPrompt.ts'
import { errorMessage } from '../../lib/api.ts'
import { authApi } from '../../lib/auth.ts'
import { applyServerErrors, requiredRule, serverFieldErrors } from '../../lib/formRules.ts'
import { useToast } from '../../lib/toast.ts'
import { NewPasswordFields, type NewPasswordValues } from './components/NewPasswordFields.tsx'

interface ChangePasswordValues extends NewPasswordValues {
  oldPassword: string
}

const FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const

/** /:userTypeId/change-password: the signed-in user's own password. */
export const ChangePasswordPage = () => {
  const { t } = useTranslation()
  const toast = useToast()
  const [form] = Form.useForm<ChangePasswordValues>()
  useLocalizedValidation(form)
  const [dirty, setDirty] = useState(false)
  useUnsavedChangesPrompt(dirty)
  const change = useMutation({
    mutationFn: authApi.changePassword,
    onSuccess: (data) => {
      toast.success(data?.message ?? t('auth.changePassword.success'))
      form.resetFields()
      setDirty(false)
    },
    onError: (error) => applyServerErrors(form, error, FIELDS),
  })

  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('auth.changePassword.title')}
      </Typography.Title>
      {change.isError && serverFieldErrors(change.error, FIELDS).length === 0 && (
        <Alert type="error" showIcon title={errorMessage(change.error)} style={{ marginBottom: 16 }} />
      )}
      <Form<ChangePasswordValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ maxWidth: 420 }}
        onValuesChange={() => setDirty(form.isFieldsTouched())}
        onFinish={(values) =>
          change.mutate({ oldPassword: values.oldPassword, newPassword: values.newPassword })
        }
      >
        <Form.Item
          name="oldPassword"
          label={t('auth.changePassword.currentPassword')}
          rules={[requiredRule()]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields />
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            {t('auth.changePassword.submit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  )
}
