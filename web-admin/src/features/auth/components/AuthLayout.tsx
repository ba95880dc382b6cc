import { LOCALES, type Locale } from '@swipe/shared/i18n/locales'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './auth.module.css'

/**
 * The language choice of the public auth screens: a native `<select>` (the console keeps antd's
 * Select, whose trigger and virtual list were 29 KB gzipped of /login's first load, issue 14).
 */
const AuthLanguageSelect = () => {
  const { t, i18n } = useTranslation()
  return (
    <select
      aria-label={t('common.language')}
      className={styles.select}
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

/**
 * The frame of the public auth screens: product name, language choice and one card. Plain elements
 * styled in antd's default theme (auth.module.css) rather than antd's Layout, Card and Typography,
 * so /login downloads no antd at all (issue 14).
 */
export const AuthLayout = ({ title, children }: { title: string; children: ReactNode }) => {
  const { t } = useTranslation()
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <strong className={styles.brand}>{t('app.name')}</strong>
        <AuthLanguageSelect />
      </header>
      <div className={styles.body}>
        <main className={styles.card}>
          <h1 className={styles.title}>{title}</h1>
          {children}
        </main>
      </div>
    </div>
  )
}
