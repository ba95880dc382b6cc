import type { Catalog } from '@swipe/shared/i18n/catalog'
import type { Locale } from '@swipe/shared/i18n/locales'
import type { Locale as AntLocale } from 'antd/es/locale'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '../lib/storage.ts'
import type { Feature, TextSource } from './index.ts'

/*
 * The app loads texts per language and per feature (the tests elsewhere start with every text at
 * hand). Each test here imports a fresh i18n module and starts it with a recording text source.
 */

const recordingSource = () => {
  const loads: string[] = []
  const source: TextSource = {
    core: async (lng: Locale) => {
      loads.push(`core:${lng}`)
      return { app: { name: `name-${lng}` } }
    },
    feature: async (lng: Locale, feature: Feature) => {
      loads.push(`${feature}:${lng}`)
      return { title: `${feature}-${lng}` }
    },
    shared: async (lng: Locale) => {
      loads.push(`shared:${lng}`)
      return { 'validation.required': `required-${lng}` } as unknown as Catalog
    },
    antd: async (lng: Locale) => {
      loads.push(`antd:${lng}`)
      return { locale: lng } as AntLocale
    },
  }
  return { loads, source }
}

const freshI18n = async () => {
  vi.resetModules()
  return import('./index.ts')
}

beforeEach(() => {
  vi.resetModules()
})

describe('texts loaded on demand', () => {
  it('starts with the core texts of the stored language only; server messages and antd locale on demand', async () => {
    localStorage.setItem(STORAGE_KEYS.lang, 'ko')
    const { startI18n, i18n, tShared, antdLocale, currentLocale, loadServerMessages, loadAntdLocale } =
      await freshI18n()
    const { loads, source } = recordingSource()

    await startI18n(source)

    // What /login needs (issue 14): no server messages, no antd locale.
    expect(loads).toEqual(['core:ko'])
    expect(currentLocale()).toBe('ko')
    expect(i18n.t('app.name')).toBe('name-ko')
    expect(tShared('validation.required')).toBe('validation.required')
    expect(antdLocale('ko')).toBeUndefined()
    expect(document.documentElement.lang).toBe('ko')

    await loadServerMessages()
    await loadAntdLocale()
    await loadServerMessages()

    expect(loads.sort()).toEqual(['antd:ko', 'core:ko', 'shared:ko'])
    expect(tShared('validation.required')).toBe('required-ko')
    expect(tShared('no.such.key')).toBe('no.such.key')
    expect(antdLocale('ko')).toEqual({ locale: 'ko' })
    expect(antdLocale('ja')).toBeUndefined()
  })

  it('brings server messages to every language loaded before they were asked for', async () => {
    const { startI18n, i18n, tShared, loadServerMessages } = await freshI18n()
    const { loads, source } = recordingSource()
    await startI18n(source, 'ja')
    await i18n.changeLanguage('en')

    await loadServerMessages()

    expect(loads.sort()).toEqual(['core:en', 'core:ja', 'shared:en', 'shared:ja'])
    expect(tShared('validation.required')).toBe('required-en')
    await i18n.changeLanguage('ja')
    expect(tShared('validation.required')).toBe('required-ja')
  })

  it('loads a feature when its route asks, once, in the interface language', async () => {
    const { startI18n, i18n, loadFeatureTexts } = await freshI18n()
    const { loads, source } = recordingSource()
    await startI18n(source, 'ja')

    await loadFeatureTexts('siteList', 'siteSubmissions')
    await loadFeatureTexts('siteList')

    expect(loads.sort()).toEqual(['core:ja', 'siteList:ja', 'siteSubmissions:ja'])
    expect(i18n.t('siteList.title' as never)).toBe('siteList-ja')
    expect(i18n.t('app.name')).toBe('name-ja')
  })

  it('switches language only when that language and every feature loaded so far are in', async () => {
    const { startI18n, i18n, loadFeatureTexts, tShared, loadServerMessages, loadAntdLocale } =
      await freshI18n()
    const { loads, source } = recordingSource()
    await startI18n(source, 'ja')
    // As the signed-in console's routes do.
    await Promise.all([loadServerMessages(), loadAntdLocale()])
    await loadFeatureTexts('siteEditor')
    loads.length = 0

    const switching = i18n.changeLanguage('en')
    // Still Japanese while English is on its way.
    expect(i18n.language).toBe('ja')
    await switching

    expect(loads.sort()).toEqual(['antd:en', 'core:en', 'shared:en', 'siteEditor:en'])
    expect(i18n.language).toBe('en')
    expect(i18n.t('siteEditor.title' as never)).toBe('siteEditor-en')
    expect(tShared('validation.required')).toBe('required-en')
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe('en')
    expect(document.documentElement.lang).toBe('en')

    // Back to Japanese: nothing to fetch again.
    loads.length = 0
    await i18n.changeLanguage('ja')
    expect(loads).toEqual([])
    expect(i18n.t('app.name')).toBe('name-ja')
  })

  it('brings a feature to every language already loaded, so switching back shows it at once', async () => {
    const { startI18n, i18n, loadFeatureTexts } = await freshI18n()
    const { loads, source } = recordingSource()
    await startI18n(source, 'ja')
    await i18n.changeLanguage('zh')
    loads.length = 0

    await loadFeatureTexts('siteContent')

    expect(loads.sort()).toEqual(['siteContent:ja', 'siteContent:zh'])
    await i18n.changeLanguage('ja')
    expect(i18n.t('siteContent.title' as never)).toBe('siteContent-ja')
  })
})
