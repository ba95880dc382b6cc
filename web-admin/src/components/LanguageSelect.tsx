import { LOCALES, type Locale } from '@swipe/shared/i18n/locales'
import { useTranslation } from 'react-i18next'

/**
 * The interface language choice: a native `<select>` (antd's Select, its trigger and virtual list,
 * is ≈ 23–29 KB gzipped that the sign-in screens and the summary's first load do without, issue 14).
 * i18n stores the choice under `lang` and the API client sends it. Styled by the caller.
 */
export const LanguageSelect = ({ className }: { className?: string }) => {
  const { t, i18n } = useTranslation()
  return (
    <select
      aria-label={t('common.language')}
      className={className}
      value={i18n.language as Locale}
      onChange={(event) => void i18n.changeLanguage(event.target.value)}
    >
      {LOCALES.map((lng) => (
        <option key={lng} value={lng}>
          {t(`languages.${lng}`)}
        </option>
      ))}
    </select>
  )
}
