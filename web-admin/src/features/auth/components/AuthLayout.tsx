import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { LanguageSelect } from '../../../components/LanguageSelect.tsx'
import styles from './auth.module.css'

/** The language choice of the public auth screens, in the auth screens' own look. */
const AuthLanguageSelect = () => <LanguageSelect className={styles.select} />

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
