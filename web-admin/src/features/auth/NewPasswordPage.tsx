import { useMutation, useQuery } from '@tanstack/react-query'
import { Alert, Button, Form, Result, Spin, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useLocalizedValidation } from '../../hooks/useLocalizedValidation.ts'
import { errorMessage } from '../../lib/api.ts'
import { applyServerErrors, serverFieldErrors } from '../../lib/formRules.ts'
import { authApi, verifyTokenQuery } from './api.ts'
import { AuthLayout } from './components/AuthLayout.tsx'
import { NewPasswordFields, type NewPasswordValues } from './components/NewPasswordFields.tsx'

const FIELDS = ['newPassword', 'confirmPassword'] as const

/** /new-password?token=…: the link from the reset email. Checks the token, then sets the new password. */
export const NewPasswordPage = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [form] = Form.useForm<NewPasswordValues>()
  useLocalizedValidation(form)
  const verify = useQuery({ ...verifyTokenQuery(token), enabled: token !== '' })
  const reset = useMutation({
    mutationFn: authApi.resetPassword,
    onError: (error) => applyServerErrors(form, error, FIELDS),
  })
  const title = t('auth.newPassword.title')

  if (reset.isSuccess) {
    return (
      <AuthLayout title={title}>
        <Result
          status="success"
          title={t('auth.newPassword.doneTitle')}
          subTitle={reset.data?.message ?? t('auth.newPassword.doneDescription')}
          extra={
            <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
              {t('auth.login.submit')}
            </Button>
          }
        />
      </AuthLayout>
    )
  }

  if (token === '' || verify.isError || verify.data?.valid === false) {
    return (
      <AuthLayout title={title}>
        <Result
          status="warning"
          title={token === '' ? t('auth.newPassword.missingToken') : t('auth.newPassword.invalidTitle')}
          subTitle={token === '' ? undefined : t('auth.newPassword.invalidDescription')}
          extra={
            <Typography.Paragraph>
              <Link to="/reset-pass">{t('auth.newPassword.requestAgain')}</Link>
              <br />
              <Link to="/login">{t('common.backToLogin')}</Link>
            </Typography.Paragraph>
          }
        />
      </AuthLayout>
    )
  }

  if (verify.isPending) {
    return (
      <AuthLayout title={title}>
        <Spin description={t('auth.newPassword.verifying')}>
          <div style={{ minHeight: 80 }} />
        </Spin>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout title={title}>
      {verify.data.email && (
        <Typography.Paragraph>
          {t('auth.newPassword.account', { email: verify.data.email })}
        </Typography.Paragraph>
      )}
      {reset.isError && serverFieldErrors(reset.error, FIELDS).length === 0 && (
        <Alert type="error" showIcon title={errorMessage(reset.error)} style={{ marginBottom: 16 }} />
      )}
      <Form<NewPasswordValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => reset.mutate({ token, newPassword: values.newPassword })}
      >
        <NewPasswordFields />
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={reset.isPending}>
            {t('auth.newPassword.submit')}
          </Button>
        </Form.Item>
      </Form>
      <Link to="/login">{t('common.backToLogin')}</Link>
    </AuthLayout>
  )
}
