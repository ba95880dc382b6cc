import { useMutation } from '@tanstack/react-query'
import { Alert, Button, Form, Result, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router'
import { useLocalizedValidation } from '../../hooks/useLocalizedValidation.ts'
import { errorMessage } from '../../lib/api.ts'
import { applyServerErrors, serverFieldErrors } from '../../lib/formRules.ts'
import { authApi, useCompleteSignIn } from './api.ts'
import { AuthLayout } from './components/AuthLayout.tsx'
import { NewPasswordFields, type NewPasswordValues } from './components/NewPasswordFields.tsx'

const FIELDS = ['newPassword', 'confirmPassword'] as const

/** What the login screen hands over when the server asks for a new password. */
export interface FirstTimeState {
  session: string
  loginId: string
}

const readState = (state: unknown): FirstTimeState | null => {
  if (typeof state !== 'object' || state === null) return null
  const { session, loginId } = state as Record<string, unknown>
  return typeof session === 'string' && typeof loginId === 'string' && session !== ''
    ? { session, loginId }
    : null
}

/** /first-time-change-password: replaces a temporary password and completes the sign-in. */
export const FirstTimeChangePasswordPage = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const challenge = readState(useLocation().state)
  const [form] = Form.useForm<NewPasswordValues>()
  useLocalizedValidation(form)
  const completeSignIn = useCompleteSignIn()
  const complete = useMutation({
    mutationFn: authApi.completeNewPassword,
    onSuccess: async (result) => navigate(await completeSignIn(result), { replace: true }),
    onError: (error) => applyServerErrors(form, error, FIELDS),
  })
  const title = t('auth.firstTime.title')

  if (!challenge) {
    return (
      <AuthLayout title={title}>
        <Result
          status="warning"
          title={t('auth.firstTime.missingSession')}
          extra={<Link to="/login">{t('common.backToLogin')}</Link>}
        />
      </AuthLayout>
    )
  }

  return (
    <AuthLayout title={title}>
      <Typography.Paragraph>{t('auth.firstTime.description')}</Typography.Paragraph>
      {complete.isError && serverFieldErrors(complete.error, FIELDS).length === 0 && (
        <Alert type="error" showIcon title={errorMessage(complete.error)} style={{ marginBottom: 16 }} />
      )}
      <Form<NewPasswordValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) =>
          complete.mutate({
            loginId: challenge.loginId,
            session: challenge.session,
            newPassword: values.newPassword,
          })
        }
      >
        <NewPasswordFields />
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={complete.isPending}>
            {t('auth.firstTime.submit')}
          </Button>
        </Form.Item>
      </Form>
      <Link to="/login">{t('common.backToLogin')}</Link>
    </AuthLayout>
  )
}
