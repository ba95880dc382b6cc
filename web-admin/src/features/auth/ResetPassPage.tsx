import { useMutation } from '@tanstack/react-query'
import { Alert, Button, Form, Input, Result, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useLocalizedValidation } from '../../hooks/useLocalizedValidation.ts'
import { errorMessage } from '../../lib/api.ts'
import { applyServerErrors, serverFieldErrors } from '../../lib/formRules.ts'
import { emailRule } from '../../lib/schemaRules.ts'
import { useToast } from '../../lib/toast.ts'
import { authApi } from './api.ts'
import { AuthLayout } from './components/AuthLayout.tsx'

const FIELDS = ['email'] as const

/** /reset-pass: asks for a reset link by email. The server answers the same for any address. */
export const ResetPassPage = () => {
  const { t } = useTranslation()
  const toast = useToast()
  const [form] = Form.useForm<{ email: string }>()
  useLocalizedValidation(form)
  const forgot = useMutation({
    mutationFn: authApi.forgotPassword,
    onSuccess: (data) => {
      if (data?.message) toast.success(data.message)
    },
    onError: (error) => applyServerErrors(form, error, FIELDS),
  })

  if (forgot.isSuccess) {
    return (
      <AuthLayout title={t('auth.resetPass.title')}>
        <Result
          status="success"
          title={t('auth.resetPass.sentTitle')}
          subTitle={forgot.data?.message}
          extra={<Link to="/login">{t('common.backToLogin')}</Link>}
        />
      </AuthLayout>
    )
  }

  return (
    <AuthLayout title={t('auth.resetPass.title')}>
      <Typography.Paragraph>{t('auth.resetPass.description')}</Typography.Paragraph>
      {forgot.isError && serverFieldErrors(forgot.error, FIELDS).length === 0 && (
        <Alert type="error" showIcon title={errorMessage(forgot.error)} style={{ marginBottom: 16 }} />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => forgot.mutate({ email: values.email.trim() })}
      >
        <Form.Item name="email" label={t('auth.resetPass.email')} rules={[emailRule()]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={forgot.isPending}>
            {t('auth.resetPass.submit')}
          </Button>
        </Form.Item>
      </Form>
      <Link to="/login">{t('common.backToLogin')}</Link>
    </AuthLayout>
  )
}
