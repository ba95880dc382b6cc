import type { SiteLanguage } from '@swipe/shared'
import type { TFunction } from 'i18next'

/** A content language by its own name (日本語, English, 中文, 한국어). */
export const languageLabel = (t: TFunction, lang: SiteLanguage): string => t(`siteEditor.languages.${lang}`)
