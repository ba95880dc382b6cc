import type { Catalog } from '@swipe/shared/i18n/catalog'
import type { Locale } from '@swipe/shared/i18n/locales'
import type { Locale as AntLocale } from 'antd/es/locale'
import type { ResourceKey } from 'i18next'
import type { Feature, TextSource } from './index.ts'

/** Each catalogue its own chunk, fetched when a language or a feature is first needed. */
const files = import.meta.glob<ResourceKey>('./*.json', { import: 'default' })

const file = (name: string): Promise<ResourceKey> => {
  const load = files[`./${name}.json`]
  if (!load) return Promise.reject(new Error(`No text catalogue ${name}.json`))
  return load()
}

const SHARED: Record<Locale, () => Promise<Catalog>> = {
  ja: async () => (await import('@swipe/shared/i18n/messages.ja')).ja,
  en: async () => (await import('@swipe/shared/i18n/messages.en')).en,
  zh: async () => (await import('@swipe/shared/i18n/messages.zh')).zh,
  ko: async () => (await import('@swipe/shared/i18n/messages.ko')).ko,
}

const ANTD: Record<Locale, () => Promise<AntLocale>> = {
  ja: async () => (await import('antd/locale/ja_JP')).default,
  en: async () => (await import('antd/locale/en_US')).default,
  zh: async () => (await import('antd/locale/zh_CN')).default,
  ko: async () => (await import('antd/locale/ko_KR')).default,
}

/** The app's text source: the interface language's catalogues as lazy chunks. */
export const lazyTexts: TextSource = {
  core: (lng) => file(lng),
  feature: (lng: Locale, feature: Feature) => file(`${feature}.${lng}`),
  shared: (lng) => SHARED[lng](),
  antd: (lng) => ANTD[lng](),
}
