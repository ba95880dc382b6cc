import { DEFAULT_LOCALE, FALLBACK_LOCALE, isLocale, LOCALES, type Locale, translate } from '@swipe/shared'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage.ts'
import enMain from './en.json'
import jaMain from './ja.json'
import koMain from './ko.json'
import siteContentEn from './siteContent.en.json'
import siteContentJa from './siteContent.ja.json'
import siteContentKo from './siteContent.ko.json'
import siteContentZh from './siteContent.zh.json'
import siteEditorEn from './siteEditor.en.json'
import siteEditorJa from './siteEditor.ja.json'
import siteEditorKo from './siteEditor.ko.json'
import siteEditorZh from './siteEditor.zh.json'
import siteListEn from './siteList.en.json'
import siteListJa from './siteList.ja.json'
import siteListKo from './siteList.ko.json'
import siteListZh from './siteList.zh.json'
import siteSubmissionsEn from './siteSubmissions.en.json'
import siteSubmissionsJa from './siteSubmissions.ja.json'
import siteSubmissionsKo from './siteSubmissions.ko.json'
import siteSubmissionsZh from './siteSubmissions.zh.json'
import zhMain from './zh.json'

/**
 * The site builder's screens keep their texts in catalogs of their own (site list and create-site,
 * the editor's frame and setting tabs, the creative and other-settings tabs, a site's member,
 * contact and form lists), one namespace each under the one translation.
 */
const withSites = <T, L, E, C, S>(
  main: T,
  siteList: L,
  siteEditor: E,
  siteContent: C,
  siteSubmissions: S,
) => ({
  ...main,
  siteList,
  siteEditor,
  siteContent,
  siteSubmissions,
})

const ja = withSites(jaMain, siteListJa, siteEditorJa, siteContentJa, siteSubmissionsJa)
const en = withSites(enMain, siteListEn, siteEditorEn, siteContentEn, siteSubmissionsEn)
const zh = withSites(zhMain, siteListZh, siteEditorZh, siteContentZh, siteSubmissionsZh)
const ko = withSites(koMain, siteListKo, siteEditorKo, siteContentKo, siteSubmissionsKo)

/** Screen texts per interface language; the API's validation/error texts come from `@swipe/shared`. */
export const resources = {
  ja: { translation: ja },
  en: { translation: en },
  zh: { translation: zh },
  ko: { translation: ko },
} as const satisfies Record<Locale, { translation: unknown }>

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof ja }
  }
}

/** The stored choice (key `lang`), else Japanese: the console is Japanese first (SPEC §1). */
const initialLanguage = (): Locale => {
  const stored = readStorage(STORAGE_KEYS.lang)
  return isLocale(stored) ? stored : DEFAULT_LOCALE
}

export const i18n = i18next.createInstance()

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: LOCALES,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
})

const reflectLanguage = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng
}
reflectLanguage(i18n.language)

i18n.on('languageChanged', (lng) => {
  if (isLocale(lng)) writeStorage(STORAGE_KEYS.lang, lng)
  reflectLanguage(lng)
})

/** The interface language as a shared `Locale` (what X-Lang carries). */
export const currentLocale = (): Locale => (isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE)

/** Localises a shared message key (validation.*, error.*) in the current interface language. */
export const tShared = (key: string, params?: Record<string, string | number>): string =>
  translate(currentLocale(), key, params)
