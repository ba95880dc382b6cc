import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { errorMessage } from '../../lib/api.ts'
import { authApi } from '../../lib/auth.ts'
import { serverFieldErrors } from '../../lib/formRules.ts'
import { useToast } from '../../lib/toast.ts'
import { AuthLayout } from './components/AuthLayout.tsx'
import {
  type AuthFormOptions,
  ErrorAlert,
  Field,
  linkClass,
  Paragraph,
  Result,
  SubmitButton,
  useAuthForm,
  withServerMessages,
} from './components/form.tsx'

const FIELDS = ['email'] as const

const RESET_FORM: AuthFormOptions<{ email: string }> = {
  initial: { email: '' },
  // The shared email schema, with zod, is fetched on the first check rather than with the screen.
  checks: { email: [async (value) => (await import('../../lib/schemaRules.ts')).checkEmail(value)] },
}

/**
 * /reset-pass: asks for a reset link by email. The server answers the same for any address. It
 * toasts, so its route mounts antd's host around it (app/routes.tsx).
 */
export const ResetPassPage = () => {
  const { t } = useTranslation()
  const toast = useToast()
  const form = useAuthForm(RESET_FORM)
  const forgot = useMutation({
    mutationFn: (body: Parameters<typeof authApi.forgotPassword>[0]) =>
      withServerMessages(authApi.forgotPassword(body)),
    onSuccess: (data) => {
      if (data?.message) toast.success(data.message)
    },
    onError: (error) => form.setFieldErrors(serverFieldErrors(error, FIELDS)),
  })

  if (forgot.isSuccess) {
    return (
      <AuthLayout title={t('auth.resetPass.title')}>
        <Result
          status="success"
          title={t('auth.resetPass.sentTitle')}
          subTitle={forgot.data?.message}
          extra={
            <Link to="/login" className={linkClass}>
              {t('common.backToLogin')}
            </Link>
          }
        />
      </AuthLayout>
    )
  }

  return (
    <AuthLayout title={t('auth.resetPass.title')}>
      <Paragraph>{t('auth.resetPass.description')}</Paragraph>
      {forgot.isError && serverFieldErrors(forgot.error, FIELDS).length === 0 && (
        <ErrorAlert>{errorMessage(forgot.error)}</ErrorAlert>
      )}
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          if (!forgot.isPending) forgot.mutate({ email: values.email.trim() })
        })}
      >
        <Field {...form.field('email')} type="email" label={t('auth.resetPass.email')} autoComplete="email" />
        <SubmitButton pending={forgot.isPending}>{t('auth.resetPass.submit')}</SubmitButton>
      </form>
      <Link to="/login" className={linkClass}>
        {t('common.backToLogin')}
      </Link>
    </AuthLayout>
  )
}
