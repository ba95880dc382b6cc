import { useMutation, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { errorMessage } from '../../lib/api.ts'
import { authApi, verifyTokenQuery } from '../../lib/auth.ts'
import { serverFieldErrors } from '../../lib/formRules.ts'
import { AuthLayout } from './components/AuthLayout.tsx'
import { AuthPasswordFields, NEW_PASSWORD_FORM } from './components/AuthPasswordFields.tsx'
import {
  Busy,
  buttonClass,
  ErrorAlert,
  linkClass,
  Paragraph,
  Result,
  SubmitButton,
  useAuthForm,
  withServerMessages,
} from './components/form.tsx'

const FIELDS = ['newPassword', 'confirmPassword'] as const

/** /new-password?token=…: the link from the reset email. Checks the token, then sets the new password. */
export const NewPasswordPage = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const form = useAuthForm(NEW_PASSWORD_FORM)
  const verify = useQuery({ ...verifyTokenQuery(token), enabled: token !== '' })
  const reset = useMutation({
    mutationFn: (body: Parameters<typeof authApi.resetPassword>[0]) =>
      withServerMessages(authApi.resetPassword(body)),
    onError: (error) => form.setFieldErrors(serverFieldErrors(error, FIELDS)),
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
            <button
              type="button"
              className={buttonClass}
              onClick={() => navigate('/login', { replace: true })}
            >
              {t('auth.login.submit')}
            </button>
          }
        />
      </AuthLayout>
    )
  }

  // An invalid or expired link is refused (400), so an answer means the link is valid.
  if (token === '' || verify.isError) {
    return (
      <AuthLayout title={title}>
        <Result
          status="warning"
          title={token === '' ? t('auth.newPassword.missingToken') : t('auth.newPassword.invalidTitle')}
          subTitle={token === '' ? undefined : t('auth.newPassword.invalidDescription')}
          extra={
            <Paragraph>
              <Link to="/reset-pass" className={linkClass}>
                {t('auth.newPassword.requestAgain')}
              </Link>
              <br />
              <Link to="/login" className={linkClass}>
                {t('common.backToLogin')}
              </Link>
            </Paragraph>
          }
        />
      </AuthLayout>
    )
  }

  if (verify.isPending) {
    return (
      <AuthLayout title={title}>
        <Busy>{t('auth.newPassword.verifying')}</Busy>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout title={title}>
      {verify.data.email && (
        <Paragraph>{t('auth.newPassword.account', { email: verify.data.email })}</Paragraph>
      )}
      {reset.isError && serverFieldErrors(reset.error, FIELDS).length === 0 && (
        <ErrorAlert>{errorMessage(reset.error)}</ErrorAlert>
      )}
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          if (!reset.isPending) reset.mutate({ token, newPassword: values.newPassword })
        })}
      >
        <AuthPasswordFields form={form} />
        <SubmitButton pending={reset.isPending}>{t('auth.newPassword.submit')}</SubmitButton>
      </form>
      <Link to="/login" className={linkClass}>
        {t('common.backToLogin')}
      </Link>
    </AuthLayout>
  )
}
