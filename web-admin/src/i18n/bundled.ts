import { LOCALES, type Locale } from '@swipe/shared/i18n/locales'
import { messages } from '@swipe/shared/i18n/messages'
import enUS from 'antd/locale/en_US'
import jaJP from 'antd/locale/ja_JP'
import koKR from 'antd/locale/ko_KR'
import zhCN from 'antd/locale/zh_CN'
import type { ResourceKey } from 'i18next'
import { type BundledTexts, FEATURES, type Feature } from './index.ts'

/**
 * Every catalogue of every language at once, for tests (jsdom renders synchronously and a test may
 * switch language at any point). The app never imports this module: it loads texts lazily (lazy.ts).
 */
const files = import.meta.glob<ResourceKey>('./*.json', { import: 'default', eager: true })

const file = (name: string): ResourceKey => {
  const texts = files[`./${name}.json`]
  if (!texts) throw new Error(`No text catalogue ${name}.json`)
  return texts
}

const byLocale = <T>(make: (lng: Locale) => T): Record<Locale, T> =>
  Object.fromEntries(LOCALES.map((lng) => [lng, make(lng)])) as Record<Locale, T>

export const bundledTexts: BundledTexts = {
  core: byLocale((lng) => file(lng)),
  features: byLocale(
    (lng) =>
      Object.fromEntries(FEATURES.map((feature) => [feature, file(`${feature}.${lng}`)])) as Record<
        Feature,
        ResourceKey
      >,
  ),
  shared: messages,
  antd: { ja: jaJP, en: enUS, zh: zhCN, ko: koKR },
}

/** The screens' texts per language as the app holds them once every feature has loaded. */
export const resources = byLocale((lng) => ({
  translation: { ...(bundledTexts.core[lng] as object), ...bundledTexts.features[lng] },
}))
