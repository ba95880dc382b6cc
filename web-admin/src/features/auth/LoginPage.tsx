import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { errorMessage } from '../../lib/api.ts'
import { authApi, isNewPasswordChallenge, useCompleteSignIn } from '../../lib/auth.ts'
import { checkRequired } from '../../lib/formRules.ts'
import { AuthLayout } from './components/AuthLayout.tsx'
import {
  type AuthFormOptions,
  ErrorAlert,
  Field,
  linkClass,
  SubmitButton,
  useAuthForm,
  withServerMessages,
} from './components/form.tsx'

interface LoginValues extends Record<string, string> {
  loginId: string
  password: string
}

const LOGIN_FORM: AuthFormOptions<LoginValues> = {
  initial: { loginId: '', password: '' },
  checks: { loginId: [checkRequired], password: [checkRequired] },
}

/**
 * /login: login ID and password; a temporary password leads to the first-time change screen.
 * Plain form elements (components/form.tsx), not antd: this is the console's first load (issue 14).
 */
export const LoginPage = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const form = useAuthForm(LOGIN_FORM)
  const completeSignIn = useCompleteSignIn()
  const login = useMutation({
    mutationFn: (body: Parameters<typeof authApi.login>[0]) => withServerMessages(authApi.login(body)),
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
      {login.isError && <ErrorAlert>{errorMessage(login.error)}</ErrorAlert>}
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          if (!login.isPending) login.mutate({ loginId: values.loginId.trim(), password: values.password })
        })}
      >
        <Field {...form.field('loginId')} label={t('auth.login.loginId')} autoComplete="username" />
        <Field
          {...form.field('password')}
          type="password"
          label={t('auth.login.password')}
          autoComplete="current-password"
        />
        <SubmitButton pending={login.isPending}>{t('auth.login.submit')}</SubmitButton>
      </form>
      <Link to="/reset-pass" className={linkClass}>
        {t('auth.login.forgot')}
      </Link>
    </AuthLayout>
  )
}
