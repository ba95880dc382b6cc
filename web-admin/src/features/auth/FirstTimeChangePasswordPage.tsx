import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router'
import { errorMessage } from '../../lib/api.ts'
import { authApi, useCompleteSignIn } from '../../lib/auth.ts'
import { serverFieldErrors } from '../../lib/formRules.ts'
import { AuthLayout } from './components/AuthLayout.tsx'
import { AuthPasswordFields, NEW_PASSWORD_FORM } from './components/AuthPasswordFields.tsx'
import {
  ErrorAlert,
  linkClass,
  Paragraph,
  Result,
  SubmitButton,
  useAuthForm,
  withServerMessages,
} from './components/form.tsx'

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
  const form = useAuthForm(NEW_PASSWORD_FORM)
  const completeSignIn = useCompleteSignIn()
  const complete = useMutation({
    mutationFn: (body: Parameters<typeof authApi.completeNewPassword>[0]) =>
      withServerMessages(authApi.completeNewPassword(body)),
    onSuccess: async (result) => navigate(await completeSignIn(result), { replace: true }),
    onError: (error) => form.setFieldErrors(serverFieldErrors(error, FIELDS)),
  })
  const title = t('auth.firstTime.title')
  const backToLogin = (
    <Link to="/login" className={linkClass}>
      {t('common.backToLogin')}
    </Link>
  )

  if (!challenge) {
    return (
      <AuthLayout title={title}>
        <Result status="warning" title={t('auth.firstTime.missingSession')} extra={backToLogin} />
      </AuthLayout>
    )
  }

  return (
    <AuthLayout title={title}>
      <Paragraph>{t('auth.firstTime.description')}</Paragraph>
      {complete.isError && serverFieldErrors(complete.error, FIELDS).length === 0 && (
        <ErrorAlert>{errorMessage(complete.error)}</ErrorAlert>
      )}
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          if (complete.isPending) return
          complete.mutate({
            loginId: challenge.loginId,
            session: challenge.session,
            newPassword: values.newPassword,
          })
        })}
      >
        <AuthPasswordFields form={form} />
        <SubmitButton pending={complete.isPending}>{t('auth.firstTime.submit')}</SubmitButton>
      </form>
      {backToLogin}
    </AuthLayout>
  )
}
