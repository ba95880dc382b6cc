import { LanguageSelect } from '../../components/LanguageSelect.tsx'
import styles from './languageSwitcher.module.css'

/** The console header's language choice (the same native select as the sign-in screens, antd's look). */
export const LanguageSwitcher = () => <LanguageSelect className={styles.select} />
