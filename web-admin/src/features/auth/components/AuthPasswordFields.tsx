import { PASSWORD_SYMBOLS } from '@swipe/shared'
import { useTranslation } from 'react-i18next'
import { checkMatches } from '../../../lib/formRules.ts'
import { type AuthFormOptions, Field, type useAuthForm } from './form.tsx'

export interface NewPasswordValues extends Record<string, string> {
  newPassword: string
  confirmPassword: string
}

/**
 * The checks of a new password and its confirmation, as the console's NewPasswordFields: the very
 * schema the API validates `newPassword` with (SPEC §5), loaded with zod on the first check rather
 * than with the screen, and the confirmation re-checked when the password changes.
 */
export const NEW_PASSWORD_FORM: AuthFormOptions<NewPasswordValues> = {
  initial: { newPassword: '', confirmPassword: '' },
  checks: {
    newPassword: [async (value) => (await import('../../../lib/schemaRules.ts')).checkPassword(value)],
    confirmPassword: [(value, values) => checkMatches(value, values.newPassword)],
  },
  dependents: { newPassword: ['confirmPassword'] },
}

/** New password + confirmation fields of the sign-in screens (plain elements, see form.tsx). */
export const AuthPasswordFields = ({ form }: { form: ReturnType<typeof useAuthForm<NewPasswordValues>> }) => {
  const { t } = useTranslation()
  return (
    <>
      <Field
        {...form.field('newPassword')}
        type="password"
        autoComplete="new-password"
        label={t('auth.fields.newPassword')}
        help={t('auth.passwordHint', { symbols: PASSWORD_SYMBOLS })}
      />
      <Field
        {...form.field('confirmPassword')}
        type="password"
        autoComplete="new-password"
        label={t('auth.fields.confirmPassword')}
      />
    </>
  )
}
