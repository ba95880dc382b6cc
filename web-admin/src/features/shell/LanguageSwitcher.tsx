import { LOCALES, type Locale } from '@swipe/shared'
import { Select } from 'antd'
import { useTranslation } from 'react-i18next'

/** Changes the interface language; i18n stores the choice under `lang` and the API client sends it. */
export const LanguageSwitcher = () => {
  const { t, i18n } = useTranslation()
  return (
    <Select<Locale>
      aria-label={t('common.language')}
      value={i18n.language as Locale}
      onChange={(lng) => void i18n.changeLanguage(lng)}
      options={LOCALES.map((lng) => ({ value: lng, label: t(`languages.${lng}`) }))}
      virtual={false}
      popupMatchSelectWidth={false}
      style={{ minWidth: 110 }}
    />
  )
}
