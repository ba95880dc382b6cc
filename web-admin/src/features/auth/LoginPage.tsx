import { useMutation } from '@tanstack/react-query'
import { Alert, Button, Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { useLocalizedValidation } from '../../hooks/useLocalizedValidation.ts'
import { errorMessage } from '../../lib/api.ts'
import { requiredRule } from '../../lib/formRules.ts'
import { authApi, isNewPasswordChallenge, useCompleteSignIn } from './api.ts'
import { AuthLayout } from './components/AuthLayout.tsx'

interface LoginValues {
  loginId: string
  password: string
}

/** /login: login ID and password; a temporary password leads to the first-time change screen. */
export const LoginPage = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [form] = Form.useForm<LoginValues>()
  useLocalizedValidation(form)
  const completeSignIn = useCompleteSignIn()
  const login = useMutation({
    mutationFn: authApi.login,
    onSuccess: async (result, variables) => {
      if (isNewPasswordChallenge(result)) {
        navigate('/first-time-change-password', {
          state: { session: result.session, loginId: result.loginId || variables.loginId },
        })
        return
      }
      navigate(await completeSignIn(result), { replace: true })
    },
  })

  return (
    <AuthLayout title={t('auth.login.title')}>
      {login.isError && (
        <Alert type="error" showIcon title={errorMessage(login.error)} style={{ marginBottom: 16 }} />
      )}
      <Form<LoginValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => login.mutate({ loginId: values.loginId.trim(), password: values.password })}
      >
        <Form.Item name="loginId" label={t('auth.login.loginId')} rules={[requiredRule()]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label={t('auth.login.password')} rules={[requiredRule()]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            {t('auth.login.submit')}
          </Button>
        </Form.Item>
      </Form>
      <Link to="/reset-pass">{t('auth.login.forgot')}</Link>
    </AuthLayout>
  )
}
